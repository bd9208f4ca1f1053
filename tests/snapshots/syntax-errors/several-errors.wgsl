struct S {
    a: f32
}

fn f() -> f32 {
    let x = 1.0 +;
    let y = 2.0
    return x & y | 1.0;
}

fn g() {
    var v = vec2<f32>(1.0, 2.0;
}
