fn f() {
    let s = "hello";
    let t = x ? 1 : 2;
}
