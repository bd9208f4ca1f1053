fn f(p: ptr<function>) {} //~ E1009
