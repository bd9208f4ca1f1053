// Updating a member of a member: a nested constructor.
struct Inner { a: f32, b: vec2<f32> }
struct Outer { i: Inner, n: u32 }

@group(0) @binding(0) var<storage, read_write> buf: Outer;

@compute @workgroup_size(1)
fn main() {
  var o = buf;
  o.i.b.y = o.i.a + 1.0;
  o.n += 1u;
  buf = o;
}
