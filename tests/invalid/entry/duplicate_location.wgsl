@fragment fn main(@location(0) a: f32, @location(0) b: f32) {} //~ E1508
