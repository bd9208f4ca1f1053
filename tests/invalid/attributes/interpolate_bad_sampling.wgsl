@fragment fn main(@location(0) @interpolate(flat, center) x: f32) {} //~ E1510
