const a = sqrt(-1.0); //~ E1303
