var<private> a: array<f32, -1>; //~ E1117
