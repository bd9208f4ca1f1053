@fragment fn m(@location(0) x: mat2x2f) {} //~ E1509
