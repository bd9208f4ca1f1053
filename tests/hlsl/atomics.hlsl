struct Counters {
  uint hits;
  int low;
  int high;
};

struct atomic_compare_exchange_result_u32 {
  uint old_value;
  bool exchanged;
};

struct count_in {
  uint i : SV_GroupIndex;
  uint3 id : SV_DispatchThreadID;
};

RWByteAddressBuffer counters : register(u0, space0);
RWByteAddressBuffer slots : register(u1, space0);
groupshared uint local_hits;

int hlsl_counters_atomic_min(uint offset, int v) {
  uint old = counters.Load(offset);
  [loop] for (;;) {
    uint seen;
    counters.InterlockedCompareExchange(offset, old, asuint(min(asint(old), v)), seen);
    if (seen == old) {
      return asint(old);
    }
    old = seen;
  }
}

int hlsl_counters_atomic_max(uint offset, int v) {
  uint old = counters.Load(offset);
  [loop] for (;;) {
    uint seen;
    counters.InterlockedCompareExchange(offset, old, asuint(max(asint(old), v)), seen);
    if (seen == old) {
      return asint(old);
    }
    old = seen;
  }
}

atomic_compare_exchange_result_u32 hlsl_atomic_compare_exchange_result_u32_new(uint old_value, bool exchanged) {
  atomic_compare_exchange_result_u32 r = { old_value, exchanged };
  return r;
}

void count_inner(uint i, uint3 id) {
  if (i == 0u) {
    uint old;
    InterlockedExchange(local_hits, 0u, old);
  }
  GroupMemoryBarrierWithGroupSync();
  const int v = (int)id.x - 16;
  uint old_1;
  InterlockedAdd(local_hits, 1u, old_1);
  const int old_2 = hlsl_counters_atomic_min(4u, v);
  const int old_3 = hlsl_counters_atomic_max(8u, v);
  uint length_1;
  slots.GetDimensions(length_1);
  uint old_4;
  slots.InterlockedCompareExchange(min(id.x % 4u, length_1 / 4u - 1u) * 4u, 0u, id.x, old_4);
  const atomic_compare_exchange_result_u32 result = hlsl_atomic_compare_exchange_result_u32_new(old_4, old_4 == 0u);
  if (!result.exchanged) {
    uint length_2;
    slots.GetDimensions(length_2);
    uint old_5;
    slots.InterlockedOr(min(id.x % 4u, length_2 / 4u - 1u) * 4u, 1u << ((id.x % 32u) & 31u), old_5);
  }
  GroupMemoryBarrierWithGroupSync();
  if (i == 0u) {
    uint old_6;
    InterlockedOr(local_hits, 0u, old_6);
    const uint x = old_6;
    uint old_7;
    counters.InterlockedAdd(0u, x, old_7);
  }
}

[numthreads(32, 1, 1)]
void count(count_in p) {
  count_inner(p.i, p.id);
}
