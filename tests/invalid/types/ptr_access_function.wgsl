fn g(p: ptr<function, f32, read_write>) {} //~ E1114
