struct transpose_in {
  uint3 local : SV_GroupThreadID;
  uint3 group : SV_GroupID;
  uint local_invocation_index : SV_GroupIndex;
};

typedef float hlsl_float_array[16][16];
typedef float hlsl_float_array_1[16];

groupshared float tile[16][16];
ByteAddressBuffer input : register(t0, space0);
RWByteAddressBuffer output : register(u1, space0);
cbuffer num_workgroups_block : register(b2, space0) {
  uint4 num_workgroups[1];
};

hlsl_float_array_1 hlsl_zero_float_16() {
  float r[16];
  for (uint i = 0u; i < 16u; i = i + 1u) {
    r[i] = 0.0f;
  }
  return r;
}

hlsl_float_array hlsl_zero_float_16__16() {
  float r[16][16];
  for (uint i = 0u; i < 16u; i = i + 1u) {
    r[i] = hlsl_zero_float_16();
  }
  return r;
}

void transpose_inner(uint3 local, uint3 group, uint3 groups, uint local_invocation_index) {
  if (local_invocation_index == 0u) {
    tile = hlsl_zero_float_16__16();
  }
  GroupMemoryBarrierWithGroupSync();
  const uint width = groups.x * 16u;
  uint length_1;
  input.GetDimensions(length_1);
  const float x = asfloat(input.Load(min((group.y * 16u + local.y) * width + (group.x * 16u + local.x), length_1 / 4u - 1u) * 4u));
  tile[min(local.y, 15u)][min(local.x, 15u)] = x;
  GroupMemoryBarrierWithGroupSync();
  uint length_2;
  output.GetDimensions(length_2);
  const float x_1 = tile[min(local.x, 15u)][min(local.y, 15u)];
  output.Store(min((group.x * 16u + local.y) * width + (group.y * 16u + local.x), length_2 / 4u - 1u) * 4u, asuint(x_1));
}

[numthreads(16, 16, 1)]
void transpose_entry(transpose_in p) {
  const uint3 x = num_workgroups[0u].xyz;
  transpose_inner(p.local, p.group, x, p.local_invocation_index);
}
