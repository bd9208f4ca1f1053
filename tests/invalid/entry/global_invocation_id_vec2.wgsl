@compute @workgroup_size(1) fn m(@builtin(global_invocation_id) g: vec2u) {} //~ E1507
