@group(0) @binding(0) var t2: texture_2d<f32>;
@group(0) @binding(1) var ta: texture_2d_array<u32>;
@group(0) @binding(2) var td: texture_depth_2d;
@group(0) @binding(3) var sc: sampler_comparison;
@group(0) @binding(4) var st: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(5) var srw: texture_storage_2d<r32float, read_write>;
@group(0) @binding(6) var ms: texture_multisampled_2d<i32>;
@group(0) @binding(7) var ext: texture_external;
@group(0) @binding(8) var s: sampler;
@fragment fn fs() -> @location(0) vec4f {
  let d = textureDimensions(t2);
  let l = textureLoad(ta, vec2i(), 1, 0);
  let c = textureSampleCompare(td, sc, vec2f(), 0.5);
  textureStore(st, vec2u(1), vec4f());
  let x = textureLoad(srw, vec2i());
  textureStore(srw, vec2i(), x);
  let m = textureLoad(ms, vec2i(), 0);
  let e = textureSampleBaseClampToEdge(ext, s, vec2f());
  let g = textureGather(1, t2, s, vec2f(), vec2i(-8, 7));
  return vec4f(f32(d.x) + f32(l.x) + c + f32(m.x)) + e + g;
}
