const x = log(0.0); //~ E1303
