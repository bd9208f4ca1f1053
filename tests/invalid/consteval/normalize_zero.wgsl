const X = normalize(vec3f(0.0)); //~ E1303
