enable f16;
const x = f16(1e10); //~ E1300
