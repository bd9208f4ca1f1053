struct main_in {
  float2 uv : TEXCOORD0;
};

struct main_out {
  float4 result : SV_Target0;
};

Texture2D<float4> t : register(t0, space0);
SamplerState s : register(s1, space0);

main_out hlsl_main_out_new(float4 result) {
  main_out r = { result };
  return r;
}

float4 main_inner(float2 uv) {
  const float4 c = t.Sample(s, uv);
  if (c.w < 0.5f) {
    discard;
  }
  return c;
}

main_out main(main_in p) {
  return hlsl_main_out_new(main_inner(p.uv));
}
