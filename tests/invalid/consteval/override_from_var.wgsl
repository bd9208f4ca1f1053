var<private> v = 1;
override o = v; //~ E1306
