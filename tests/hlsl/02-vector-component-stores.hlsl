struct main_in {
  uint i : SV_GroupIndex;
};

RWByteAddressBuffer out_1 : register(u0, space0);

void main_inner(uint i) {
  const float x = (float)i;
  out_1.Store4(0u, asuint(float4(x, 1.0f, x * 2.0f, 0.5f)));
}

[numthreads(1, 1, 1)]
void main(main_in p) {
  main_inner(p.i);
}
