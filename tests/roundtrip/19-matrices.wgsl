// Matrix construction, column stores and multiplication.
@group(0) @binding(0) var<uniform> m: mat4x4<f32>;
@group(0) @binding(1) var<storage, read_write> out: vec4<f32>;

@compute @workgroup_size(1)
fn main() {
  var t = mat4x4<f32>();
  t[0] = vec4<f32>(1.0, 0.0, 0.0, 0.0);
  t[1] = vec4<f32>(0.0, 2.0, 0.0, 0.0);
  t[2] = m[2];
  t[3] = vec4<f32>(0.0, 0.0, 0.0, 1.0);
  out = (t * m) * vec4<f32>(1.0);
}
