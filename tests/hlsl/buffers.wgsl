// Storage buffers become (RW)ByteAddressBuffers with Load/Store at WGSL's offsets; a
// uniform buffer is a cbuffer of uint4 rows (a vec3 followed by a scalar shares a row,
// a mat3x3's columns are 16 bytes apart); arrayLength reads the buffer's size.
struct Light {
  position: vec3<f32>,
  intensity: f32,
  color: vec3<f32>,
}

struct Params {
  transform: mat3x3<f32>,
  count: u32,
  scale: vec2<f32>,
}

struct Lights {
  ambient: vec4<f32>,
  lights: array<Light>,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> lights: Lights;
@group(0) @binding(2) var<storage, read_write> out: array<vec4<f32>>;

@compute @workgroup_size(64)
fn shade(@builtin(global_invocation_id) id: vec3<u32>) {
  let n = arrayLength(&lights.lights);
  if (id.x >= n || id.x >= params.count) {
    return;
  }
  let light = lights.lights[id.x];
  let p = params.transform * light.position;
  out[id.x] = vec4<f32>(p * light.intensity + light.color, params.scale.x) + lights.ambient;
}
