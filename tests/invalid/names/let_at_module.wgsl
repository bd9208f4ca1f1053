let x = 1; //~ E0226
