const X = 012; //~ E0105
