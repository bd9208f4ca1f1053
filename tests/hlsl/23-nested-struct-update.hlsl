struct Inner {
  float a;
  float2 b;
};

struct Outer {
  Inner i;
  uint n;
};

RWByteAddressBuffer buf : register(u0, space0);

Inner hlsl_buf_load_Inner(uint offset) {
  Inner r;
  r.a = asfloat(buf.Load(offset));
  r.b = asfloat(buf.Load2(offset + 8u));
  return r;
}

Outer hlsl_buf_load_Outer(uint offset) {
  Outer r;
  r.i = hlsl_buf_load_Inner(offset);
  r.n = buf.Load(offset + 16u);
  return r;
}

void hlsl_buf_store_Inner(uint offset, Inner value) {
  buf.Store(offset, asuint(value.a));
  buf.Store2(offset + 8u, asuint(value.b));
}

void hlsl_buf_store_Outer(uint offset, Outer value) {
  hlsl_buf_store_Inner(offset, value.i);
  buf.Store(offset + 16u, value.n);
}

Inner hlsl_Inner_new(float a, float2 b) {
  Inner r = { a, b };
  return r;
}

Outer hlsl_Outer_new(Inner i, uint n) {
  Outer r = { i, n };
  return r;
}

[numthreads(1, 1, 1)]
void main() {
  const Outer o = hlsl_buf_load_Outer(0u);
  hlsl_buf_store_Outer(0u, hlsl_Outer_new(hlsl_Inner_new(o.i.a, float2(o.i.b.x, o.i.a + 1.0f)), o.n + 1u));
}
