fn f(a, b: f32) {
}
