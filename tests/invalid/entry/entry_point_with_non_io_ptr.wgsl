@compute @workgroup_size(1) fn m(p: ptr<function, i32>) {} //~ E1505
