fn f(a: i32) {
    a + 1;
}
