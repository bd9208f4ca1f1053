@group(0) @binding(1.5) var<uniform> u: vec4f; //~ E1100
