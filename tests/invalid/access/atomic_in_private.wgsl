var<private> a: atomic<i32>; //~ E1111
