@id(0)
const x = 1; //~ E0220
