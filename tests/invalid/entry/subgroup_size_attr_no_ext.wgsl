@compute @workgroup_size(64) @subgroup_size(32) fn m() {} //~ E1800
