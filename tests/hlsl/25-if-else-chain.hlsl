RWByteAddressBuffer out_1 : register(u0, space0);

float classify(float x) {
  float r = 0.0f;
  if (x < 0.0f) {
    r = -1.0f;
  } else {
    float r_1 = 0.0f;
    if (x == 0.0f) {
      r_1 = 0.0f;
    } else {
      float r_2 = 0.0f;
      if (x < 10.0f) {
        r_2 = x * 0.1f;
      } else {
        r_2 = 1.0f;
      }
      r_1 = r_2;
    }
    r = r_1;
  }
  return r;
}

[numthreads(1, 1, 1)]
void main() {
  const float x = asfloat(out_1.Load(0u));
  const float x_1 = classify(x);
  out_1.Store(0u, asuint(x_1));
}
