// A 1,000-line shader for measuring the playground: one module of a small deferred
// renderer with its utility libraries: noise, color spaces, tone mapping, signed distance
// functions, BRDFs, shadow filtering, clustered light culling, a G-buffer pass, a lighting
// pass, bloom and FXAA. The playground's largest example, and the input of its latency
// benchmark (pkg-tests/bench/latency.mjs).

// ---------------------------------------------------------------------------------------
// Constants and resources
// ---------------------------------------------------------------------------------------

const PI: f32 = 3.14159265359;
const TAU: f32 = 6.28318530718;
const INV_PI: f32 = 0.31830988618;
const EPSILON: f32 = 0.0001;
const MAX_POINT_LIGHTS: u32 = 256u;
const MAX_LIGHTS_PER_CLUSTER: u32 = 32u;
const CLUSTER_X: u32 = 16u;
const CLUSTER_Y: u32 = 9u;
const CLUSTER_Z: u32 = 24u;
const SHADOW_CASCADES: u32 = 4u;
const BLOOM_THRESHOLD: f32 = 1.0;

struct Camera {
  view: mat4x4f,
  projection: mat4x4f,
  view_projection: mat4x4f,
  inverse_view_projection: mat4x4f,
  position: vec3f,
  near: f32,
  viewport: vec2f,
  far: f32,
  time: f32,
}

struct PointLight {
  position: vec3f,
  radius: f32,
  color: vec3f,
  intensity: f32,
}

struct DirectionalLight {
  direction: vec3f,
  intensity: f32,
  color: vec3f,
  cascade_count: u32,
  cascade_splits: vec4f,
  cascade_matrices: array<mat4x4f, 4>,
}

struct LightList {
  count: u32,
  lights: array<PointLight, MAX_POINT_LIGHTS>,
}

struct Cluster {
  min_bounds: vec3f,
  light_count: u32,
  max_bounds: vec3f,
  offset: u32,
}

struct ClusterGrid {
  clusters: array<Cluster, 3456>,  // CLUSTER_X * CLUSTER_Y * CLUSTER_Z
}

struct ClusterIndices {
  next: atomic<u32>,
  indices: array<u32, 110592>,  // 3456 clusters * MAX_LIGHTS_PER_CLUSTER
}

struct MaterialParams {
  base_color: vec4f,
  emissive: vec3f,
  metallic: f32,
  roughness: f32,
  occlusion_strength: f32,
  normal_scale: f32,
  alpha_cutoff: f32,
}

struct Instance {
  model: mat4x4f,
  normal_matrix: mat3x3f,
  material: u32,
}

struct PostParams {
  exposure: f32,
  bloom_strength: f32,
  bloom_radius: f32,
  tone_mapper: u32,
  texel_size: vec2f,
  fxaa_subpixel: f32,
  fxaa_edge_threshold: f32,
}

@group(0) @binding(0) var<uniform> camera: Camera;
@group(0) @binding(1) var<uniform> sun: DirectionalLight;
@group(0) @binding(2) var<storage, read> point_lights: LightList;
@group(0) @binding(3) var<storage, read_write> cluster_grid: ClusterGrid;
@group(0) @binding(4) var<storage, read_write> cluster_indices: ClusterIndices;

@group(1) @binding(0) var<storage, read> instances: array<Instance>;
@group(1) @binding(1) var<storage, read> materials: array<MaterialParams>;
@group(1) @binding(2) var base_color_map: texture_2d<f32>;
@group(1) @binding(3) var normal_map: texture_2d<f32>;
@group(1) @binding(4) var metal_rough_map: texture_2d<f32>;
@group(1) @binding(5) var material_sampler: sampler;

@group(2) @binding(0) var gbuffer_albedo: texture_2d<f32>;
@group(2) @binding(1) var gbuffer_normal: texture_2d<f32>;
@group(2) @binding(2) var gbuffer_material: texture_2d<f32>;
@group(2) @binding(3) var gbuffer_depth: texture_depth_2d;
@group(2) @binding(4) var shadow_map: texture_depth_2d_array;
@group(2) @binding(5) var shadow_sampler: sampler_comparison;
@group(2) @binding(6) var environment: texture_cube<f32>;
@group(2) @binding(7) var environment_sampler: sampler;

@group(3) @binding(0) var<uniform> post: PostParams;
@group(3) @binding(1) var hdr_input: texture_2d<f32>;
@group(3) @binding(2) var bloom_input: texture_2d<f32>;
@group(3) @binding(3) var linear_clamp: sampler;
@group(3) @binding(4) var bloom_output: texture_storage_2d<rgba16float, write>;

// ---------------------------------------------------------------------------------------
// Hashing and noise
// ---------------------------------------------------------------------------------------

fn hash_u32(x: u32) -> u32 {
  var v = x;
  v ^= v >> 16u;
  v *= 0x7feb352du;
  v ^= v >> 15u;
  v *= 0x846ca68bu;
  v ^= v >> 16u;
  return v;
}

fn hash2(p: vec2u) -> u32 {
  return hash_u32(p.x ^ hash_u32(p.y));
}

fn hash3(p: vec3u) -> u32 {
  return hash_u32(p.x ^ hash_u32(p.y ^ hash_u32(p.z)));
}

fn to_unit_float(h: u32) -> f32 {
  return f32(h >> 8u) * (1.0 / 16777216.0);
}

fn random2(p: vec2f) -> vec2f {
  let i = vec2u(bitcast<u32>(i32(floor(p.x))), bitcast<u32>(i32(floor(p.y))));
  let h = hash2(i);
  return vec2f(to_unit_float(h), to_unit_float(hash_u32(h)));
}

fn quintic(t: vec2f) -> vec2f {
  return t * t * t * (t * (t * 6.0 - 15.0) + 10.0);
}

fn quintic3(t: vec3f) -> vec3f {
  return t * t * t * (t * (t * 6.0 - 15.0) + 10.0);
}

fn value_noise(p: vec2f) -> f32 {
  let i = floor(p);
  let f = fract(p);
  let u = quintic(f);
  let a = to_unit_float(hash2(vec2u(vec2i(i))));
  let b = to_unit_float(hash2(vec2u(vec2i(i + vec2f(1.0, 0.0)))));
  let c = to_unit_float(hash2(vec2u(vec2i(i + vec2f(0.0, 1.0)))));
  let d = to_unit_float(hash2(vec2u(vec2i(i + vec2f(1.0, 1.0)))));
  return mix(mix(a, b, u.x), mix(c, d, u.x), u.y);
}

fn gradient2(h: u32) -> vec2f {
  let angle = to_unit_float(h) * TAU;
  return vec2f(cos(angle), sin(angle));
}

fn perlin2(p: vec2f) -> f32 {
  let i = vec2i(floor(p));
  let f = fract(p);
  let u = quintic(f);
  let g00 = gradient2(hash2(vec2u(i)));
  let g10 = gradient2(hash2(vec2u(i + vec2i(1, 0))));
  let g01 = gradient2(hash2(vec2u(i + vec2i(0, 1))));
  let g11 = gradient2(hash2(vec2u(i + vec2i(1, 1))));
  let n00 = dot(g00, f);
  let n10 = dot(g10, f - vec2f(1.0, 0.0));
  let n01 = dot(g01, f - vec2f(0.0, 1.0));
  let n11 = dot(g11, f - vec2f(1.0, 1.0));
  return mix(mix(n00, n10, u.x), mix(n01, n11, u.x), u.y) * 1.41421356;
}

fn gradient3(h: u32) -> vec3f {
  let z = to_unit_float(h) * 2.0 - 1.0;
  let a = to_unit_float(hash_u32(h)) * TAU;
  let r = sqrt(max(1.0 - z * z, 0.0));
  return vec3f(r * cos(a), r * sin(a), z);
}

fn perlin3(p: vec3f) -> f32 {
  let i = vec3i(floor(p));
  let f = fract(p);
  let u = quintic3(f);
  var corners: array<f32, 8>;
  for (var k = 0; k < 8; k++) {
    let o = vec3i(k & 1, (k >> 1) & 1, (k >> 2) & 1);
    let g = gradient3(hash3(vec3u(i + o)));
    corners[k] = dot(g, f - vec3f(o));
  }
  let x00 = mix(corners[0], corners[1], u.x);
  let x10 = mix(corners[2], corners[3], u.x);
  let x01 = mix(corners[4], corners[5], u.x);
  let x11 = mix(corners[6], corners[7], u.x);
  return mix(mix(x00, x10, u.y), mix(x01, x11, u.y), u.z);
}

fn simplex2(v: vec2f) -> f32 {
  let c = vec4f(0.211324865, 0.366025404, -0.577350269, 0.024390244);
  var i = floor(v + dot(v, c.yy));
  let x0 = v - i + dot(i, c.xx);
  let i1 = select(vec2f(0.0, 1.0), vec2f(1.0, 0.0), x0.x > x0.y);
  let x1 = x0 + c.xx - i1;
  let x2 = x0 + c.zz;
  var total = 0.0;
  let offsets = array(vec2f(0.0), i1, vec2f(1.0));
  let points = array(x0, x1, x2);
  for (var k = 0; k < 3; k++) {
    let p = points[k];
    let t = max(0.5 - dot(p, p), 0.0);
    let g = gradient2(hash2(vec2u(vec2i(i + offsets[k]))));
    total += t * t * t * t * dot(g, p);
  }
  return 70.0 * total;
}

fn worley2(p: vec2f) -> vec2f {
  let cell = floor(p);
  let f = fract(p);
  var nearest = vec2f(8.0);
  for (var y = -1; y <= 1; y++) {
    for (var x = -1; x <= 1; x++) {
      let offset = vec2f(f32(x), f32(y));
      let feature = random2(cell + offset);
      let d = length(offset + feature - f);
      if (d < nearest.x) {
        nearest = vec2f(d, nearest.x);
      } else if (d < nearest.y) {
        nearest.y = d;
      }
    }
  }
  return nearest;
}

fn fbm2(p: vec2f, octaves: i32) -> f32 {
  var sum = 0.0;
  var amplitude = 0.5;
  var frequency = 1.0;
  let rotation = mat2x2f(0.8, 0.6, -0.6, 0.8);
  var q = p;
  for (var o = 0; o < octaves; o++) {
    sum += amplitude * perlin2(q * frequency);
    q = rotation * q;
    frequency *= 2.02;
    amplitude *= 0.5;
  }
  return sum;
}

fn fbm3(p: vec3f, octaves: i32) -> f32 {
  var sum = 0.0;
  var amplitude = 0.5;
  var q = p;
  for (var o = 0; o < octaves; o++) {
    sum += amplitude * perlin3(q);
    q = q * 2.03 + vec3f(17.1, 3.7, 9.2);
    amplitude *= 0.5;
  }
  return sum;
}

fn ridged_fbm(p: vec2f, octaves: i32) -> f32 {
  var sum = 0.0;
  var amplitude = 0.5;
  var weight = 1.0;
  var q = p;
  for (var o = 0; o < octaves; o++) {
    var n = 1.0 - abs(perlin2(q));
    n = n * n * weight;
    weight = clamp(n * 2.0, 0.0, 1.0);
    sum += n * amplitude;
    q *= 2.0;
    amplitude *= 0.5;
  }
  return sum;
}

fn domain_warp(p: vec2f, time: f32) -> f32 {
  let q = vec2f(fbm2(p, 4), fbm2(p + vec2f(5.2, 1.3), 4));
  let r = vec2f(fbm2(p + 4.0 * q + vec2f(1.7, 9.2) + 0.15 * time, 4),
                fbm2(p + 4.0 * q + vec2f(8.3, 2.8) + 0.126 * time, 4));
  return fbm2(p + 4.0 * r, 5);
}

// ---------------------------------------------------------------------------------------
// Color spaces
// ---------------------------------------------------------------------------------------

fn srgb_to_linear(c: vec3f) -> vec3f {
  let low = c / 12.92;
  let high = pow((c + 0.055) / 1.055, vec3f(2.4));
  return select(high, low, c <= vec3f(0.04045));
}

fn linear_to_srgb(c: vec3f) -> vec3f {
  let low = c * 12.92;
  let high = 1.055 * pow(c, vec3f(1.0 / 2.4)) - 0.055;
  return select(high, low, c <= vec3f(0.0031308));
}

fn rgb_to_hsv(c: vec3f) -> vec3f {
  let k = vec4f(0.0, -1.0 / 3.0, 2.0 / 3.0, -1.0);
  let p = select(vec4f(c.gb, k.xy), vec4f(c.bg, k.wz), c.g < c.b);
  let q = select(vec4f(p.xyw, c.r), vec4f(c.r, p.yzx), p.x < c.r);
  let d = q.x - min(q.w, q.y);
  return vec3f(abs(q.z + (q.w - q.y) / (6.0 * d + EPSILON)), d / (q.x + EPSILON), q.x);
}

fn hsv_to_rgb(c: vec3f) -> vec3f {
  let k = vec4f(1.0, 2.0 / 3.0, 1.0 / 3.0, 3.0);
  let p = abs(fract(c.xxx + k.xyz) * 6.0 - k.www);
  return c.z * mix(k.xxx, clamp(p - k.xxx, vec3f(0.0), vec3f(1.0)), c.y);
}

fn linear_to_oklab(c: vec3f) -> vec3f {
  let l = 0.4122214708 * c.r + 0.5363325363 * c.g + 0.0514459929 * c.b;
  let m = 0.2119034982 * c.r + 0.6806995451 * c.g + 0.1073969566 * c.b;
  let s = 0.0883024619 * c.r + 0.2817188376 * c.g + 0.6299787005 * c.b;
  let l3 = pow(max(l, 0.0), 1.0 / 3.0);
  let m3 = pow(max(m, 0.0), 1.0 / 3.0);
  let s3 = pow(max(s, 0.0), 1.0 / 3.0);
  return vec3f(
    0.2104542553 * l3 + 0.7936177850 * m3 - 0.0040720468 * s3,
    1.9779984951 * l3 - 2.4285922050 * m3 + 0.4505937099 * s3,
    0.0259040371 * l3 + 0.7827717662 * m3 - 0.8086757660 * s3,
  );
}

fn oklab_to_linear(c: vec3f) -> vec3f {
  let l = c.x + 0.3963377774 * c.y + 0.2158037573 * c.z;
  let m = c.x - 0.1055613458 * c.y - 0.0638541728 * c.z;
  let s = c.x - 0.0894841775 * c.y - 1.2914855480 * c.z;
  let l3 = l * l * l;
  let m3 = m * m * m;
  let s3 = s * s * s;
  return vec3f(
    4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3,
    -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3,
    -0.0041960863 * l3 - 0.7034186147 * m3 + 1.7076147010 * s3,
  );
}

fn luminance(c: vec3f) -> f32 {
  return dot(c, vec3f(0.2126, 0.7152, 0.0722));
}

fn saturate_color(c: vec3f, amount: f32) -> vec3f {
  return mix(vec3f(luminance(c)), c, amount);
}

// ---------------------------------------------------------------------------------------
// Tone mapping
// ---------------------------------------------------------------------------------------

fn tonemap_reinhard(c: vec3f) -> vec3f {
  return c / (1.0 + c);
}

fn tonemap_reinhard_extended(c: vec3f, white: f32) -> vec3f {
  let l = luminance(c);
  let mapped = l * (1.0 + l / (white * white)) / (1.0 + l);
  return c * (mapped / max(l, EPSILON));
}

fn tonemap_aces(x: vec3f) -> vec3f {
  let a = 2.51;
  let b = 0.03;
  let c = 2.43;
  let d = 0.59;
  let e = 0.14;
  return clamp((x * (a * x + b)) / (x * (c * x + d) + e), vec3f(0.0), vec3f(1.0));
}

fn uncharted2_partial(x: vec3f) -> vec3f {
  let a = 0.15;
  let b = 0.50;
  let c = 0.10;
  let d = 0.20;
  let e = 0.02;
  let f = 0.30;
  return ((x * (a * x + c * b) + d * e) / (x * (a * x + b) + d * f)) - e / f;
}

fn tonemap_uncharted2(c: vec3f) -> vec3f {
  let exposure_bias = 2.0;
  let current = uncharted2_partial(c * exposure_bias);
  let white_scale = vec3f(1.0) / uncharted2_partial(vec3f(11.2));
  return current * white_scale;
}

fn agx_contrast(x: vec3f) -> vec3f {
  let x2 = x * x;
  let x4 = x2 * x2;
  return 15.5 * x4 * x2 - 40.14 * x4 * x + 31.96 * x4 - 6.868 * x2 * x + 0.4298 * x2 + 0.1191 * x - 0.00232;
}

fn tonemap_agx(c: vec3f) -> vec3f {
  let inset = mat3x3f(
    0.842479062253094, 0.0423282422610123, 0.0423756549057051,
    0.0784335999999992, 0.878468636469772, 0.0784336,
    0.0792237451477643, 0.0791661274605434, 0.879142973793104,
  );
  let min_ev = -12.47393;
  let max_ev = 4.026069;
  var v = inset * c;
  v = clamp(log2(max(v, vec3f(1e-10))), vec3f(min_ev), vec3f(max_ev));
  v = (v - min_ev) / (max_ev - min_ev);
  return agx_contrast(v);
}

fn tone_map(c: vec3f, mapper: u32) -> vec3f {
  switch mapper {
    case 0u: {
      return tonemap_reinhard(c);
    }
    case 1u: {
      return tonemap_reinhard_extended(c, 4.0);
    }
    case 2u: {
      return tonemap_uncharted2(c);
    }
    case 3u: {
      return tonemap_agx(c);
    }
    default: {
      return tonemap_aces(c);
    }
  }
}

// ---------------------------------------------------------------------------------------
// Signed distance functions
// ---------------------------------------------------------------------------------------

fn sd_sphere(p: vec3f, radius: f32) -> f32 {
  return length(p) - radius;
}

fn sd_box(p: vec3f, half_size: vec3f) -> f32 {
  let q = abs(p) - half_size;
  return length(max(q, vec3f(0.0))) + min(max(q.x, max(q.y, q.z)), 0.0);
}

fn sd_round_box(p: vec3f, half_size: vec3f, radius: f32) -> f32 {
  return sd_box(p, half_size - vec3f(radius)) - radius;
}

fn sd_torus(p: vec3f, radii: vec2f) -> f32 {
  let q = vec2f(length(p.xz) - radii.x, p.y);
  return length(q) - radii.y;
}

fn sd_capsule(p: vec3f, a: vec3f, b: vec3f, radius: f32) -> f32 {
  let pa = p - a;
  let ba = b - a;
  let h = clamp(dot(pa, ba) / dot(ba, ba), 0.0, 1.0);
  return length(pa - ba * h) - radius;
}

fn sd_cylinder(p: vec3f, height: f32, radius: f32) -> f32 {
  let d = abs(vec2f(length(p.xz), p.y)) - vec2f(radius, height);
  return min(max(d.x, d.y), 0.0) + length(max(d, vec2f(0.0)));
}

fn sd_cone(p: vec3f, angle: vec2f, height: f32) -> f32 {
  let q = height * vec2f(angle.x / angle.y, -1.0);
  let w = vec2f(length(p.xz), p.y);
  let a = w - q * clamp(dot(w, q) / dot(q, q), 0.0, 1.0);
  let b = w - q * vec2f(clamp(w.x / q.x, 0.0, 1.0), 1.0);
  let k = sign(q.y);
  let d = min(dot(a, a), dot(b, b));
  let s = max(k * (w.x * q.y - w.y * q.x), k * (w.y - q.y));
  return sqrt(d) * sign(s);
}

fn sd_plane(p: vec3f, normal: vec3f, offset: f32) -> f32 {
  return dot(p, normal) + offset;
}

fn sd_octahedron(p: vec3f, size: f32) -> f32 {
  let q = abs(p);
  return (q.x + q.y + q.z - size) * 0.57735027;
}

fn sd_hex_prism(p: vec3f, h: vec2f) -> f32 {
  let k = vec3f(-0.8660254, 0.5, 0.57735);
  var q = abs(p);
  let t = 2.0 * min(dot(k.xy, q.xy), 0.0) * k.xy;
  q = vec3f(q.xy - t, q.z);
  let d = vec2f(
    length(q.xy - vec2f(clamp(q.x, -k.z * h.x, k.z * h.x), h.x)) * sign(q.y - h.x),
    q.z - h.y,
  );
  return min(max(d.x, d.y), 0.0) + length(max(d, vec2f(0.0)));
}

fn op_union(a: f32, b: f32) -> f32 {
  return min(a, b);
}

fn op_subtract(a: f32, b: f32) -> f32 {
  return max(a, -b);
}

fn op_intersect(a: f32, b: f32) -> f32 {
  return max(a, b);
}

fn op_smooth_union(a: f32, b: f32, k: f32) -> f32 {
  let h = clamp(0.5 + 0.5 * (b - a) / k, 0.0, 1.0);
  return mix(b, a, h) - k * h * (1.0 - h);
}

fn op_smooth_subtract(a: f32, b: f32, k: f32) -> f32 {
  let h = clamp(0.5 - 0.5 * (a + b) / k, 0.0, 1.0);
  return mix(a, -b, h) + k * h * (1.0 - h);
}

fn op_repeat(p: vec3f, period: vec3f) -> vec3f {
  return p - period * round(p / period);
}

fn op_twist(p: vec3f, amount: f32) -> vec3f {
  let c = cos(amount * p.y);
  let s = sin(amount * p.y);
  let m = mat2x2f(c, -s, s, c);
  return vec3f(m * p.xz, p.y);
}

fn rotate_y(p: vec3f, angle: f32) -> vec3f {
  let c = cos(angle);
  let s = sin(angle);
  return vec3f(c * p.x + s * p.z, p.y, -s * p.x + c * p.z);
}

fn scene_sdf(p: vec3f, time: f32) -> vec2f {
  let ground = vec2f(sd_plane(p, vec3f(0.0, 1.0, 0.0), 1.0) + 0.05 * fbm2(p.xz * 2.0, 3), 0.0);
  let spinning = rotate_y(p - vec3f(0.0, 0.2, 0.0), time * 0.5);
  let body = op_smooth_union(
    sd_round_box(spinning, vec3f(0.5, 0.3, 0.5), 0.08),
    sd_sphere(spinning - vec3f(0.0, 0.45, 0.0), 0.35),
    0.2,
  );
  let carved = op_smooth_subtract(body, sd_cylinder(spinning.xzy, 0.8, 0.15), 0.05);
  let ring = sd_torus(op_twist(p - vec3f(1.6, 0.0, 0.0), 1.5), vec2f(0.45, 0.1));
  let pillars = sd_capsule(op_repeat(p, vec3f(3.0, 0.0, 3.0)), vec3f(0.0, -1.0, 0.0), vec3f(0.0, 1.5, 0.0), 0.12);
  var best = ground;
  if (carved < best.x) {
    best = vec2f(carved, 1.0);
  }
  if (ring < best.x) {
    best = vec2f(ring, 2.0);
  }
  if (pillars < best.x) {
    best = vec2f(pillars, 3.0);
  }
  return best;
}

fn scene_normal(p: vec3f, time: f32) -> vec3f {
  let k = vec2f(1.0, -1.0);
  let h = 0.0005;
  return normalize(
    k.xyy * scene_sdf(p + k.xyy * h, time).x +
    k.yyx * scene_sdf(p + k.yyx * h, time).x +
    k.yxy * scene_sdf(p + k.yxy * h, time).x +
    k.xxx * scene_sdf(p + k.xxx * h, time).x
  );
}

fn march(origin: vec3f, direction: vec3f, time: f32) -> vec3f {
  var t = 0.0;
  for (var i = 0; i < 160; i++) {
    let hit = scene_sdf(origin + direction * t, time);
    if (hit.x < 0.0002 * t) {
      return vec3f(t, hit.y, f32(i));
    }
    t += hit.x * 0.9;
    if (t > 60.0) {
      break;
    }
  }
  return vec3f(-1.0, -1.0, 160.0);
}

// ---------------------------------------------------------------------------------------
// BRDFs
// ---------------------------------------------------------------------------------------

struct SurfacePoint {
  position: vec3f,
  normal: vec3f,
  view: vec3f,
  albedo: vec3f,
  metallic: f32,
  roughness: f32,
  occlusion: f32,
  emissive: vec3f,
}

fn d_ggx(n_dot_h: f32, roughness: f32) -> f32 {
  let a = roughness * roughness;
  let a2 = a * a;
  let d = n_dot_h * n_dot_h * (a2 - 1.0) + 1.0;
  return a2 / (PI * d * d + EPSILON);
}

fn v_smith_ggx_correlated(n_dot_v: f32, n_dot_l: f32, roughness: f32) -> f32 {
  let a2 = pow(roughness, 4.0);
  let ggx_v = n_dot_l * sqrt(n_dot_v * n_dot_v * (1.0 - a2) + a2);
  let ggx_l = n_dot_v * sqrt(n_dot_l * n_dot_l * (1.0 - a2) + a2);
  return 0.5 / (ggx_v + ggx_l + EPSILON);
}

fn f_schlick(v_dot_h: f32, f0: vec3f) -> vec3f {
  let f = pow(1.0 - v_dot_h, 5.0);
  return f + f0 * (1.0 - f);
}

fn f_schlick_roughness(n_dot_v: f32, f0: vec3f, roughness: f32) -> vec3f {
  return f0 + (max(vec3f(1.0 - roughness), f0) - f0) * pow(clamp(1.0 - n_dot_v, 0.0, 1.0), 5.0);
}

fn diffuse_burley(n_dot_v: f32, n_dot_l: f32, l_dot_h: f32, roughness: f32) -> f32 {
  let f90 = 0.5 + 2.0 * roughness * l_dot_h * l_dot_h;
  let light_scatter = 1.0 + (f90 - 1.0) * pow(1.0 - n_dot_l, 5.0);
  let view_scatter = 1.0 + (f90 - 1.0) * pow(1.0 - n_dot_v, 5.0);
  return light_scatter * view_scatter * INV_PI;
}

fn brdf(surface: SurfacePoint, l: vec3f) -> vec3f {
  let n = surface.normal;
  let v = surface.view;
  let h = normalize(v + l);
  let n_dot_v = max(abs(dot(n, v)), EPSILON);
  let n_dot_l = clamp(dot(n, l), 0.0, 1.0);
  let n_dot_h = clamp(dot(n, h), 0.0, 1.0);
  let l_dot_h = clamp(dot(l, h), 0.0, 1.0);
  let roughness = clamp(surface.roughness, 0.045, 1.0);
  let f0 = mix(vec3f(0.04), surface.albedo, surface.metallic);
  let d = d_ggx(n_dot_h, roughness);
  let vis = v_smith_ggx_correlated(n_dot_v, n_dot_l, roughness);
  let f = f_schlick(l_dot_h, f0);
  let specular = d * vis * f;
  let diffuse_color = surface.albedo * (1.0 - surface.metallic);
  let diffuse = diffuse_color * diffuse_burley(n_dot_v, n_dot_l, l_dot_h, roughness);
  return (diffuse + specular) * n_dot_l;
}

fn point_light_attenuation(distance_squared: f32, radius: f32) -> f32 {
  let factor = distance_squared / (radius * radius);
  let smooth_factor = clamp(1.0 - factor * factor, 0.0, 1.0);
  return smooth_factor * smooth_factor / max(distance_squared, 0.0001);
}

fn environment_lighting(surface: SurfacePoint) -> vec3f {
  let n_dot_v = max(dot(surface.normal, surface.view), EPSILON);
  let f0 = mix(vec3f(0.04), surface.albedo, surface.metallic);
  let f = f_schlick_roughness(n_dot_v, f0, surface.roughness);
  let reflected = reflect(-surface.view, surface.normal);
  let levels = f32(textureNumLevels(environment));
  let specular = textureSampleLevel(environment, environment_sampler, reflected, surface.roughness * (levels - 1.0)).rgb;
  let irradiance = textureSampleLevel(environment, environment_sampler, surface.normal, levels - 1.0).rgb;
  let diffuse = irradiance * surface.albedo * (1.0 - surface.metallic);
  return ((vec3f(1.0) - f) * diffuse + f * specular) * surface.occlusion;
}

// ---------------------------------------------------------------------------------------
// Shadows
// ---------------------------------------------------------------------------------------

fn select_cascade(view_depth: f32) -> u32 {
  var cascade = 0u;
  for (var i = 0u; i < SHADOW_CASCADES - 1u; i++) {
    if (view_depth > sun.cascade_splits[i]) {
      cascade = i + 1u;
    }
  }
  return min(cascade, sun.cascade_count - 1u);
}

fn shadow_pcf(world: vec3f, normal: vec3f, view_depth: f32) -> f32 {
  let cascade = select_cascade(view_depth);
  let biased = world + normal * (0.02 * f32(cascade + 1u));
  let clip = sun.cascade_matrices[cascade] * vec4f(biased, 1.0);
  let ndc = clip.xyz / clip.w;
  let uv = ndc.xy * vec2f(0.5, -0.5) + 0.5;
  if (any(uv < vec2f(0.0)) || any(uv > vec2f(1.0)) || ndc.z > 1.0) {
    return 1.0;
  }
  let size = vec2f(textureDimensions(shadow_map));
  let texel = 1.0 / size;
  var lit = 0.0;
  for (var y = -2; y <= 2; y++) {
    for (var x = -2; x <= 2; x++) {
      let offset = vec2f(f32(x), f32(y)) * texel;
      lit += textureSampleCompareLevel(shadow_map, shadow_sampler, uv + offset, i32(cascade), ndc.z - 0.0015);
    }
  }
  return lit / 25.0;
}

fn contact_shadow(origin: vec3f, direction: vec3f, time: f32) -> f32 {
  var light = 1.0;
  var t = 0.01;
  for (var i = 0; i < 32; i++) {
    let h = scene_sdf(origin + direction * t, time).x;
    light = min(light, 12.0 * h / t);
    t += clamp(h, 0.005, 0.1);
    if (light < 0.001 || t > 2.0) {
      break;
    }
  }
  return clamp(light, 0.0, 1.0);
}

// ---------------------------------------------------------------------------------------
// Clustered light culling (compute)
// ---------------------------------------------------------------------------------------

fn screen_to_view(screen: vec4f) -> vec3f {
  let ndc = vec4f(screen.xy / camera.viewport * vec2f(2.0, -2.0) + vec2f(-1.0, 1.0), screen.z, screen.w);
  let view = camera.inverse_view_projection * ndc;
  return view.xyz / view.w;
}

fn cluster_depth_slice(view_z: f32) -> f32 {
  let ratio = camera.far / camera.near;
  return camera.near * pow(ratio, view_z / f32(CLUSTER_Z));
}

fn sphere_intersects_aabb(center: vec3f, radius: f32, lo: vec3f, hi: vec3f) -> bool {
  let closest = clamp(center, lo, hi);
  let d = closest - center;
  return dot(d, d) <= radius * radius;
}

@compute @workgroup_size(4, 3, 4)
fn build_clusters(@builtin(global_invocation_id) id: vec3u) {
  if (any(id >= vec3u(CLUSTER_X, CLUSTER_Y, CLUSTER_Z))) {
    return;
  }
  let index = id.x + id.y * CLUSTER_X + id.z * CLUSTER_X * CLUSTER_Y;
  let tile = camera.viewport / vec2f(f32(CLUSTER_X), f32(CLUSTER_Y));
  let min_screen = vec4f(vec2f(id.xy) * tile, -1.0, 1.0);
  let max_screen = vec4f(vec2f(id.xy + 1u) * tile, -1.0, 1.0);
  let near_plane = -cluster_depth_slice(f32(id.z));
  let far_plane = -cluster_depth_slice(f32(id.z + 1u));
  let min_view = screen_to_view(min_screen);
  let max_view = screen_to_view(max_screen);
  let min_near = min_view * (near_plane / min_view.z);
  let min_far = min_view * (far_plane / min_view.z);
  let max_near = max_view * (near_plane / max_view.z);
  let max_far = max_view * (far_plane / max_view.z);
  cluster_grid.clusters[index].min_bounds = min(min(min_near, min_far), min(max_near, max_far));
  cluster_grid.clusters[index].max_bounds = max(max(min_near, min_far), max(max_near, max_far));
}

@compute @workgroup_size(64)
fn cull_lights(@builtin(global_invocation_id) id: vec3u) {
  let index = id.x;
  if (index >= CLUSTER_X * CLUSTER_Y * CLUSTER_Z) {
    return;
  }
  let cluster = cluster_grid.clusters[index];
  var found: array<u32, MAX_LIGHTS_PER_CLUSTER>;
  var count = 0u;
  let total = min(point_lights.count, MAX_POINT_LIGHTS);
  for (var i = 0u; i < total; i++) {
    let light = point_lights.lights[i];
    let center = (camera.view * vec4f(light.position, 1.0)).xyz;
    if (sphere_intersects_aabb(center, light.radius, cluster.min_bounds, cluster.max_bounds)) {
      found[count] = i;
      count++;
      if (count == MAX_LIGHTS_PER_CLUSTER) {
        break;
      }
    }
  }
  let offset = atomicAdd(&cluster_indices.next, count);
  for (var i = 0u; i < count; i++) {
    cluster_indices.indices[offset + i] = found[i];
  }
  cluster_grid.clusters[index].offset = offset;
  cluster_grid.clusters[index].light_count = count;
}

fn cluster_index(frag: vec4f, view_z: f32) -> u32 {
  let slice = u32(max(log2(-view_z / camera.near) * f32(CLUSTER_Z) / log2(camera.far / camera.near), 0.0));
  let tile = vec2u(frag.xy / (camera.viewport / vec2f(f32(CLUSTER_X), f32(CLUSTER_Y))));
  let clamped = min(vec3u(tile, slice), vec3u(CLUSTER_X - 1u, CLUSTER_Y - 1u, CLUSTER_Z - 1u));
  return clamped.x + clamped.y * CLUSTER_X + clamped.z * CLUSTER_X * CLUSTER_Y;
}

// ---------------------------------------------------------------------------------------
// G-buffer pass
// ---------------------------------------------------------------------------------------

struct MeshVertex {
  @location(0) position: vec3f,
  @location(1) normal: vec3f,
  @location(2) tangent: vec4f,
  @location(3) uv: vec2f,
}

struct MeshVaryings {
  @builtin(position) clip: vec4f,
  @location(0) world: vec3f,
  @location(1) normal: vec3f,
  @location(2) tangent: vec4f,
  @location(3) uv: vec2f,
  @location(4) @interpolate(flat) material: u32,
}

struct GBufferOut {
  @location(0) albedo: vec4f,
  @location(1) normal: vec4f,
  @location(2) material: vec4f,
}

@vertex
fn gbuffer_vs(v: MeshVertex, @builtin(instance_index) instance_index: u32) -> MeshVaryings {
  let instance = instances[instance_index];
  let world = instance.model * vec4f(v.position, 1.0);
  var out: MeshVaryings;
  out.clip = camera.view_projection * world;
  out.world = world.xyz;
  out.normal = normalize(instance.normal_matrix * v.normal);
  out.tangent = vec4f(normalize(instance.normal_matrix * v.tangent.xyz), v.tangent.w);
  out.uv = v.uv;
  out.material = instance.material;
  return out;
}

fn encode_octahedral(n: vec3f) -> vec2f {
  let p = n.xy / (abs(n.x) + abs(n.y) + abs(n.z));
  if (n.z >= 0.0) {
    return p;
  }
  return (1.0 - abs(p.yx)) * select(vec2f(-1.0), vec2f(1.0), p >= vec2f(0.0));
}

fn decode_octahedral(e: vec2f) -> vec3f {
  var n = vec3f(e, 1.0 - abs(e.x) - abs(e.y));
  let t = max(-n.z, 0.0);
  n.x += select(t, -t, n.x >= 0.0);
  n.y += select(t, -t, n.y >= 0.0);
  return normalize(n);
}

@fragment
fn gbuffer_fs(in: MeshVaryings) -> GBufferOut {
  let material = materials[in.material];
  let base = textureSample(base_color_map, material_sampler, in.uv) * material.base_color;
  if (base.a < material.alpha_cutoff) {
    discard;
  }
  let mr = textureSample(metal_rough_map, material_sampler, in.uv);
  var tangent_normal = textureSample(normal_map, material_sampler, in.uv).xyz * 2.0 - 1.0;
  tangent_normal = vec3f(tangent_normal.xy * material.normal_scale, tangent_normal.z);
  let n = normalize(in.normal);
  let t = normalize(in.tangent.xyz - n * dot(n, in.tangent.xyz));
  let b = cross(n, t) * in.tangent.w;
  let normal = normalize(mat3x3f(t, b, n) * tangent_normal);
  var out: GBufferOut;
  out.albedo = vec4f(base.rgb, 1.0);
  out.normal = vec4f(encode_octahedral(normal) * 0.5 + 0.5, 0.0, 1.0);
  out.material = vec4f(mr.b * material.metallic, mr.g * material.roughness,
                       mix(1.0, mr.r, material.occlusion_strength), 1.0);
  return out;
}

// ---------------------------------------------------------------------------------------
// Lighting pass
// ---------------------------------------------------------------------------------------

@vertex
fn fullscreen_vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4f {
  let uv = vec2f(f32((i << 1u) & 2u), f32(i & 2u));
  return vec4f(uv * 2.0 - 1.0, 0.0, 1.0);
}

fn reconstruct_world(frag: vec2f, depth: f32) -> vec3f {
  let ndc = vec4f(frag / camera.viewport * vec2f(2.0, -2.0) + vec2f(-1.0, 1.0), depth, 1.0);
  let world = camera.inverse_view_projection * ndc;
  return world.xyz / world.w;
}

fn load_surface(coord: vec2i, frag: vec2f) -> SurfacePoint {
  let depth = textureLoad(gbuffer_depth, coord, 0);
  let albedo = textureLoad(gbuffer_albedo, coord, 0);
  let encoded = textureLoad(gbuffer_normal, coord, 0).xy * 2.0 - 1.0;
  let material = textureLoad(gbuffer_material, coord, 0);
  var surface: SurfacePoint;
  surface.position = reconstruct_world(frag, depth);
  surface.normal = decode_octahedral(encoded);
  surface.view = normalize(camera.position - surface.position);
  surface.albedo = albedo.rgb;
  surface.metallic = material.r;
  surface.roughness = material.g;
  surface.occlusion = material.b;
  surface.emissive = vec3f(0.0);
  return surface;
}

@fragment
fn lighting_fs(@builtin(position) frag: vec4f) -> @location(0) vec4f {
  let coord = vec2i(frag.xy);
  if (textureLoad(gbuffer_depth, coord, 0) >= 1.0) {
    let direction = normalize(reconstruct_world(frag.xy, 1.0) - camera.position);
    let sky = textureSampleLevel(environment, environment_sampler, direction, 0.0).rgb;
    let clouds = smoothstep(0.1, 0.7, domain_warp(direction.xz / max(direction.y, 0.05), camera.time));
    return vec4f(mix(sky, vec3f(1.0), clouds * clamp(direction.y * 4.0, 0.0, 1.0)), 1.0);
  }
  let surface = load_surface(coord, frag.xy);
  let view_z = (camera.view * vec4f(surface.position, 1.0)).z;

  var color = surface.emissive;
  let sun_dir = normalize(-sun.direction);
  let shadow = shadow_pcf(surface.position, surface.normal, -view_z) *
               contact_shadow(surface.position + surface.normal * 0.01, sun_dir, camera.time);
  color += brdf(surface, sun_dir) * sun.color * sun.intensity * shadow;

  let cluster = cluster_grid.clusters[cluster_index(frag, view_z)];
  for (var i = 0u; i < cluster.light_count; i++) {
    let light = point_lights.lights[cluster_indices.indices[cluster.offset + i]];
    let to_light = light.position - surface.position;
    let d2 = dot(to_light, to_light);
    if (d2 > light.radius * light.radius) {
      continue;
    }
    let attenuation = point_light_attenuation(d2, light.radius);
    color += brdf(surface, normalize(to_light)) * light.color * light.intensity * attenuation;
  }

  color += environment_lighting(surface);
  return vec4f(color, 1.0);
}

// ---------------------------------------------------------------------------------------
// Bloom (compute) and the final composite with FXAA
// ---------------------------------------------------------------------------------------

fn karis_average(c: vec3f) -> f32 {
  return 1.0 / (1.0 + luminance(c));
}

fn soft_threshold(c: vec3f) -> vec3f {
  let knee = BLOOM_THRESHOLD * 0.5;
  let brightness = max(c.r, max(c.g, c.b));
  var soft = brightness - BLOOM_THRESHOLD + knee;
  soft = clamp(soft, 0.0, 2.0 * knee);
  soft = soft * soft / (4.0 * knee + EPSILON);
  let contribution = max(soft, brightness - BLOOM_THRESHOLD) / max(brightness, EPSILON);
  return c * contribution;
}

@compute @workgroup_size(8, 8)
fn bloom_downsample(@builtin(global_invocation_id) id: vec3u) {
  let size = textureDimensions(bloom_output);
  if (any(id.xy >= size)) {
    return;
  }
  let texel = 1.0 / vec2f(textureDimensions(hdr_input));
  let uv = (vec2f(id.xy) + 0.5) / vec2f(size);
  // The 13-tap filter of "Next Generation Post Processing in Call of Duty".
  let a = textureSampleLevel(hdr_input, linear_clamp, uv + texel * vec2f(-2.0, 2.0), 0.0).rgb;
  let b = textureSampleLevel(hdr_input, linear_clamp, uv + texel * vec2f(0.0, 2.0), 0.0).rgb;
  let c = textureSampleLevel(hdr_input, linear_clamp, uv + texel * vec2f(2.0, 2.0), 0.0).rgb;
  let d = textureSampleLevel(hdr_input, linear_clamp, uv + texel * vec2f(-2.0, 0.0), 0.0).rgb;
  let e = textureSampleLevel(hdr_input, linear_clamp, uv, 0.0).rgb;
  let f = textureSampleLevel(hdr_input, linear_clamp, uv + texel * vec2f(2.0, 0.0), 0.0).rgb;
  let g = textureSampleLevel(hdr_input, linear_clamp, uv + texel * vec2f(-2.0, -2.0), 0.0).rgb;
  let h = textureSampleLevel(hdr_input, linear_clamp, uv + texel * vec2f(0.0, -2.0), 0.0).rgb;
  let i = textureSampleLevel(hdr_input, linear_clamp, uv + texel * vec2f(2.0, -2.0), 0.0).rgb;
  let j = textureSampleLevel(hdr_input, linear_clamp, uv + texel * vec2f(-1.0, 1.0), 0.0).rgb;
  let k = textureSampleLevel(hdr_input, linear_clamp, uv + texel * vec2f(1.0, 1.0), 0.0).rgb;
  let l = textureSampleLevel(hdr_input, linear_clamp, uv + texel * vec2f(-1.0, -1.0), 0.0).rgb;
  let m = textureSampleLevel(hdr_input, linear_clamp, uv + texel * vec2f(1.0, -1.0), 0.0).rgb;
  var groups = array(
    (a + b + d + e) * 0.25, (b + c + e + f) * 0.25, (d + e + g + h) * 0.25,
    (e + f + h + i) * 0.25, (j + k + l + m) * 0.25,
  );
  let weights = array(0.125, 0.125, 0.125, 0.125, 0.5);
  var sum = vec3f(0.0);
  var total = 0.0;
  for (var n = 0; n < 5; n++) {
    let w = weights[n] * karis_average(groups[n]);
    sum += soft_threshold(groups[n]) * w;
    total += w;
  }
  textureStore(bloom_output, vec2i(id.xy), vec4f(sum / max(total, EPSILON), 1.0));
}

fn fxaa(uv: vec2f) -> vec3f {
  let texel = post.texel_size;
  let center = textureSampleLevel(hdr_input, linear_clamp, uv, 0.0).rgb;
  let l_center = luminance(center);
  let l_north = luminance(textureSampleLevel(hdr_input, linear_clamp, uv + vec2f(0.0, -texel.y), 0.0).rgb);
  let l_south = luminance(textureSampleLevel(hdr_input, linear_clamp, uv + vec2f(0.0, texel.y), 0.0).rgb);
  let l_east = luminance(textureSampleLevel(hdr_input, linear_clamp, uv + vec2f(texel.x, 0.0), 0.0).rgb);
  let l_west = luminance(textureSampleLevel(hdr_input, linear_clamp, uv + vec2f(-texel.x, 0.0), 0.0).rgb);
  let l_min = min(l_center, min(min(l_north, l_south), min(l_east, l_west)));
  let l_max = max(l_center, max(max(l_north, l_south), max(l_east, l_west)));
  let contrast = l_max - l_min;
  if (contrast < max(post.fxaa_edge_threshold, l_max * 0.125)) {
    return center;
  }
  let horizontal = abs(l_north + l_south - 2.0 * l_center) >= abs(l_east + l_west - 2.0 * l_center);
  let step_size = select(texel.x, texel.y, horizontal);
  let positive = select(l_east, l_south, horizontal);
  let negative = select(l_west, l_north, horizontal);
  let direction = select(-step_size, step_size, abs(positive - l_center) >= abs(negative - l_center));
  let blend = clamp(abs((l_north + l_south + l_east + l_west) * 0.25 - l_center) / contrast, 0.0, 1.0);
  let amount = smoothstep(0.0, 1.0, blend) * smoothstep(0.0, 1.0, blend) * post.fxaa_subpixel;
  let offset = select(vec2f(direction, 0.0), vec2f(0.0, direction), horizontal) * amount;
  return textureSampleLevel(hdr_input, linear_clamp, uv + offset, 0.0).rgb;
}

@fragment
fn composite_fs(@builtin(position) frag: vec4f) -> @location(0) vec4f {
  let uv = frag.xy * post.texel_size;
  let hdr = fxaa(uv);
  let bloom = textureSampleLevel(bloom_input, linear_clamp, uv, 0.0).rgb;
  var color = (hdr + bloom * post.bloom_strength) * post.exposure;
  color = tone_map(color, post.tone_mapper);
  color = saturate_color(color, 1.05);
  let lab = linear_to_oklab(color);
  color = oklab_to_linear(vec3f(lab.x, lab.yz * 1.02));
  let grain = (to_unit_float(hash2(vec2u(frag.xy) + vec2u(u32(camera.time * 60.0)))) - 0.5) / 255.0;
  return vec4f(linear_to_srgb(clamp(color, vec3f(0.0), vec3f(1.0))) + grain, 1.0);
}
