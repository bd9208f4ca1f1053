struct Light {
  float3 position;
  float intensity;
  float3 color;
};

struct Params {
  float3x3 transform;
  uint count;
  float2 scale;
};

struct shade_in {
  uint3 id : SV_DispatchThreadID;
};

cbuffer params_block : register(b0, space0) {
  uint4 params[4];
};
ByteAddressBuffer lights : register(t1, space0);
RWByteAddressBuffer out_1 : register(u2, space0);

Light hlsl_lights_load_Light(uint offset) {
  Light r;
  r.position = asfloat(lights.Load3(offset));
  r.intensity = asfloat(lights.Load(offset + 12u));
  r.color = asfloat(lights.Load3(offset + 16u));
  return r;
}

float3 hlsl_params_load_float3(uint offset) {
  return asfloat(params[offset / 16u].xyz);
}

float3x3 hlsl_params_load_float3x3(uint offset) {
  return float3x3(hlsl_params_load_float3(offset), hlsl_params_load_float3(offset + 16u), hlsl_params_load_float3(offset + 32u));
}

void shade_inner(uint3 id) {
  uint length_1;
  lights.GetDimensions(length_1);
  bool p = false;
  if (id.x >= (length_1 - 16u) / 32u) {
    p = true;
  } else {
    p = id.x >= params[3u].x;
  }
  if (p) {
    return;
  }
  uint length_2;
  lights.GetDimensions(length_2);
  const Light light = hlsl_lights_load_Light(min(id.x, (length_2 - 16u) / 32u - 1u) * 32u + 16u);
  uint length_3;
  out_1.GetDimensions(length_3);
  const float4 x = float4(mul(light.position, hlsl_params_load_float3x3(0u)) * light.intensity + light.color, asfloat(params[3u].z)) + asfloat(lights.Load4(0u));
  out_1.Store4(min(id.x, length_3 / 16u - 1u) * 16u, asuint(x));
}

[numthreads(64, 1, 1)]
void shade(shade_in p) {
  shade_inner(p.id);
}
