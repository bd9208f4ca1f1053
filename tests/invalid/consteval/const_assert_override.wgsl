override o = 1;
const_assert o == 1; //~ E1306
