@fragment fn main(@builtin(position) @location(0) p: vec4f) {} //~ E1515
