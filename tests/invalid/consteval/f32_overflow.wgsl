const a = 3.0e38f * 10f; //~ E1300
