const a = (1 - 2) + 1u; //~ E1300
