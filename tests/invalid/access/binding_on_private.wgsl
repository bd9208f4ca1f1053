@group(0) @binding(0) var<private> p: f32; //~ E1503
