override color: vec3f = vec3f(1.0); //~ E1110
