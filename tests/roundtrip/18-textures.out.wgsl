@group(0) @binding(0) var src: texture_2d<f32>;
@group(0) @binding(1) var smp: sampler;
@group(0) @binding(2) var dst: texture_storage_2d<rgba8unorm, write>;

@compute @workgroup_size(8, 8, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let size = textureDimensions(src);
    if any((id.xy >= size)) {
        return;
    }
    textureStore(dst, id.xy, mix(textureSampleLevel(src, smp, (vec2<f32>(id.xy) + 0.5f) / vec2<f32>(size), 0.0f), textureLoad(src, id.xy, 0i), 0.5f));
}
