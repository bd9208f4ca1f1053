fn f() {
    /* outer /* inner */
    let x = 1;
}
