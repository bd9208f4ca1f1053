enable f16;
const H: f16 = 70000.0; //~ E1300
