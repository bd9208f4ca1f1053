@fragment fn main(x: f32) {} //~ E1505
