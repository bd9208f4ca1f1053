// Every texture kind gets its HLSL object type and register class (t, u, s); builtins
// map to methods (Sample, SampleLevel, SampleCmp, Gather, Load, GetDimensions).
@group(0) @binding(0) var color: texture_2d<f32>;
@group(0) @binding(1) var layers: texture_2d_array<f32>;
@group(0) @binding(2) var shadow: texture_depth_2d;
@group(0) @binding(3) var linear: sampler;
@group(0) @binding(4) var compare: sampler_comparison;
@group(0) @binding(5) var cube: texture_cube<f32>;
@group(1) @binding(0) var result: texture_storage_2d<rgba8unorm, write>;

@fragment
fn fs(@location(0) uv: vec2<f32>, @location(1) @interpolate(flat) layer: u32) -> @location(0) vec4<f32> {
  let base = textureSample(color, linear, uv);
  let layered = textureSampleLevel(layers, linear, uv, layer, 0.0);
  let lit = textureSampleCompare(shadow, compare, uv, 0.5);
  let around = textureGather(1, color, linear, uv);
  let sky = textureSample(cube, linear, vec3<f32>(uv, 1.0));
  return base * lit + layered + around * 0.25 + sky;
}

@compute @workgroup_size(8, 8)
fn blit(@builtin(global_invocation_id) id: vec3<u32>) {
  let size = textureDimensions(color);
  if (any(id.xy >= size)) {
    return;
  }
  let texel = textureLoad(color, vec2<i32>(id.xy), 0);
  textureStore(result, id.xy, texel.bgra);
}
