RWByteAddressBuffer data : register(u0, space0);

[numthreads(1, 1, 1)]
void main() {
  int i = 0;
  int x;
  bool hlsl_loop_first = true;
  while (true) {
    if (!hlsl_loop_first) {
      i = x;
    }
    hlsl_loop_first = false;
    if (!(i < 100)) {
      break;
    }
    x = i + 1;
    uint length_1;
    data.GetDimensions(length_1);
    if (asint(data.Load(min(asuint(x), length_1 / 4u - 1u) * 4u)) == 0) {
      continue;
    }
    uint length_2;
    data.GetDimensions(length_2);
    if (asint(data.Load(min(asuint(x), length_2 / 4u - 1u) * 4u)) < 0) {
      break;
    }
    uint length_3;
    data.GetDimensions(length_3);
    uint length_4;
    data.GetDimensions(length_4);
    const int x_1 = asint(data.Load(min(asuint(x), length_4 / 4u - 1u) * 4u)) * 2;
    data.Store(min(asuint(x), length_3 / 4u - 1u) * 4u, asuint(x_1));
  }
}
