struct S {
  int data;
};

typedef S hlsl_S_array[10];

RWByteAddressBuffer out_1 : register(u0, space0);

hlsl_S_array hlsl_zero_S_10() {
  S r[10];
  for (uint i = 0u; i < 10u; i = i + 1u) {
    r[i] = (S)0;
  }
  return r;
}

void bump(inout S a[10]) {
  const int x = a[1].data + 1;
  a[1].data = x;
}

[numthreads(1, 1, 1)]
void main() {
  S arr[10] = hlsl_zero_S_10();
  const int x = asint(out_1.Load(4u));
  arr[0].data = x;
  bump(arr);
  const int x_1 = arr[0].data + arr[1].data;
  out_1.Store(0u, asuint(x_1));
}
