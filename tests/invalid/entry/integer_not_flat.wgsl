@fragment fn main(@location(0) i: u32) {} //~ E1510
