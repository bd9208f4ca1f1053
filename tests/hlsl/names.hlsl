struct sampler_state_1 {
  float4 float4_1;
  uint SV_Target;
};

RWByteAddressBuffer cbuffer_1 : register(u0, space0);

sampler_state_1 hlsl_cbuffer_1_load_sampler_state_1(uint offset) {
  sampler_state_1 r;
  r.float4_1 = asfloat(cbuffer_1.Load4(offset));
  r.SV_Target = cbuffer_1.Load(offset + 16u);
  return r;
}

void hlsl_cbuffer_1_store_sampler_state_1(uint offset, sampler_state_1 value) {
  cbuffer_1.Store4(offset, asuint(value.float4_1));
  cbuffer_1.Store(offset + 16u, value.SV_Target);
}

float lerp_1(float half_1, float matrix_1) {
  return half_1 * 2.0f + matrix_1;
}

float4 saturate_1(float4 uint4_1) {
  return clamp(uint4_1, float4(0.0f, 0.0f, 0.0f, 0.0f), float4(1.0f, 1.0f, 1.0f, 1.0f));
}

[numthreads(1, 1, 1)]
void main() {
  uint length_1;
  cbuffer_1.GetDimensions(length_1);
  const sampler_state_1 in_1 = hlsl_cbuffer_1_load_sampler_state_1(min(0u, length_1 / 32u - 1u) * 32u);
  uint length_2;
  cbuffer_1.GetDimensions(length_2);
  const float4 x = (float4)lerp_1(in_1.float4_1.x, (float)in_1.SV_Target);
  const float4 x_1 = saturate_1(x);
  cbuffer_1.Store4(min(1u, length_2 / 32u - 1u) * 32u, asuint(x_1));
  uint length_3;
  cbuffer_1.GetDimensions(length_3);
  cbuffer_1.Store(min(1u, length_3 / 32u - 1u) * 32u + 16u, in_1.SV_Target + 1u);
}
