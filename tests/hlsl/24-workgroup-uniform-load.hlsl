struct main_in {
  uint i : SV_GroupIndex;
};

typedef uint hlsl_uint_array[64];

static const uint wgsize = 64u;
groupshared uint shared_data[64];
groupshared uint flag;
RWByteAddressBuffer out_1 : register(u0, space0);

hlsl_uint_array hlsl_zero_uint_64() {
  uint r[64];
  for (uint i = 0u; i < 64u; i = i + 1u) {
    r[i] = 0u;
  }
  return r;
}

void main_inner(uint i) {
  if (i == 0u) {
    shared_data = hlsl_zero_uint_64();
    flag = 0u;
  }
  GroupMemoryBarrierWithGroupSync();
  shared_data[min(i, 63u)] = i;
  if (i == 0u) {
    flag = 1u;
  }
  GroupMemoryBarrierWithGroupSync();
  const uint value = flag;
  GroupMemoryBarrierWithGroupSync();
  if (value == 1u) {
    const uint x = shared_data[0];
    out_1.Store(0u, x);
  }
}

[numthreads(64, 1, 1)]
void main(main_in p) {
  main_inner(p.i);
}
