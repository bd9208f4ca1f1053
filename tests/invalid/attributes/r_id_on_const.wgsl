@id(0) const X = 1; //~ E0220
