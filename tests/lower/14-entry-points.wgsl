// RUN: lower
//
// Entry points keep WGSL's signature and carry their stage (`@vertex`, `@fragment`,
// `@compute` with `@workgroup_size`). IO attributes decorate what they are written on: a
// parameter, the function (for its result), or a structure's fields. Interpolation,
// `@invariant` and builtins are decorations too.

struct VertexOut {
  @builtin(position) @invariant pos: vec4<f32>,
  @location(0) @interpolate(flat) id: u32,
  @location(1) @interpolate(linear, centroid) uv: vec2<f32>,
  @location(2) color: vec3<f32>,
}

@vertex
fn vs(@builtin(vertex_index) vi: u32, @builtin(instance_index) ii: u32, @location(0) p: vec3<f32>) -> VertexOut {
  var out: VertexOut;
  out.pos = vec4<f32>(p, 1.0);
  out.id = vi + ii;
  out.uv = p.xy;
  out.color = vec3<f32>(1.0);
  return out;
}

struct FragmentIn {
  @location(1) @interpolate(linear, centroid) uv: vec2<f32>,
  @builtin(front_facing) front: bool,
}

@fragment
fn fs(in: FragmentIn, @builtin(sample_index) si: u32) -> @builtin(frag_depth) f32 {
  if in.front {
    return in.uv.x;
  }
  return f32(si);
}

@compute @workgroup_size(8, 8)
fn cs(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  _ = gid + groups;
}

// CHECK: struct @VertexOut {
// NEXT:   %pos: vec4<f32> @offset(0) @builtin(position) @invariant
// NEXT:   %id: u32 @offset(16) @location(0) @interpolate(flat)
// NEXT:   %uv: vec2<f32> @offset(24) @location(1) @interpolate(linear, centroid)
// NEXT:   %color: vec3<f32> @offset(32) @location(2)
// NEXT: } @size(48) @align(16)
// NEXT: @0: @VertexOut = zero
// NEXT: struct @FragmentIn {
// NEXT:   %uv: vec2<f32> @location(1) @interpolate(linear, centroid)
// NEXT:   %front: bool @builtin(front_facing)
// NEXT: }
// NEXT: func @vs(%vi: u32 @builtin(vertex_index), %ii: u32 @builtin(instance_index), %p: vec3<f32> @location(0)) -> @VertexOut @vertex {
// NEXT: ^0:
// NEXT:   %out: ptr<function, @VertexOut, read_write> = var @0
// NEXT:   %0: ptr<function, vec4<f32>, read_write> = access %out, 0u
// NEXT:   %1: vec4<f32> = construct %p, 1.0f
// NEXT:   store %0, %1
// NEXT:   %2: ptr<function, u32, read_write> = access %out, 1u
// NEXT:   %3: u32 = add %vi, %ii
// NEXT:   store %2, %3
// NEXT:   %4: ptr<function, vec2<f32>, read_write> = access %out, 2u
// NEXT:   %5: vec2<f32> = swizzle %p, 0u, 1u
// NEXT:   store %4, %5
// NEXT:   %6: ptr<function, vec3<f32>, read_write> = access %out, 3u
// NEXT:   store %6, vec3<f32>(1.0f, 1.0f, 1.0f)
// NEXT:   %7: @VertexOut = load %out
// NEXT:   return %7
// NEXT: }
// NEXT: func @fs(%in: @FragmentIn, %si: u32 @builtin(sample_index)) -> @builtin(frag_depth) f32 @fragment {
// NEXT: ^0:
// NEXT:   %0: bool = extract %in, 1u
// NEXT:   if_else %0, ^1, ^2, merge ^3
// NEXT: ^1:
// NEXT:   %1: vec2<f32> = extract %in, 0u
// NEXT:   %2: f32 = extract %1, 0u
// NEXT:   return %2
// NEXT: ^2:
// NEXT:   br ^3
// NEXT: ^3:
// NEXT:   %3: f32 = convert %si
// NEXT:   return %3
// NEXT: }
// NEXT: func @cs(%gid: vec3<u32> @builtin(global_invocation_id), %groups: vec3<u32> @builtin(num_workgroups)) @compute @workgroup_size(8, 8, 1) {
// NEXT: ^0:
// NEXT:   %0: vec3<u32> = add %gid, %groups
// NEXT:   return
// NEXT: }
