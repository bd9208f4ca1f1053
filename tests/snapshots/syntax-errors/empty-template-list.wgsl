fn f() {
    let v = vec4<>(1.0);
}
