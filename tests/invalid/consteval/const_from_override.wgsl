override o = 1;
const c = o; //~ E1306
