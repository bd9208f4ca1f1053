struct fs_in {
  float2 uv : TEXCOORD0;
  nointerpolation uint layer : TEXCOORD1;
};

struct fs_out {
  float4 result : SV_Target0;
};

struct blit_in {
  uint3 id : SV_DispatchThreadID;
};

Texture2D<float4> color : register(t0, space0);
Texture2DArray<float4> layers : register(t1, space0);
Texture2D<float> shadow : register(t2, space0);
SamplerState linear_1 : register(s3, space0);
SamplerComparisonState compare : register(s4, space0);
TextureCube<float4> cube : register(t5, space0);
RWTexture2D<float4> result : register(u0, space1);

fs_out hlsl_fs_out_new(float4 result) {
  fs_out r = { result };
  return r;
}

float4 fs_inner(float2 uv, uint layer) {
  return color.Sample(linear_1, uv) * shadow.SampleCmp(compare, uv, 0.5f) + layers.SampleLevel(linear_1, float3(uv, (float)layer), (float)0.0f) + color.GatherGreen(linear_1, uv) * 0.25f + cube.Sample(linear_1, float3(uv, 1.0f));
}

fs_out fs(fs_in p) {
  return hlsl_fs_out_new(fs_inner(p.uv, p.layer));
}

void blit_inner(uint3 id) {
  uint4 dims;
  color.GetDimensions(0u, dims.x, dims.y, dims.z);
  if (any(id.xy >= dims.xy)) {
    return;
  }
  uint4 dims_1;
  color.GetDimensions(0u, dims_1.x, dims_1.y, dims_1.z);
  const uint x = min(0u, dims_1.z - 1u);
  uint4 dims_2;
  color.GetDimensions((uint)x, dims_2.x, dims_2.y, dims_2.z);
  const uint2 x_1 = id.xy;
  const float4 x_2 = color.Load(int3(min(asuint((int2)id.xy), dims_2.xy - uint2(1u, 1u)), x)).zyxw;
  uint4 dims_3;
  result.GetDimensions(dims_3.x, dims_3.y);
  if (all(x_1 < dims_3.xy)) {
    result[x_1] = x_2;
  }
}

[numthreads(8, 8, 1)]
void blit(blit_in p) {
  blit_inner(p.id);
}
