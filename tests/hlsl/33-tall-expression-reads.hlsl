cbuffer ub_block : register(b0, space0) {
  uint4 ub[16];
};
RWByteAddressBuffer s : register(u1, space0);

[numthreads(1, 1, 1)]
void main() {
  const uint x = ub[0u].x + ub[1u].x + ub[2u].x + ub[3u].x + ub[4u].x + ub[5u].x + ub[6u].x + ub[7u].x + ub[8u].x + ub[9u].x;
  const uint x_1 = x + ub[10u].x + ub[11u].x + ub[12u].x + ub[13u].x;
  s.Store(0u, x_1);
}
