@fragment fn main(@builtin(vertex_index) i: u32) {} //~ E1506
