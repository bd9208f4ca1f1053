var<private> b = 1;
@group(0) @binding(b) var<uniform> u: f32; //~ E1306
