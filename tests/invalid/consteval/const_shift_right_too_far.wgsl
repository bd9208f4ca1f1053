const x = 1i >> 32u; //~ E1302
