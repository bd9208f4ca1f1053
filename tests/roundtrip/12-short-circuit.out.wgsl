@group(0) @binding(0) var<storage, read_write> counter: atomic<u32>;

fn bump() -> bool {
    return atomicAdd(&counter, 1u) < 10u;
}

@compute @workgroup_size(1, 1, 1)
fn main(@builtin(local_invocation_index) i: u32) {
    var a = i > 2u && bump();
    var b = i < 1u || bump();
    if a || b {
        atomicStore(&counter, 0u);
    }
}
