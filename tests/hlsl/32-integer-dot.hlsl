struct main_in {
  uint3 wid : SV_GroupID;
};

RWByteAddressBuffer out_1 : register(u0, space0);
RWByteAddressBuffer counts : register(u1, space0);

int hlsl_dot_int3(int3 a, int3 b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

uint hlsl_dot_uint4(uint4 a, uint4 b) {
  return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}

uint hlsl_dot_uint3(uint3 a, uint3 b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

void main_inner(uint3 wid) {
  out_1.Store(0u, asuint(hlsl_dot_int3(int3(1, 1, 1), int3(1, 1, 1))));
  out_1.Store(4u, hlsl_dot_uint4(uint4(wid, 2u), uint4(3u, wid)));
  out_1.Store(8u, asuint(dot((float2)(float)wid.x, float2(0.5f, 0.5f))));
  uint old;
  counts.InterlockedOr(0u, hlsl_dot_uint3(uint3(0u, 0u, 0u), wid), old);
}

[numthreads(1, 1, 1)]
void main(main_in p) {
  main_inner(p.wid);
}
