fn helper() -> f32 { return 1.0; }
fn helper() -> f32 { return 2.0; } //~ E1000
