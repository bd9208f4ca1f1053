@group(0) var<uniform> u: vec4f; //~ E1503
