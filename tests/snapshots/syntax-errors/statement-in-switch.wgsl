fn f(x: i32) {
    switch x {
        let y = 1;
        default {}
    }
}
