@group(0) @binding(0) var<uniform> b: vec2<bool>; //~ E1111
