// Atomic operations in workgroup and storage memory, with a barrier.
var<workgroup> local_count: atomic<u32>;
@group(0) @binding(0) var<storage, read_write> total: atomic<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  if (i == 0u) {
    atomicStore(&local_count, 0u);
  }
  workgroupBarrier();
  atomicAdd(&local_count, 1u);
  workgroupBarrier();
  if (i == 0u) {
    let n = atomicLoad(&local_count);
    _ = atomicMax(&total, n);
    let r = atomicCompareExchangeWeak(&total, n, n + 1u);
    if (r.exchanged) {
      atomicSub(&total, 1u);
    }
  }
}
