// Work-efficient parallel prefix sum (Blelloch scan) of one 512-element block per
// workgroup, in workgroup memory. Each invocation handles two elements.

const BLOCK: u32 = 512u;
const HALF: u32 = BLOCK / 2u;

@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;
@group(0) @binding(2) var<storage, read_write> block_sums: array<u32>;

var<workgroup> temp: array<u32, BLOCK>;

@compute @workgroup_size(HALF)
fn scan_blocks(
  @builtin(local_invocation_index) local: u32,
  @builtin(workgroup_id) group: vec3u,
) {
  let base = group.x * BLOCK;
  let n = arrayLength(&input);

  // Load two elements per invocation; out-of-range elements count as zero.
  for (var k = 0u; k < 2u; k++) {
    let i = local + k * HALF;
    temp[i] = select(0u, input[base + i], base + i < n);
  }

  // Up-sweep: build partial sums in place.
  var offset = 1u;
  for (var d = HALF; d > 0u; d >>= 1u) {
    workgroupBarrier();
    if (local < d) {
      let a = offset * (2u * local + 1u) - 1u;
      let b = offset * (2u * local + 2u) - 1u;
      temp[b] += temp[a];
    }
    offset *= 2u;
  }

  // Save the block total and clear the last element for the exclusive scan.
  if (local == 0u) {
    block_sums[group.x] = temp[BLOCK - 1u];
    temp[BLOCK - 1u] = 0u;
  }

  // Down-sweep: distribute the partial sums.
  for (var d = 1u; d < BLOCK; d *= 2u) {
    offset >>= 1u;
    workgroupBarrier();
    if (local < d) {
      let a = offset * (2u * local + 1u) - 1u;
      let b = offset * (2u * local + 2u) - 1u;
      let t = temp[a];
      temp[a] = temp[b];
      temp[b] += t;
    }
  }
  workgroupBarrier();

  for (var k = 0u; k < 2u; k++) {
    let i = local + k * HALF;
    if (base + i < n) {
      output[base + i] = temp[i];
    }
  }
}
