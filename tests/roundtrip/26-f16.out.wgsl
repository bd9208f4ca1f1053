enable f16;

@group(0) @binding(0) var<storage, read_write> out: vec4<f16>;

@compute @workgroup_size(1, 1, 1)
fn main() {
    out = vec4<f16>(1.5h, 2.0h, -0.25h, 3.0h) + vec4<f16>(out.x);
}
