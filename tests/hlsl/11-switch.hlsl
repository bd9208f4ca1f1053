RWByteAddressBuffer out_1 : register(u0, space0);

int pick(int x) {
  int r = 0;
  switch (x) {
    case 2: default: {
      r = 20;
      break;
    }
    case 0: case 1: {
      r = 10;
      break;
    }
    case 3: {
      if (asint(out_1.Load(0u)) > 0) {
        r = 0;
        break;
      }
      r = 30;
      break;
    }
  }
  return r;
}

[numthreads(1, 1, 1)]
void main() {
  const int x = asint(out_1.Load(0u));
  const int x_1 = pick(x);
  out_1.Store(0u, asuint(x_1));
}
