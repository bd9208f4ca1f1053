const E: f32 = exp(100.0); //~ E1300
