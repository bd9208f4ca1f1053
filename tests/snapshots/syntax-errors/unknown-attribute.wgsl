@stage(vertex)
fn main() -> @builtin(position) vec4<f32> {
    return vec4<f32>();
}
