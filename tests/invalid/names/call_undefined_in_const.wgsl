const c = foo(1); //~ E1001
