const a = 1 / 0; //~ E1301
