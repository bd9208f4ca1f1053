struct S {
  a: f32,
  @size(16) b: array<f32>, //~ E1502
}
@group(0) @binding(0) var<storage> s: S;
