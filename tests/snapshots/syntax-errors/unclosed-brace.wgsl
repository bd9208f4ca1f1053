fn f() {
    if true {
        let x = 1;
}
