const x = ldexp(1.0f, 200); //~ E1303
