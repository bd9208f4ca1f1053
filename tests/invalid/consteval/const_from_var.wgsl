var<private> v = 1;
const c = v; //~ E1306
