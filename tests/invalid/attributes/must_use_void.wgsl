@must_use fn g() {} //~ E1500
