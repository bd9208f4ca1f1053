fn f() -> f32 {
    let x = (1.0 + 2.0;
    return x;
}
