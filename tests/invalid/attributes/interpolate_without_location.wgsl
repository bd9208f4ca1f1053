@fragment fn main(@builtin(position) @interpolate(flat) p: vec4f) {} //~ E1510
