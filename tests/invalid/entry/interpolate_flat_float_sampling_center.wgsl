@fragment fn m(@location(0) @interpolate(flat, centroid) x: f32) {} //~ E1510
