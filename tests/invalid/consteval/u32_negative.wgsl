const a: u32 = -1; //~ E1300
