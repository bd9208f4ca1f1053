const N = 3;
const_assert N > 4; //~ E1307
