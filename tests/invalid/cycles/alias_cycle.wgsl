alias A = array<B, 2>; //~ E1002
alias B = A;
