struct S {
  int a;
  uint2 v;
};

RWByteAddressBuffer s : register(u0, space0);
RWByteAddressBuffer arr : register(u1, space0);

[numthreads(1, 1, 1)]
void main() {
  const int x = asint(s.Load(0u)) + 12;
  s.Store(0u, asuint(x));
  const uint x_1 = s.Load(12u) << 2u;
  s.Store(12u, x_1);
  const uint x_2 = arr.Load(16u) | 1u;
  arr.Store(16u, x_2);
  const uint x_3 = arr.Load(4u) - 1u;
  arr.Store(4u, x_3);
}
