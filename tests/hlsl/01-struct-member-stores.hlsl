struct Out {
  float4 pos : SV_Position;
  float4 color : TEXCOORD0;
  float2 uv : TEXCOORD1;
};

struct main_in {
  float4 p : TEXCOORD0;
  float4 c : TEXCOORD1;
};

struct main_out {
  float4 color : TEXCOORD0;
  float2 uv : TEXCOORD1;
  float4 pos : SV_Position;
};

Out hlsl_Out_new(float4 pos, float4 color, float2 uv) {
  Out r = { pos, color, uv };
  return r;
}

main_out hlsl_main_out_new(float4 color, float2 uv, float4 pos) {
  main_out r = { color, uv, pos };
  return r;
}

Out main_inner(float4 p, float4 c) {
  return hlsl_Out_new(p * 2.0f, c, p.xy);
}

main_out main(main_in p) {
  const Out x = main_inner(p.p, p.c);
  return hlsl_main_out_new(x.color, x.uv, x.pos);
}
