RWByteAddressBuffer out_1 : register(u0, space0);

[numthreads(1, 1, 1)]
void main() {
  uint sum = 0u;
  uint i = 0u;
  while (true) {
    if (!(i < 10u)) {
      break;
    }
    sum = sum + i * i;
    i = i + 1u;
  }
  uint length_1;
  out_1.GetDimensions(length_1);
  out_1.Store(min(0u, length_1 / 4u - 1u) * 4u, sum);
}
