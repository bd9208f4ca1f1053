var<private> m: mat2x2h; //~ E1800
