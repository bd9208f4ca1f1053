@group(0) @binding(0) var t: texture_2d<bool>; //~ E1110
