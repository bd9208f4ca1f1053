const A = B + 1; //~ E1002
const B = A + 1;
