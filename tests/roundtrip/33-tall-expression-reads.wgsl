// A sum too tall for one expression is split with a `let`: the loads the rest of the sum
// reads stay inline rather than bound to `let`s of their own (two reads may swap), as the
// next round trip, its loads now after the split, writes them
// (dawn/test/tint/buffer/*/static_index/read.wgsl).

@group(0) @binding(0) var<uniform> ub: array<vec4<u32>, 16>;
@group(0) @binding(1) var<storage, read_write> s: u32;

@compute @workgroup_size(1)
fn main() {
  let a0 = ub[0];
  let a1 = ub[1];
  let a2 = ub[2];
  let a3 = ub[3];
  let a4 = ub[4];
  let a5 = ub[5];
  let a6 = ub[6];
  let a7 = ub[7];
  let a8 = ub[8];
  let a9 = ub[9];
  let a10 = ub[10];
  let a11 = ub[11];
  let a12 = ub[12];
  let a13 = ub[13];
  s = a0.x + a1.x + a2.x + a3.x + a4.x + a5.x + a6.x + a7.x + a8.x + a9.x + a10.x + a11.x + a12.x + a13.x;
}
