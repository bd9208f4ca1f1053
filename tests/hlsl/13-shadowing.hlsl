RWByteAddressBuffer out_1 : register(u0, space0);

[numthreads(1, 1, 1)]
void main() {
  const float x = asfloat(out_1.Load(0u));
  const float x_1 = asfloat(out_1.Load(4u)) * 2.0f;
  out_1.Store(8u, asuint(x_1));
  out_1.Store(12u, asuint(x));
}
