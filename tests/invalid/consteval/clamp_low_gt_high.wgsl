const X = clamp(1, 5, 2); //~ E1303
