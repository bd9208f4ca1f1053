const x = 0xffffffffu << 1u; //~ E1302
