struct Inner { a: vec3f, b: f32 }
struct S {
  @align(16) x: f32,
  @size(32) y: vec2f,
  inner: Inner,
  tail: array<vec4f>,
}
@group(0) @binding(0) var<storage, read_write> s: S;
@compute @workgroup_size(1) fn main() { s.x = f32(arrayLength(&s.tail)); }
