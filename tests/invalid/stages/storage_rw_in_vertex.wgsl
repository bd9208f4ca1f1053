@group(0) @binding(0) var<storage, read_write> b: f32;
@vertex fn main() -> @builtin(position) vec4f {
  return vec4f(b); //~ E1402
}
