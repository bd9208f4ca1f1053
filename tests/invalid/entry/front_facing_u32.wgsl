@fragment fn m(@builtin(front_facing) f: u32) {} //~ E1507
