RWByteAddressBuffer out_1 : register(u0, space0);

half hlsl_out_1_load_half(uint offset) {
  uint w = out_1.Load(offset & ~3u);
  return (half)f16tof32(w >> ((offset & 2u) << 3u));
}

void hlsl_out_1_store_half(uint offset, half value) {
  out_1.InterlockedAnd(offset & ~3u, ~(0xffffu << ((offset & 2u) << 3u)));
  out_1.InterlockedOr(offset & ~3u, f32tof16(value) << ((offset & 2u) << 3u));
}

half4 hlsl_out_1_load_half4(uint offset) {
  uint2 w = out_1.Load2(offset);
  return half4(f16tof32(w.x), f16tof32(w.x >> 16u), f16tof32(w.y), f16tof32(w.y >> 16u));
}

void hlsl_out_1_store_half4(uint offset, half4 value) {
  out_1.Store2(offset, uint2(f32tof16(value.x) | (f32tof16(value.y) << 16u), f32tof16(value.z) | (f32tof16(value.w) << 16u)));
}

[numthreads(1, 1, 1)]
void main() {
  const half4 x = half4(half(1.5f), half(2.0f), half(-0.25f), half(3.0f)) + (half4)hlsl_out_1_load_half(0u);
  hlsl_out_1_store_half4(0u, x);
}
