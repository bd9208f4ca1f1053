struct main_in {
  uint3 id : SV_DispatchThreadID;
};

Texture2D<float4> src : register(t0, space0);
SamplerState smp : register(s1, space0);
RWTexture2D<float4> dst_1 : register(u2, space0);

void main_inner(uint3 id) {
  uint4 dims;
  src.GetDimensions(0u, dims.x, dims.y, dims.z);
  const uint2 size = dims.xy;
  if (any(id.xy >= size)) {
    return;
  }
  uint4 dims_1;
  src.GetDimensions(0u, dims_1.x, dims_1.y, dims_1.z);
  const uint x = min(0u, dims_1.z - 1u);
  uint4 dims_2;
  src.GetDimensions((uint)x, dims_2.x, dims_2.y, dims_2.z);
  const uint2 x_1 = id.xy;
  const float4 x_2 = lerp(src.SampleLevel(smp, ((float2)id.xy + 0.5f) / (float2)size, (float)0.0f), src.Load(int3(min(id.xy, dims_2.xy - uint2(1u, 1u)), x)), 0.5f);
  uint4 dims_3;
  dst_1.GetDimensions(dims_3.x, dims_3.y);
  if (all(x_1 < dims_3.xy)) {
    dst_1[x_1] = x_2;
  }
}

[numthreads(8, 8, 1)]
void main(main_in p) {
  main_inner(p.id);
}
