var<workgroup> w: i32 = 1; //~ E1119
