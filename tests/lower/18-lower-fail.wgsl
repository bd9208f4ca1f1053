// RUN: lower-fail
//
// Lowering fails only where the IR cannot express valid WGSL. A `buffer` (the
// `buffer_view` language feature) whose size is an override has no IR type: the IR's
// `buffer<N>` takes a constant size.

requires buffer_view;

override size: u32 = 64u;
var<workgroup> raw: buffer<size>;

@compute @workgroup_size(1)
fn main() {
  _ = bufferLength(&raw);
}

// CHECK: E4100 10:1: the IR cannot express `buffer<size>`: a buffer's size must be a constant
