fn f() {
    for (var i = 0; i < 4; var j = 1) {
    }
}
