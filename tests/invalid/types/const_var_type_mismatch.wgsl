const X: u32 = 1.5; //~ E1100
