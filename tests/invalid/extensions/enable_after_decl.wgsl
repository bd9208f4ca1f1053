const x = 1;
enable f16; //~ E0212
