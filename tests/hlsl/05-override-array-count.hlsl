struct main_in {
  uint local_invocation_index : SV_GroupIndex;
};

typedef int hlsl_int_array[246];

static const int O = 123;
groupshared int W[246];

hlsl_int_array hlsl_zero_int_246() {
  int r[246];
  for (uint i = 0u; i < 246u; i = i + 1u) {
    r[i] = 0;
  }
  return r;
}

void main_inner(uint local_invocation_index) {
  if (local_invocation_index == 0u) {
    W = hlsl_zero_int_246();
  }
  GroupMemoryBarrierWithGroupSync();
  W[0] = 42;
}

[numthreads(1, 1, 1)]
void main(main_in p) {
  main_inner(p.local_invocation_index);
}
