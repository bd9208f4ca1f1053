fn f() {
    let x: i32;
}
