// Member layout attributes must survive a compiler's WGSL output: @align and @size move
// `after` and set the array stride, so dropping them changes what every invocation reads
// and writes. Reduced from the corpus's
// dawn/test/tint/buffer/uniform/std140/struct/mat2x2_f32/to_storage.wgsl, on which naga
// 30's WGSL writer (the stand-in path) mismatches.
struct S {
  before: i32,
  m: mat2x2<f32>,
  @align(64) @size(16) after: i32,
}

@group(0) @binding(0) var<uniform> u: array<S, 4>;
@group(0) @binding(1) var<storage, read_write> s: array<S, 4>;

@compute @workgroup_size(1)
fn f() {
  s = u;
  s[1].m[0] = u[0].m[1].yx;
}
