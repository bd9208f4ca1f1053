struct Out {
    @builtin(position) pos: vec4<f32>,
    @location(0) color: vec4<f32>,
    @location(1) uv: vec2<f32>,
}

@vertex
fn main(@location(0) p: vec4<f32>, @location(1) c: vec4<f32>) -> Out {
    return Out(p * 2.0f, c, p.xy);
}
