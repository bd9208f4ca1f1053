var<private> a = 1;
var<private> b = a; //~ E1306
