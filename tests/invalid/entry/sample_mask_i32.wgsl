@fragment fn m(@builtin(sample_mask) s: i32) {} //~ E1507
