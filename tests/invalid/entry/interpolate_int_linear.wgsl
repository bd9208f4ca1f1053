@fragment fn m(@location(0) @interpolate(linear) x: i32) {} //~ E1510
