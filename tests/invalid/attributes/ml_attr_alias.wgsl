@id(0) //~ E0220
alias T = f32;
