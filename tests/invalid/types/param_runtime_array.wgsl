fn g(a: array<f32>) {} //~ E1110
