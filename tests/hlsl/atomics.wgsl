// Atomics: groupshared ones are Interlocked* calls, buffer ones the buffer's methods at
// byte offsets; the original value comes back through an out parameter. A signed max on
// a buffer is a compare-exchange loop (the buffer methods work on uint words).
struct Counters {
  hits: atomic<u32>,
  low: atomic<i32>,
  high: atomic<i32>,
}

@group(0) @binding(0) var<storage, read_write> counters: Counters;
@group(0) @binding(1) var<storage, read_write> slots: array<atomic<u32>>;
var<workgroup> local_hits: atomic<u32>;

@compute @workgroup_size(32)
fn count(@builtin(local_invocation_index) i: u32, @builtin(global_invocation_id) id: vec3<u32>) {
  let v = i32(id.x) - 16;
  atomicAdd(&local_hits, 1u);
  atomicMin(&counters.low, v);
  atomicMax(&counters.high, v);
  let swapped = atomicCompareExchangeWeak(&slots[id.x % 4u], 0u, id.x);
  if (!swapped.exchanged) {
    atomicOr(&slots[id.x % 4u], 1u << (id.x % 32u));
  }
  workgroupBarrier();
  if (i == 0u) {
    atomicAdd(&counters.hits, atomicLoad(&local_hits));
  }
}
