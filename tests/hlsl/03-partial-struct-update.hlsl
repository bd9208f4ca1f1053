struct Particle {
  float3 pos;
  float life;
  float3 vel;
};

struct main_in {
  uint3 id : SV_DispatchThreadID;
};

RWByteAddressBuffer ps : register(u0, space0);

Particle hlsl_ps_load_Particle(uint offset) {
  Particle r;
  r.pos = asfloat(ps.Load3(offset));
  r.life = asfloat(ps.Load(offset + 12u));
  r.vel = asfloat(ps.Load3(offset + 16u));
  return r;
}

void hlsl_ps_store_Particle(uint offset, Particle value) {
  ps.Store3(offset, asuint(value.pos));
  ps.Store(offset + 12u, asuint(value.life));
  ps.Store3(offset + 16u, asuint(value.vel));
}

Particle hlsl_Particle_new(float3 pos, float life, float3 vel) {
  Particle r = { pos, life, vel };
  return r;
}

void main_inner(uint3 id) {
  uint length_1;
  ps.GetDimensions(length_1);
  const Particle p = hlsl_ps_load_Particle(min(id.x, length_1 / 32u - 1u) * 32u);
  const float3 x = p.vel * 0.5f;
  uint length_2;
  ps.GetDimensions(length_2);
  hlsl_ps_store_Particle(min(id.x, length_2 / 32u - 1u) * 32u, hlsl_Particle_new(p.pos + x, p.life, x));
}

[numthreads(64, 1, 1)]
void main(main_in p) {
  main_inner(p.id);
}
