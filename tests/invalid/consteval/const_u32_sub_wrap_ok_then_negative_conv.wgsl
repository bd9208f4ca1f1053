const x: u32 = 1 - 2; //~ E1300
