struct U {
  float4 a;
  float3 b;
  float2 c;
};

struct main_in {
  uint i : SV_GroupIndex;
};

RWByteAddressBuffer v : register(u0, space0);
cbuffer u_block : register(b1, space0) {
  uint4 u[8];
};
RWByteAddressBuffer out_1 : register(u2, space0);

float2 hlsl_u_load_float2(uint offset) {
  uint4 q = u[offset / 16u];
  return asfloat((offset & 8u) != 0u ? q.zw : q.xy);
}

void main_inner(uint i) {
  v.Store(min(i, 11u) * 4u + 32u, 12u);
  uint length_1;
  v.GetDimensions(length_1);
  v.Store(min(i, (length_1 - 256u) / 4u - 1u) * 4u + 256u, 128u);
  const uint4 x = (uint4)min(max(hlsl_u_load_float2(min(i, 1u) * 48u + 32u).xyxy, float4(0.0f, 0.0f, 0.0f, 0.0f)), float4(4294967000.0f, 4294967000.0f, 4294967000.0f, 4294967000.0f));
  out_1.Store4(0u, x);
  v.Store(8u * i + 4u, asuint(3.0f));
}

[numthreads(1, 1, 1)]
void main(main_in p) {
  main_inner(p.i);
}
