@fragment fn main(@builtin(frag_depth) d: f32) {} //~ E1506
