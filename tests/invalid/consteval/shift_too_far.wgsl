const a = 1u << 33u; //~ E1302
