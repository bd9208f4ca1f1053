var<private> buf: array<f32, 0>; //~ E1117
