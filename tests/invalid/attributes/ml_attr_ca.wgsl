@id(0) //~ E0220
const_assert true;
