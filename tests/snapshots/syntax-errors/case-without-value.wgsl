fn f(x: i32) {
    switch x {
        case: {}
        default: {}
    }
}
