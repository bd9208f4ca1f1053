@diagnostic(off, derivative_uniformity) var<private> x: f32; //~ E1500
