@fragment fn m(@location(0) x: array<f32, 2>) {} //~ E1509
