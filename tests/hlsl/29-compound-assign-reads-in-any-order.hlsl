struct P {
  float3 a;
  float3 b;
  float c;
};

RWByteAddressBuffer ps : register(u0, space0);
cbuffer dt_block : register(b1, space0) {
  uint4 dt[1];
};

P hlsl_ps_load_P(uint offset) {
  P r;
  r.a = asfloat(ps.Load3(offset));
  r.b = asfloat(ps.Load3(offset + 16u));
  r.c = asfloat(ps.Load(offset + 28u));
  return r;
}

void hlsl_ps_store_P(uint offset, P value) {
  ps.Store3(offset, asuint(value.a));
  ps.Store3(offset + 16u, asuint(value.b));
  ps.Store(offset + 28u, asuint(value.c));
}

void touch(inout P p) {
  p.c = 1.0f;
}

float f(inout P p) {
  const float x = p.c + 1.0f;
  p.c = x;
  return p.c;
}

[numthreads(1, 1, 1)]
void main() {
  uint length_1;
  ps.GetDimensions(length_1);
  P p = hlsl_ps_load_P(min(0u, length_1 / 32u - 1u) * 32u);
  if (p.c < 0.0f) {
    touch(p);
  } else {
    const float3 x = p.b + (float3(0.0f, -2.5f, 0.0f) + float3(-p.a.z, 0.0f, p.a.x)) * asfloat(dt[0u].x);
    p.b = x;
    const float3 x_1 = p.b * 0.995f;
    p.b = x_1;
    const float3 x_2 = p.a + p.b * asfloat(dt[0u].x);
    p.a = x_2;
    uint length_2;
    ps.GetDimensions(length_2);
    const float x_3 = asfloat(ps.Load(min(1u, length_2 / 32u - 1u) * 32u + 28u));
    const float x_4 = x_3 + f(p);
    const float x_5 = x_4 + p.c;
    p.c = x_5;
  }
  uint length_3;
  ps.GetDimensions(length_3);
  const P x_6 = p;
  hlsl_ps_store_P(min(0u, length_3 / 32u - 1u) * 32u, x_6);
}
