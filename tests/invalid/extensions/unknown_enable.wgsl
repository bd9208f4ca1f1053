enable foo; //~ E1801
