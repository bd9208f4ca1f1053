var<private> g: f32;
var<private> h: f32;

fn side(x: f32) -> f32 {
    g = x;
    return x;
}

fn order(x: f32) -> f32 {
    let a = g;
    let b = h;
    g = x;
    let d = side(a + b);
    let e = side(x);
    let l = g;
    let m = side(l);
    let n = h;
    return select(l, a, (e - d + n * m > 0.0f));
}

fn unused(x: f32) {
    side(x);
}
