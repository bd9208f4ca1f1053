@compute @workgroup_size(1, 1, 1, 1) fn m() {} //~ E0210
