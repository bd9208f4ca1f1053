@id(0) const c = 1; //~ E0220
