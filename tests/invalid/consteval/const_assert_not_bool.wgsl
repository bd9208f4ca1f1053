const_assert 1; //~ E1100
