// Texture loads, sampling with a level, queries and a storage texture write.
@group(0) @binding(0) var src: texture_2d<f32>;
@group(0) @binding(1) var smp: sampler;
@group(0) @binding(2) var dst: texture_storage_2d<rgba8unorm, write>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let size = textureDimensions(src);
  if (any(id.xy >= size)) {
    return;
  }
  let uv = (vec2<f32>(id.xy) + 0.5) / vec2<f32>(size);
  let a = textureSampleLevel(src, smp, uv, 0.0);
  let b = textureLoad(src, id.xy, 0);
  textureStore(dst, id.xy, mix(a, b, 0.5));
}
