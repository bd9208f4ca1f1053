const X = inverseSqrt(0.0); //~ E1303
