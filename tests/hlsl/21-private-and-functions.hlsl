struct main_in {
  uint vi : SV_VertexID;
};

struct main_out {
  float4 result : SV_Position;
};

static uint seed = 7u;

main_out hlsl_main_out_new(float4 result) {
  main_out r = { result };
  return r;
}

uint next() {
  const uint x = seed * 1664525u + 1013904223u;
  seed = x;
  return seed;
}

float unit(uint x) {
  return (float)(x & 65535u) / 65535.0f;
}

float4 main_inner(uint vi) {
  seed = vi;
  const uint x = next();
  const float x_1 = unit(x);
  const uint x_2 = next();
  return float4(x_1, unit(x_2), 0.0f, 1.0f);
}

main_out main(main_in p) {
  return hlsl_main_out_new(main_inner(p.vi));
}
