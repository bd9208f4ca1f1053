struct main_in {
  uint i : SV_GroupIndex;
};

static const float hlsl_TABLE[4] = { 1.0f, 2.0f, 4.0f, 8.0f };
RWByteAddressBuffer out_1 : register(u0, space0);

void main_inner(uint i) {
  out_1.Store(min(i, 3u) * 4u, asuint(hlsl_TABLE[min(i, 3u)] * 2.5f + 2.0f));
}

[numthreads(4, 1, 1)]
void main(main_in p) {
  main_inner(p.i);
}
