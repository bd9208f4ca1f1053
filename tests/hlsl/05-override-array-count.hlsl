struct main_in {
  uint local_invocation_index : SV_GroupIndex;
};

static const int O = 123;
groupshared int W[246];

void main_inner(uint local_invocation_index) {
  if (local_invocation_index == 0u) {
    uint p = 0u;
    while (true) {
      if (p >= 246u) {
        break;
      }
      W[p] = 0;
      p = p + 1u;
    }
  }
  GroupMemoryBarrierWithGroupSync();
  W[0] = 42;
}

[numthreads(1, 1, 1)]
void main(main_in p) {
  main_inner(p.local_invocation_index);
}
