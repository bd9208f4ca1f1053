@group(0) @binding(0) var t: texture_2d<vec4f>; //~ E1110
