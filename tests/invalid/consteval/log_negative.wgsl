const L = log(-1.0); //~ E1303
