struct Inner {
    a: f32,
    b: vec2<f32>,
}

struct Outer {
    i: Inner,
    n: u32,
}

@group(0) @binding(0) var<storage, read_write> buf: Outer;

@compute @workgroup_size(1, 1, 1)
fn main() {
    let o = buf;
    buf = Outer(Inner(o.i.a, vec2<f32>(o.i.b.x, o.i.a + 1.0f)), o.n + 1u);
}
