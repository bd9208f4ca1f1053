const x = quantizeToF16(1e10f); //~ E1303
