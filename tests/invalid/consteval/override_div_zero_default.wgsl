override scale: i32 = 1 / 0; //~ E1301
