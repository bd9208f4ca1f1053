const M = 1u << 32u; //~ E1302
