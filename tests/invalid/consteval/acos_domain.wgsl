const A = acos(2.0); //~ E1303
