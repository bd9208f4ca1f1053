static const int hlsl_constant[4] = { 1, 2, 3, 4 };
RWByteAddressBuffer out_1 : register(u0, space0);

typedef int hlsl_out_1_load_int_arr4_ret[4];
hlsl_out_1_load_int_arr4_ret hlsl_out_1_load_int_arr4(uint offset) {
  int r[4];
  for (uint i = 0u; i < 4u; i = i + 1u) {
    r[i] = asint(out_1.Load(offset + i * 4u));
  }
  return r;
}

void hlsl_out_1_store_int_arr4(uint offset, int value[4]) {
  for (uint i = 0u; i < 4u; i = i + 1u) {
    out_1.Store(offset + i * 4u, asuint(value[i]));
  }
}

void inc(inout int p[4]) {
  const int x = p[2] + 1;
  p[2] = x;
}

[numthreads(1, 1, 1)]
void main() {
  int a[4] = hlsl_constant;
  inc(a);
  const int x = a[3] * 2;
  a[3] = x;
  const int x_1[4] = a;
  hlsl_out_1_store_int_arr4(0u, x_1);
}
