static const uint width = 8u;
static const uint height = 16u;
static const uint area = 128u;
RWByteAddressBuffer out_1 : register(u0, space0);

[numthreads(1, 1, 1)]
void main() {
  out_1.Store(0u, 144u);
}
