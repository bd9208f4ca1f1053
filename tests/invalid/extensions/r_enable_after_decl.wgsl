fn f() {}
enable f16; //~ E0212
