fn f() {
    else {
    }
}
