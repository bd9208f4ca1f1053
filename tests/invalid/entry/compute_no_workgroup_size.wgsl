@compute fn main() {} //~ E1513
