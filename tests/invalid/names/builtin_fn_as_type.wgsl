var<private> x: sin; //~ E1005
