@fragment fn main(@builtin(position) a: vec4f, @builtin(position) b: vec4f) {} //~ E1508
