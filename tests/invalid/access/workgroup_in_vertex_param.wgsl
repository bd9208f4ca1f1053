var<workgroup> shared_data: array<f32, 64>;
fn f(p: ptr<workgroup, array<f32, 64>, read>) {} //~ E1114
