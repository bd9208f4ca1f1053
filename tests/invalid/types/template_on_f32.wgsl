var<private> x: f32<i32>; //~ E1009
