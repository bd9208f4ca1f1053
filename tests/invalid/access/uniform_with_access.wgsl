@group(0) @binding(0) var<uniform, read> u: vec4f; //~ E1114
