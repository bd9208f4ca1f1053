fn f() {
    var i = 0;
    let j = i++ + 1;
}
