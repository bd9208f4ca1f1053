@fragment fn m(@location(0) @interpolate(linear, either) x: f32) {} //~ E1510
