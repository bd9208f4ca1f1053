var<private> g: f32;
var<private> h: f32;
var<private> idx: u32;
var<private> arr: array<f32, 4>;

fn side(x: f32) -> f32 {
    g = x;
    return x;
}

fn order(x: f32) -> f32 {
    let a = g;
    let b = h;
    g = x;
    let d = side(a + b);
    let f = side(x) - d;
    let l = g;
    let m = side(l);
    return select(l, a, (f + h * m > 0.0f));
}

fn unused(x: f32) {
    side(x);
}

fn calls_then_index(x: f32) {
    let s = side(x) + side(x);
    arr[idx] = s;
}
