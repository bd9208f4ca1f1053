enable f64; //~ E1801
