const X = 1.0.0; //~ E0201
