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
    let x = buf;
    buf = Outer(Inner(x.i.a, vec2<f32>(x.i.b.x, x.i.a + 1.0f)), x.n + 1u);
}
