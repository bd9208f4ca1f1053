struct Uniforms {
  mvp: mat4x4f,
}
@group(0) @binding(0) var<uniform> u: Uniforms;

@vertex
fn main(@location(0) pos: vec3f) -> @builtin(position) vec4f {
  return u.mvp * pos; //~ E1101
}
