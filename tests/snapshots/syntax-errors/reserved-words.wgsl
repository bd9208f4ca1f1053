fn f() {
    let class = 1;
    var __x = 2;
}
