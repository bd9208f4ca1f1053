var<private> v: vec2<vec2f>; //~ E1110
