// Names that are HLSL keywords, types or intrinsics are renamed; names from the source
// are kept otherwise, so the output reads like the input.
struct sampler_state {
  float4: vec4<f32>,
  SV_Target: u32,
}

@group(0) @binding(0) var<storage, read_write> cbuffer: array<sampler_state>;

fn lerp(half: f32, matrix: f32) -> f32 {
  return half * 2.0 + matrix;
}

fn saturate(uint4: vec4<f32>) -> vec4<f32> {
  return clamp(uint4, vec4<f32>(0.0), vec4<f32>(1.0));
}

@compute @workgroup_size(1)
fn main() {
  let in = cbuffer[0];
  let out = lerp(in.float4.x, f32(in.SV_Target));
  cbuffer[1].float4 = saturate(vec4<f32>(out));
  cbuffer[1].SV_Target = in.SV_Target + 1u;
}
