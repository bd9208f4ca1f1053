// `&&` and `||` whose right side has an effect (a call) stay short-circuiting.
@group(0) @binding(0) var<storage, read_write> counter: atomic<u32>;

fn bump() -> bool {
  return atomicAdd(&counter, 1u) < 10u;
}

@compute @workgroup_size(1)
fn main(@builtin(local_invocation_index) i: u32) {
  let a = i > 2u && bump();
  let b = i < 1u || bump();
  if (a || b) {
    atomicStore(&counter, 0u);
  }
}
