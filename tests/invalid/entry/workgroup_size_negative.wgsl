@compute @workgroup_size(-1) fn m() {} //~ E1513
