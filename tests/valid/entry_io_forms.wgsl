enable f16;
struct VIn {
  @location(0) pos: vec3f,
  @location(1) @interpolate(flat) id: u32,
  @builtin(instance_index) inst: u32,
}
struct VOut {
  @builtin(position) @invariant p: vec4f,
  @location(0) c: vec4h,
  @location(1) @interpolate(linear, sample) l: f32,
  @location(2) @interpolate(flat, either) i: i32,
}
@vertex fn vs(v: VIn, @builtin(vertex_index) vi: u32) -> VOut {
  return VOut(vec4f(v.pos, 1.0), vec4h(), 0.0, i32(vi + v.id + v.inst));
}
struct FOut {
  @location(0) color: vec4f,
  @builtin(frag_depth) depth: f32,
  @builtin(sample_mask) mask: u32,
}
@fragment fn fs(@builtin(position) p: vec4f, @builtin(front_facing) ff: bool, @builtin(sample_index) si: u32,
                @location(1) l: f32, @location(2) @interpolate(flat) i: i32) -> FOut {
  return FOut(p, p.z, si);
}
