var<private> h: f16; //~ E1800
