struct In { @builtin(position) a: vec4f }
@fragment fn m(i: In, @builtin(position) b: vec4f) {} //~ E1508
