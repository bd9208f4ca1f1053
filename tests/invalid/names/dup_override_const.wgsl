override o = 1;
const o = 2; //~ E1000
