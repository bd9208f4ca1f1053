// Physically based shading: the Cook-Torrance BRDF with GGX distribution, Smith-Schlick
// geometry and Schlick Fresnel, lit by a few point lights, with ACES tone mapping.

const PI: f32 = 3.14159265;
const MAX_LIGHTS: u32 = 4u;

struct Material {
  albedo: vec3f,
  metallic: f32,
  roughness: f32,
  ao: f32,
}

struct Light {
  position: vec3f,
  intensity: f32,
  color: vec3f,
}

struct Scene {
  view_proj: mat4x4f,
  eye: vec3f,
  light_count: u32,
  lights: array<Light, MAX_LIGHTS>,
}

@group(0) @binding(0) var<uniform> scene: Scene;
@group(0) @binding(1) var<uniform> material: Material;
@group(0) @binding(2) var albedo_map: texture_2d<f32>;
@group(0) @binding(3) var linear_sampler: sampler;

struct VertexIn {
  @location(0) position: vec3f,
  @location(1) normal: vec3f,
  @location(2) uv: vec2f,
}

struct VertexOut {
  @builtin(position) clip: vec4f,
  @location(0) world: vec3f,
  @location(1) normal: vec3f,
  @location(2) uv: vec2f,
}

@vertex
fn vs_main(v: VertexIn) -> VertexOut {
  var out: VertexOut;
  out.clip = scene.view_proj * vec4f(v.position, 1.0);
  out.world = v.position;
  out.normal = v.normal;
  out.uv = v.uv;
  return out;
}

fn distribution_ggx(n_dot_h: f32, roughness: f32) -> f32 {
  let a = roughness * roughness;
  let a2 = a * a;
  let d = n_dot_h * n_dot_h * (a2 - 1.0) + 1.0;
  return a2 / (PI * d * d);
}

fn geometry_schlick(n_dot_x: f32, roughness: f32) -> f32 {
  let r = roughness + 1.0;
  let k = r * r / 8.0;
  return n_dot_x / (n_dot_x * (1.0 - k) + k);
}

fn fresnel_schlick(cos_theta: f32, f0: vec3f) -> vec3f {
  return f0 + (1.0 - f0) * pow(clamp(1.0 - cos_theta, 0.0, 1.0), 5.0);
}

fn aces(x: vec3f) -> vec3f {
  let a = 2.51;
  let b = 0.03;
  let c = 2.43;
  let d = 0.59;
  let e = 0.14;
  return clamp((x * (a * x + b)) / (x * (c * x + d) + e), vec3f(0.0), vec3f(1.0));
}

@fragment
fn fs_main(in: VertexOut) -> @location(0) vec4f {
  let albedo = material.albedo * textureSample(albedo_map, linear_sampler, in.uv).rgb;
  let n = normalize(in.normal);
  let v = normalize(scene.eye - in.world);
  let f0 = mix(vec3f(0.04), albedo, material.metallic);

  var radiance = vec3f(0.0);
  for (var i = 0u; i < min(scene.light_count, MAX_LIGHTS); i++) {
    let light = scene.lights[i];
    let to_light = light.position - in.world;
    let l = normalize(to_light);
    let h = normalize(v + l);
    let attenuation = light.intensity / dot(to_light, to_light);

    let n_dot_l = max(dot(n, l), 0.0);
    let n_dot_v = max(dot(n, v), 0.0001);
    let d = distribution_ggx(max(dot(n, h), 0.0), material.roughness);
    let g = geometry_schlick(n_dot_v, material.roughness) * geometry_schlick(n_dot_l, material.roughness);
    let f = fresnel_schlick(max(dot(h, v), 0.0), f0);

    let specular = d * g * f / (4.0 * n_dot_v * n_dot_l + 0.0001);
    let diffuse = (vec3f(1.0) - f) * (1.0 - material.metallic) * albedo / PI;
    radiance += (diffuse + specular) * light.color * attenuation * n_dot_l;
  }

  let ambient = vec3f(0.03) * albedo * material.ao;
  let color = aces(ambient + radiance);
  return vec4f(pow(color, vec3f(1.0 / 2.2)), 1.0);
}
