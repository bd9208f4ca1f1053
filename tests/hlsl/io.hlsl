struct VertexOut {
  float4 position : SV_Position;
  float2 uv : TEXCOORD0;
  nointerpolation uint material : TEXCOORD1;
  noperspective centroid float shade : TEXCOORD2;
};

struct FragmentOut {
  float4 color : TEXCOORD0;
  float4 normal : TEXCOORD1;
  float depth : SV_Depth;
  uint mask : SV_Coverage;
};

struct vs_in {
  uint vertex : SV_VertexID;
  uint instance : SV_InstanceID;
};

struct vs_out {
  float2 uv : TEXCOORD0;
  nointerpolation uint material : TEXCOORD1;
  noperspective centroid float shade : TEXCOORD2;
  float4 position : SV_Position;
};

struct fs_in {
  float2 uv : TEXCOORD0;
  nointerpolation uint material : TEXCOORD1;
  noperspective centroid float shade : TEXCOORD2;
  float4 position : SV_Position;
  bool front : SV_IsFrontFace;
  uint sample_1 : SV_SampleIndex;
};

struct fs_out {
  float4 color : SV_Target0;
  float4 normal : SV_Target1;
  float depth : SV_Depth;
  uint mask : SV_Coverage;
};

VertexOut hlsl_VertexOut_new(float4 position, float2 uv, uint material, float shade) {
  VertexOut r = { position, uv, material, shade };
  return r;
}

vs_out hlsl_vs_out_new(float2 uv, uint material, float shade, float4 position) {
  vs_out r = { uv, material, shade, position };
  return r;
}

FragmentOut hlsl_FragmentOut_new(float4 color, float4 normal, float depth, uint mask) {
  FragmentOut r = { color, normal, depth, mask };
  return r;
}

fs_out hlsl_fs_out_new(float4 color, float4 normal, float depth, uint mask) {
  fs_out r = { color, normal, depth, mask };
  return r;
}

VertexOut vs_inner(uint vertex, uint instance) {
  const float x = (float)((vertex << 1u) & 2u);
  const float2 uv = float2(x, (float)(vertex & 2u));
  return hlsl_VertexOut_new(float4(uv * 2.0f - 1.0f, 0.0f, 1.0f), uv, instance, x);
}

vs_out vs(vs_in p) {
  const VertexOut x = vs_inner(p.vertex, p.instance);
  return hlsl_vs_out_new(x.uv, x.material, x.shade, x.position);
}

FragmentOut fs_inner(VertexOut in_1, bool front, uint sample_1) {
  return hlsl_FragmentOut_new(float4(in_1.uv, in_1.shade, 1.0f), float4(0.0f, 0.0f, front ? 1.0f : -1.0f, (float)in_1.material), in_1.position.z, 1u << (sample_1 & 31u));
}

fs_out fs(fs_in p) {
  const FragmentOut x = fs_inner(hlsl_VertexOut_new(p.position, p.uv, p.material, p.shade), p.front, p.sample_1);
  return hlsl_fs_out_new(x.color, x.normal, x.depth, x.mask);
}
