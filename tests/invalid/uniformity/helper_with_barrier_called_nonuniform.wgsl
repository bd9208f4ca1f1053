var<workgroup> data: array<u32, 64>;

fn sync_and_read(i: u32) -> u32 {
  workgroupBarrier(); //~ E1852
  return data[i];
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) idx: u32) {
  if (idx % 2u == 0u) {
    let v = sync_and_read(idx);
  }
}
