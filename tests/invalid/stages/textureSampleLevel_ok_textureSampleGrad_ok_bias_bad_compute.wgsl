@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;
@group(0) @binding(2) var<storage, read_write> out: vec4f;
@compute @workgroup_size(1)
fn main() {
  out = textureSampleBias(tex, samp, vec2f(0.5), 1.0); //~ E1402
}
