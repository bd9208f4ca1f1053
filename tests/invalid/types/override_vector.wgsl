override v: vec2f; //~ E1110
