override a: i32 = a + 1; //~ E1002
