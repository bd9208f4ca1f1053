const X: f32 = pow(10.0, 50.0); //~ E1300
