@fragment fn main(@location(0) @interpolate(wobbly) x: f32) {} //~ E1510
