requires foo; //~ E1802
