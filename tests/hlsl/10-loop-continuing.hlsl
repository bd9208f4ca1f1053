RWByteAddressBuffer out_1 : register(u0, space0);

[numthreads(1, 1, 1)]
void main() {
  float x = 1.0f;
  int n = 0;
  float x_1 = 0.0f;
  while (true) {
    x_1 = x * 0.5f;
    const int x_2 = n + 1;
    x = x_1;
    n = x_2;
    if (x_2 >= 8) {
      break;
    }
  }
  out_1.Store(0u, asuint(x_1));
}
