const x = exp(1000.0f); //~ E1303
