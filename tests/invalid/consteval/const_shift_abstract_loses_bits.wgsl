const x = 1 << 63u; //~ E1302
