// A @size on the only member of an array element sets the array's stride (16 bytes, not
// 4). Reduced from the corpus's dawn/test/tint/benchmark/atan2-const-eval.wgsl, on which
// naga 30's WGSL writer (the stand-in path) drops the attribute and writes every value
// to the wrong place.
struct Output {
  @size(16) value: f32,
}

@group(0) @binding(0) var<storage, read_write> outputs: array<Output, 8>;
@group(0) @binding(1) var<storage, read> inputs: array<f32, 8>;

@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) i: u32) {
  outputs[i].value = inputs[i] * 2.0;
}
