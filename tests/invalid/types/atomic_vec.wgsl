var<workgroup> a: atomic<vec2u>; //~ E1110
