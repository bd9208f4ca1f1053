struct P {
  float2 pos;
  uint id;
};

struct main_in {
  uint i : SV_GroupIndex;
};

groupshared uint scratch[16];
RWByteAddressBuffer out_1 : register(u0, space0);

float2 hlsl_scratch_load_float2(uint offset) {
  return asfloat(uint2(scratch[offset / 4u], scratch[offset / 4u + 1u]));
}

void hlsl_scratch_store_float2(uint offset, float2 value) {
  scratch[offset / 4u] = asuint(value.x);
  scratch[offset / 4u + 1u] = asuint(value.y);
}

void main_inner(uint i) {
  if (i == 0u) {
    uint p = 0u;
    while (true) {
      if (p >= 16u) {
        break;
      }
      scratch[p] = 0u;
      p = p + 1u;
    }
  }
  GroupMemoryBarrierWithGroupSync();
  hlsl_scratch_store_float2(min(i, 2u) * 16u, float2((float)i, 1.0f));
  scratch[min(i, 2u) * 4u + 2u] = i;
  scratch[12u] = asuint((float)64u);
  GroupMemoryBarrierWithGroupSync();
  uint length_1;
  out_1.GetDimensions(length_1);
  const float4 x = float4(hlsl_scratch_load_float2(min((i + 1u) % 4u, 2u) * 16u), asfloat(scratch[min(8u * i, 56u) / 4u]), asfloat(scratch[12u]));
  out_1.Store4(min(i, length_1 / 16u - 1u) * 16u, asuint(x));
}

[numthreads(4, 1, 1)]
void main(main_in p) {
  main_inner(p.i);
}
