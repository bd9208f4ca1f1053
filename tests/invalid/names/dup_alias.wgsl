alias A = f32;
alias A = i32; //~ E1000
