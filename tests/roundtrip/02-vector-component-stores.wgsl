// Component stores into a vector variable: one constructor, not a chain of them.
@group(0) @binding(0) var<storage, read_write> out: vec4<f32>;

@compute @workgroup_size(1)
fn main(@builtin(local_invocation_index) i: u32) {
  var v = vec4<f32>(1.0);
  v.x = f32(i);
  v.z = v.x * 2.0;
  v.w = 0.5;
  out = v;
}
