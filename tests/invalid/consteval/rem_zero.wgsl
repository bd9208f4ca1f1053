const a = 7i % 0i; //~ E1301
