fn f(p: ptr<handle, f32>) {} //~ E1001
