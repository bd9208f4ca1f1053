const H = 1.0h; //~ E1800
