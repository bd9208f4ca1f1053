var<private> light: vec3f;
fn light() -> vec3f { return vec3f(1.0); } //~ E1000
