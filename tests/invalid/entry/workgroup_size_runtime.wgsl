var<private> p: i32 = 4;
@compute @workgroup_size(p) fn m() {} //~ E1513
