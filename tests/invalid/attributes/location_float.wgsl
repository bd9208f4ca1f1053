@fragment fn main(@location(1.0) x: f32) {} //~ E1100
