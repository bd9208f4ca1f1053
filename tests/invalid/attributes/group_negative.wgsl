@group(-1) @binding(0) var<uniform> u: vec4f; //~ E1502
