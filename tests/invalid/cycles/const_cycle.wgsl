const a = b; //~ E1002
const b = a;
