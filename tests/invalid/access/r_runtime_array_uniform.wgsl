@group(0) @binding(0) var<uniform> lights: array<vec4f>; //~ E1111
