@vertex fn main() {} //~ E1514
