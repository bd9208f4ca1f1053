struct main_in {
  uint3 id : SV_DispatchThreadID;
};

RWByteAddressBuffer data : register(u0, space0);

bool3 hlsl_and_bool3(bool3 a, bool3 b) {
  return bool3(a.x && b.x, a.y && b.y, a.z && b.z);
}

bool3 hlsl_or_bool3(bool3 a, bool3 b) {
  return bool3(a.x || b.x, a.y || b.y, a.z || b.z);
}

int3 hlsl_select_int3(bool3 c, int3 t, int3 f) {
  return int3(c.x ? t.x : f.x, c.y ? t.y : f.y, c.z ? t.z : f.z);
}

bool3 mix_bits(bool3 a, bool3 b) {
  return hlsl_or_bool3(hlsl_and_bool3(a, b), !a);
}

void main_inner(uint3 id) {
  uint length_1;
  data.GetDimensions(length_1);
  const int a = asint(data.Load(min(id.x, length_1 / 4u - 1u) * 4u));
  uint length_2;
  data.GetDimensions(length_2);
  const int b = asint(data.Load(min(id.x + 1u, length_2 / 4u - 1u) * 4u));
  const int x = a / ((b == 0) | ((a == int(-2147483647 - 1)) & (b == -1)) ? 1 : b);
  const int x_1 = a % ((b == 0) | ((a == int(-2147483647 - 1)) & (b == -1)) ? 1 : b);
  const float f = (float)a * 10000000000.0f;
  const int3 v = hlsl_select_int3(mix_bits(bool3(a > 0, b > 0, x > 0), bool3(true, false, x_1 != 0)), int3((int)min(max(f, -2147483600.0f), 2147483500.0f), (int)(uint)min(max(-f, 0.0f), 4294967000.0f), 0), int3(x, x_1, a << ((uint)b & 31u)));
  uint length_3;
  data.GetDimensions(length_3);
  data.Store(min(id.x + 2u, length_3 / 4u - 1u) * 4u, asuint(v.x + v.y + v.z));
}

[numthreads(1, 1, 1)]
void main(main_in p) {
  main_inner(p.id);
}
