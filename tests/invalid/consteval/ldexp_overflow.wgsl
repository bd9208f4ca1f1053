const X: f32 = ldexp(1.0, 200); //~ E1300
