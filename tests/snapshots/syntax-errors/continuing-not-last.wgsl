fn f() {
    loop {
        continuing {
        }
        let x = 1;
    }
}
