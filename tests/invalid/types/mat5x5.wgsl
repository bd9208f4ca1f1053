var<private> m: mat5x5<f32>; //~ E1001
