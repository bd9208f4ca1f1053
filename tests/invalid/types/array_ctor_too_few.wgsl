const weights = array<f32, 4>(0.1, 0.2, 0.3); //~ E1102
