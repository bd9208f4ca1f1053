struct Counters { n: atomic<u32>, m: array<atomic<i32>, 4> }
@group(0) @binding(0) var<storage, read_write> c: Counters;
var<workgroup> w: atomic<u32>;
@compute @workgroup_size(1) fn main() {
  atomicAdd(&c.n, 1u);
  let old = atomicExchange(&c.m[2], 5);
  let r = atomicCompareExchangeWeak(&w, 0u, 1u);
  if r.exchanged { atomicStore(&w, r.old_value); }
  _ = atomicLoad(&c.n) + u32(old);
}
