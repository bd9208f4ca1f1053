struct main_in {
  uint i : SV_GroupIndex;
};

static const uint wgsize = 64u;
groupshared uint shared_data[64];
groupshared uint flag;
RWByteAddressBuffer out_1 : register(u0, space0);

void main_inner(uint i) {
  if (i == 0u) {
    flag = 0u;
    uint p = 0u;
    while (true) {
      if (p >= 64u) {
        break;
      }
      shared_data[p] = 0u;
      p = p + 1u;
    }
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
