var<private> a: array<i32, 4294967296>; //~ E1117 //~ E1300
