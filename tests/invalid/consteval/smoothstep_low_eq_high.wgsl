const X = smoothstep(1.0, 1.0, 0.5); //~ E1303
