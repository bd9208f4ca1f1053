// RUN: lower
//
// Textures and samplers live in the `handle` address space: the variable is a pointer,
// and using it loads the handle (WGSL's Load Rule). Each texture builtin is one opcode
// whose operands are the call's arguments in WGSL's order (`textureGather`'s component
// first, `textureStore`'s value last).

@group(0) @binding(0) var color: texture_2d<f32>;
@group(0) @binding(1) var layers: texture_2d_array<u32>;
@group(0) @binding(2) var depth: texture_depth_2d;
@group(0) @binding(3) var cube: texture_cube<f32>;
@group(0) @binding(4) var linear: sampler;
@group(0) @binding(5) var shadow: sampler_comparison;
@group(0) @binding(6) var dest: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(7) var video: texture_external;
@group(0) @binding(8) var msaa: texture_multisampled_2d<f32>;

@fragment
fn fs(@location(0) uv: vec2<f32>, @builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
  let c = textureSample(color, linear, uv);
  let l = textureSampleLevel(color, linear, uv, 2.0, vec2<i32>(1, -1));
  let g = textureSampleGrad(cube, linear, vec3<f32>(uv, 1.0), vec3<f32>(), vec3<f32>());
  let s = textureSampleCompare(depth, shadow, uv, 0.5);
  let gathered = textureGather(1, color, linear, uv);
  let texel = textureLoad(layers, vec2<u32>(pos.xy), 3, 0);
  let dims = textureDimensions(color, 1);
  let levels = textureNumLevels(color);
  let samples = textureNumSamples(msaa);
  let ext = textureSampleBaseClampToEdge(video, linear, uv);
  let m = textureLoad(msaa, vec2<i32>(pos.xy), 0);
  textureStore(dest, vec2<i32>(pos.xy), c);
  return c + l + g * s + gathered + vec4<f32>(texel) + vec4<f32>(vec2<f32>(dims), f32(levels + samples), 0.0) + ext + m;
}

// CHECK: @color: ptr<handle, texture_2d<f32>, read> = var @group(0) @binding(0)
// NEXT: @layers: ptr<handle, texture_2d_array<u32>, read> = var @group(0) @binding(1)
// NEXT: @depth: ptr<handle, texture_depth_2d, read> = var @group(0) @binding(2)
// NEXT: @cube: ptr<handle, texture_cube<f32>, read> = var @group(0) @binding(3)
// NEXT: @linear: ptr<handle, sampler, read> = var @group(0) @binding(4)
// NEXT: @shadow: ptr<handle, sampler_comparison, read> = var @group(0) @binding(5)
// NEXT: @dest: ptr<handle, texture_storage_2d<rgba8unorm, write>, read> = var @group(0) @binding(6)
// NEXT: @video: ptr<handle, texture_external, read> = var @group(0) @binding(7)
// NEXT: @msaa: ptr<handle, texture_multisampled_2d<f32>, read> = var @group(0) @binding(8)
// NEXT: func @fs(%uv: vec2<f32> @location(0), %pos: vec4<f32> @builtin(position)) -> @location(0) vec4<f32> @fragment {
// NEXT: ^0:
// NEXT:   %0: texture_2d<f32> = load @color
// NEXT:   %1: sampler = load @linear
// NEXT:   %c: vec4<f32> = texture_sample %0, %1, %uv
// NEXT:   %2: texture_2d<f32> = load @color
// NEXT:   %3: sampler = load @linear
// NEXT:   %l: vec4<f32> = texture_sample_level %2, %3, %uv, 2.0f, vec2<i32>(1i, -1i)
// NEXT:   %4: texture_cube<f32> = load @cube
// NEXT:   %5: sampler = load @linear
// NEXT:   %6: vec3<f32> = construct %uv, 1.0f
// NEXT:   %g: vec4<f32> = texture_sample_grad %4, %5, %6, vec3<f32>(0.0f, 0.0f, 0.0f), vec3<f32>(0.0f, 0.0f, 0.0f)
// NEXT:   %7: texture_depth_2d = load @depth
// NEXT:   %8: sampler_comparison = load @shadow
// NEXT:   %s: f32 = texture_sample_compare %7, %8, %uv, 0.5f
// NEXT:   %9: texture_2d<f32> = load @color
// NEXT:   %10: sampler = load @linear
// NEXT:   %gathered: vec4<f32> = texture_gather 1i, %9, %10, %uv
// NEXT:   %11: texture_2d_array<u32> = load @layers
// NEXT:   %12: vec2<f32> = swizzle %pos, 0u, 1u
// NEXT:   %13: vec2<u32> = convert %12
// NEXT:   %texel: vec4<u32> = texture_load %11, %13, 3i, 0i
// NEXT:   %14: texture_2d<f32> = load @color
// NEXT:   %dims: vec2<u32> = texture_dimensions %14, 1i
// NEXT:   %15: texture_2d<f32> = load @color
// NEXT:   %levels: u32 = texture_num_levels %15
// NEXT:   %16: texture_multisampled_2d<f32> = load @msaa
// NEXT:   %samples: u32 = texture_num_samples %16
// NEXT:   %17: texture_external = load @video
// NEXT:   %18: sampler = load @linear
// NEXT:   %ext: vec4<f32> = texture_sample_base_clamp_to_edge %17, %18, %uv
// NEXT:   %19: texture_multisampled_2d<f32> = load @msaa
// NEXT:   %20: vec2<f32> = swizzle %pos, 0u, 1u
// NEXT:   %21: vec2<i32> = convert %20
// NEXT:   %m: vec4<f32> = texture_load %19, %21, 0i
// NEXT:   %22: texture_storage_2d<rgba8unorm, write> = load @dest
// NEXT:   %23: vec2<f32> = swizzle %pos, 0u, 1u
// NEXT:   %24: vec2<i32> = convert %23
// NEXT:   texture_store %22, %24, %c
// NEXT:   %25: vec4<f32> = add %c, %l
// NEXT:   %26: vec4<f32> = mul %g, %s
// NEXT:   %27: vec4<f32> = add %25, %26
// NEXT:   %28: vec4<f32> = add %27, %gathered
// NEXT:   %29: vec4<f32> = convert %texel
// NEXT:   %30: vec4<f32> = add %28, %29
// NEXT:   %31: vec2<f32> = convert %dims
// NEXT:   %32: u32 = add %levels, %samples
// NEXT:   %33: f32 = convert %32
// NEXT:   %34: vec4<f32> = construct %31, %33, 0.0f
// NEXT:   %35: vec4<f32> = add %30, %34
// NEXT:   %36: vec4<f32> = add %35, %ext
// NEXT:   %37: vec4<f32> = add %36, %m
// NEXT:   return %37
// NEXT: }
