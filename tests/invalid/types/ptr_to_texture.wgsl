fn f(p: ptr<function, texture_2d<f32>>) {} //~ E1111
