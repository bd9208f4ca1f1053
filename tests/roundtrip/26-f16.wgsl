// `enable f16` and half-precision arithmetic.
enable f16;

@group(0) @binding(0) var<storage, read_write> out: vec4<f16>;

@compute @workgroup_size(1)
fn main() {
  var h = vec4<f16>(1.5h, 2.0h, -0.25h, 0.0h);
  h.w = h.x * h.y;
  out = h + vec4<f16>(out.x);
}
