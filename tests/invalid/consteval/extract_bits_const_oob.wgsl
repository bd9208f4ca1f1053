const X = extractBits(1u, 30u, 5u); //~ E1303
