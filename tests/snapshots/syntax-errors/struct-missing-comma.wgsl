struct S {
    a: f32
    b: i32,
}
