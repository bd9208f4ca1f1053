struct transpose_in {
  uint3 local : SV_GroupThreadID;
  uint3 group : SV_GroupID;
  uint local_invocation_index : SV_GroupIndex;
};

groupshared float tile[16][16];
ByteAddressBuffer input : register(t0, space0);
RWByteAddressBuffer output : register(u1, space0);
cbuffer num_workgroups_block : register(b2, space0) {
  uint4 num_workgroups[1];
};

void transpose_inner(uint3 local, uint3 group, uint3 groups, uint local_invocation_index) {
  if (local_invocation_index == 0u) {
    uint p = 0u;
    while (true) {
      if (p >= 16u) {
        break;
      }
      uint p_1 = 0u;
      while (true) {
        if (p_1 >= 16u) {
          break;
        }
        tile[p][p_1] = 0.0f;
        p_1 = p_1 + 1u;
      }
      p = p + 1u;
    }
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
