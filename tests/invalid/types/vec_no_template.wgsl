var<private> x: vec3; //~ E1009
