@workgroup_size(1) fn g() {} //~ E1513
