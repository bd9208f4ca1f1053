var<private> seed: u32 = 7u;

fn next() -> u32 {
    seed = seed * 1664525u + 1013904223u;
    return seed;
}

fn unit(x: u32) -> f32 {
    return f32(x & 65535u) / 65535.0f;
}

@vertex
fn main(@builtin(vertex_index) vi: u32) -> @builtin(position) vec4<f32> {
    seed = vi;
    return vec4<f32>(unit(next()), unit(next()), 0.0f, 1.0f);
}
