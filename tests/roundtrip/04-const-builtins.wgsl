// Builtins on values that become constants after mem2reg: folded when exact (`abs`,
// `all`, `any`), else written with a `let` so WGSL does not evaluate them at shader
// creation (dawn/test/tint/builtins/gen/var/*).
@group(0) @binding(0) var<storage, read_write> f: vec4<f32>;
@group(0) @binding(1) var<storage, read_write> i: i32;

@compute @workgroup_size(1)
fn main() {
  var a = vec4<f32>(-1.0);
  var b = vec3<bool>(true, false, true);
  var c = 2.0;
  f = abs(a) + sin(a) + vec4<f32>(min(c, 3.0));
  i = select(0, 1, all(b)) + select(0, 1, any(b));
}
