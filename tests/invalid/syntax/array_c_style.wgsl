var<private> weights: f32[4]; //~ E0201
