const x = insertBits(1u, 1u, 30u, 10u); //~ E1303
