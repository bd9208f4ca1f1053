requires pointer_magic; //~ E1802
