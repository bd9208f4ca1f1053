@fragment
fn main() -> @location(0) vec4f { return vec4f(1.0); }
@vertex
fn main() -> @builtin(position) vec4f { return vec4f(0.0); } //~ E1000
