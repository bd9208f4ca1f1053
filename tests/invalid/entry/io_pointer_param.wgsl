@fragment fn m(@location(0) p: ptr<function, f32>) {} //~ E1509
