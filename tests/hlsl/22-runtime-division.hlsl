RWByteAddressBuffer out_1 : register(u0, space0);

[numthreads(1, 1, 1)]
void main() {
  out_1.Store(0u, asuint(1));
  out_1.Store(4u, asuint(0));
  out_1.Store(8u, asuint(256));
}
