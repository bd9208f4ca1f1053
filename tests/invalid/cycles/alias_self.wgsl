alias T = array<T, 2>; //~ E1002
