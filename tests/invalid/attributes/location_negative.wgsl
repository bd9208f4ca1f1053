@fragment fn main(@location(-1) x: f32) {} //~ E1502
