@fragment fn main(@builtin(primitive_index) i: u32) {} //~ E1800
