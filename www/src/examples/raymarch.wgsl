// A full-screen ray marcher: signed distance fields, soft shadows and ambient occlusion.
// Draw 3 vertices with no buffers; the uniform carries the time and the resolution.

struct Frame {
  resolution: vec2f,
  time: f32,
}

@group(0) @binding(0) var<uniform> frame: Frame;

@vertex
fn fullscreen(@builtin(vertex_index) i: u32) -> @builtin(position) vec4f {
  let uv = vec2f(f32((i << 1u) & 2u), f32(i & 2u));
  return vec4f(uv * 2.0 - 1.0, 0.0, 1.0);
}

fn sd_sphere(p: vec3f, r: f32) -> f32 {
  return length(p) - r;
}

fn sd_box(p: vec3f, b: vec3f) -> f32 {
  let q = abs(p) - b;
  return length(max(q, vec3f(0.0))) + min(max(q.x, max(q.y, q.z)), 0.0);
}

fn smooth_min(a: f32, b: f32, k: f32) -> f32 {
  let h = clamp(0.5 + 0.5 * (b - a) / k, 0.0, 1.0);
  return mix(b, a, h) - k * h * (1.0 - h);
}

fn scene(p: vec3f) -> f32 {
  let t = frame.time;
  let ball = sd_sphere(p - vec3f(sin(t) * 0.8, 0.35 + 0.25 * cos(t * 1.3), 0.0), 0.45);
  let box = sd_box(p - vec3f(0.0, 0.0, 0.0), vec3f(0.6, 0.25, 0.6)) - 0.05;
  let ground = p.y + 0.3;
  return min(smooth_min(ball, box, 0.3), ground);
}

fn normal_at(p: vec3f) -> vec3f {
  let e = vec2f(0.001, 0.0);
  return normalize(vec3f(
    scene(p + e.xyy) - scene(p - e.xyy),
    scene(p + e.yxy) - scene(p - e.yxy),
    scene(p + e.yyx) - scene(p - e.yyx),
  ));
}

fn soft_shadow(origin: vec3f, dir: vec3f) -> f32 {
  var light = 1.0;
  var t = 0.02;
  for (var i = 0; i < 48; i++) {
    let h = scene(origin + dir * t);
    light = min(light, 10.0 * h / t);
    t += clamp(h, 0.01, 0.2);
    if (light < 0.001 || t > 8.0) {
      break;
    }
  }
  return clamp(light, 0.0, 1.0);
}

fn occlusion(p: vec3f, n: vec3f) -> f32 {
  var occ = 0.0;
  var weight = 1.0;
  for (var i = 1; i <= 5; i++) {
    let d = 0.03 * f32(i);
    occ += weight * (d - scene(p + n * d));
    weight *= 0.7;
  }
  return clamp(1.0 - 2.5 * occ, 0.0, 1.0);
}

@fragment
fn shade(@builtin(position) frag: vec4f) -> @location(0) vec4f {
  let uv = (2.0 * frag.xy - frame.resolution) / frame.resolution.y * vec2f(1.0, -1.0);
  let eye = vec3f(0.0, 0.8, 3.0);
  let dir = normalize(vec3f(uv, -1.6) - vec3f(0.0, 0.2, 0.0));

  var t = 0.0;
  var hit = false;
  for (var i = 0; i < 128; i++) {
    let d = scene(eye + dir * t);
    if (d < 0.0005) {
      hit = true;
      break;
    }
    t += d;
    if (t > 20.0) {
      break;
    }
  }

  var color = mix(vec3f(0.55, 0.65, 0.8), vec3f(0.15, 0.2, 0.3), uv.y * 0.5 + 0.5);
  if (hit) {
    let p = eye + dir * t;
    let n = normal_at(p);
    let sun = normalize(vec3f(0.6, 0.8, 0.4));
    let diffuse = max(dot(n, sun), 0.0) * soft_shadow(p + n * 0.002, sun);
    let sky = 0.5 + 0.5 * n.y;
    let albedo = select(vec3f(0.9, 0.45, 0.2), vec3f(0.7), p.y < -0.29);
    color = albedo * (diffuse * vec3f(1.0, 0.95, 0.85) + sky * 0.25 * occlusion(p, n));
    color = mix(color, vec3f(0.55, 0.65, 0.8), 1.0 - exp(-0.02 * t * t));
  }
  return vec4f(pow(color, vec3f(1.0 / 2.2)), 1.0);
}
