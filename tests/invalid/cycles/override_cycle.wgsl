override a: i32 = b; //~ E1002
override b: i32 = a;
