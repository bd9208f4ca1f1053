@compute @workgroup_size(true) fn m() {} //~ E1513
