var<private> v: vec5<f32>; //~ E1001
