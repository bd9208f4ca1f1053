struct atomic_compare_exchange_result_u32 {
  uint old_value;
  bool exchanged;
};

struct main_in {
  uint i : SV_GroupIndex;
};

groupshared uint local_count;
RWByteAddressBuffer total : register(u0, space0);

atomic_compare_exchange_result_u32 hlsl_atomic_compare_exchange_result_u32_new(uint old_value, bool exchanged) {
  atomic_compare_exchange_result_u32 r = { old_value, exchanged };
  return r;
}

void main_inner(uint i) {
  if (i == 0u) {
    uint old;
    InterlockedExchange(local_count, 0u, old);
  }
  GroupMemoryBarrierWithGroupSync();
  if (i == 0u) {
    uint old_1;
    InterlockedExchange(local_count, 0u, old_1);
  }
  GroupMemoryBarrierWithGroupSync();
  uint old_2;
  InterlockedAdd(local_count, 1u, old_2);
  GroupMemoryBarrierWithGroupSync();
  if (i == 0u) {
    uint old_3;
    InterlockedOr(local_count, 0u, old_3);
    const uint n = old_3;
    uint old_4;
    total.InterlockedMax(0u, n, old_4);
    uint old_5;
    total.InterlockedCompareExchange(0u, n, n + 1u, old_5);
    const atomic_compare_exchange_result_u32 result = hlsl_atomic_compare_exchange_result_u32_new(old_5, old_5 == n);
    if (result.exchanged) {
      uint old_6;
      total.InterlockedAdd(0u, -1u, old_6);
    }
  }
}

[numthreads(64, 1, 1)]
void main(main_in p) {
  main_inner(p.i);
}
