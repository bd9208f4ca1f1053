cbuffer m_block : register(b0, space0) {
  uint4 m[4];
};
RWByteAddressBuffer out_1 : register(u1, space0);

float4 hlsl_m_load_float4(uint offset) {
  return asfloat(m[offset / 16u]);
}

float4x4 hlsl_m_load_float4x4(uint offset) {
  return float4x4(hlsl_m_load_float4(offset), hlsl_m_load_float4(offset + 16u), hlsl_m_load_float4(offset + 32u), hlsl_m_load_float4(offset + 48u));
}

[numthreads(1, 1, 1)]
void main() {
  const float4 x = mul(float4(1.0f, 1.0f, 1.0f, 1.0f), mul(hlsl_m_load_float4x4(0u), float4x4(float4(1.0f, 0.0f, 0.0f, 0.0f), float4(0.0f, 2.0f, 0.0f, 0.0f), asfloat(m[2u]), float4(0.0f, 0.0f, 0.0f, 1.0f))));
  out_1.Store4(0u, asuint(x));
}
