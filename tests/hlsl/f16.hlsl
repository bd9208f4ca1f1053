struct Particle {
  half3 position;
  half weight;
  half2 tint;
  half age;
};

struct age_in {
  uint3 id : SV_DispatchThreadID;
};

RWByteAddressBuffer particles : register(u0, space0);

half3 hlsl_particles_load_half3(uint offset) {
  uint2 w = particles.Load2(offset);
  return half3(f16tof32(w.x), f16tof32(w.x >> 16u), f16tof32(w.y));
}

half hlsl_particles_load_half(uint offset) {
  uint w = particles.Load(offset & ~3u);
  return (half)f16tof32(w >> ((offset & 2u) << 3u));
}

half2 hlsl_particles_load_half2(uint offset) {
  uint w = particles.Load(offset);
  return half2(f16tof32(w), f16tof32(w >> 16u));
}

Particle hlsl_particles_load_Particle(uint offset) {
  Particle r;
  r.position = hlsl_particles_load_half3(offset);
  r.weight = hlsl_particles_load_half(offset + 6u);
  r.tint = hlsl_particles_load_half2(offset + 8u);
  r.age = hlsl_particles_load_half(offset + 12u);
  return r;
}

void hlsl_particles_store_half3(uint offset, half3 value) {
  particles.Store(offset, f32tof16(value.x) | (f32tof16(value.y) << 16u));
  particles.InterlockedAnd(offset + 4u, ~(0xffffu << 0u));
  particles.InterlockedOr(offset + 4u, f32tof16(value.z) << 0u);
}

void hlsl_particles_store_half(uint offset, half value) {
  particles.InterlockedAnd(offset & ~3u, ~(0xffffu << ((offset & 2u) << 3u)));
  particles.InterlockedOr(offset & ~3u, f32tof16(value) << ((offset & 2u) << 3u));
}

void hlsl_particles_store_half2(uint offset, half2 value) {
  particles.Store(offset, f32tof16(value.x) | (f32tof16(value.y) << 16u));
}

void hlsl_particles_store_Particle(uint offset, Particle value) {
  hlsl_particles_store_half3(offset, value.position);
  hlsl_particles_store_half(offset + 6u, value.weight);
  hlsl_particles_store_half2(offset + 8u, value.tint);
  hlsl_particles_store_half(offset + 12u, value.age);
}

Particle hlsl_Particle_new(half3 position, half weight, half2 tint, half age) {
  Particle r = { position, weight, tint, age };
  return r;
}

void age_inner(uint3 id) {
  uint length_1;
  particles.GetDimensions(length_1);
  const Particle p = hlsl_particles_load_Particle(min(id.x, length_1 / 16u - 1u) * 16u);
  uint length_2;
  particles.GetDimensions(length_2);
  hlsl_particles_store_Particle(min(id.x, length_2 / 16u - 1u) * 16u, hlsl_Particle_new(p.position + half3(p.tint, half(0.0f)) * p.weight, p.weight, p.tint, p.age + half(1.0f)));
}

[numthreads(64, 1, 1)]
void age(age_in p) {
  age_inner(p.id);
}
