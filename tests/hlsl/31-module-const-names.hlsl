struct main_in {
  uint i : SV_GroupIndex;
};

static const float2 hlsl_POSITIONS[3] = { float2(0.0f, 0.6f), float2(-0.55f, -0.45f), float2(0.55f, -0.45f) };
static const float3 hlsl_COLORS[3] = { float3(1.0f, 0.35f, 0.3f), float3(0.3f, 0.85f, 0.45f), float3(0.3f, 0.5f, 1.0f) };
RWByteAddressBuffer out_1 : register(u0, space0);

void main_inner(uint i) {
  uint length_1;
  out_1.GetDimensions(length_1);
  out_1.Store4(min(i, length_1 / 16u - 1u) * 16u, asuint(float4(hlsl_POSITIONS[min(i, 2u)] + hlsl_POSITIONS[min(i, 2u)], hlsl_COLORS[min(i, 2u)].xy)));
}

[numthreads(3, 1, 1)]
void main(main_in p) {
  main_inner(p.i);
}
