@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;
@group(0) @binding(2) var<storage, read_write> out: array<vec4f>;

fn fetch(uv: vec2f) -> vec4f {
  return textureSample(tex, samp, uv); //~ E1402
}

@compute @workgroup_size(8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  out[id.x] = fetch(vec2f(0.5));
}
