// RUN: lower
//
// The extensions sema supports lower like the rest of the language: `f16` values and
// literals (`1.5h`), subgroup and quad operations (opcodes like any builtin),
// `clip_distances`, `dual_source_blending` (`@blend_src`) and `primitive_index` (IO
// decorations).

enable f16;
enable subgroups;
enable clip_distances;
enable dual_source_blending;
enable primitive_index;

struct VertexOut {
  @builtin(position) pos: vec4<f32>,
  @builtin(clip_distances) clip: array<f32, 2>,
}

@vertex
fn vs(@location(0) p: vec4<f32>) -> VertexOut {
  let h = vec2<f16>(1.5h, f16(p.x));
  return VertexOut(p, array<f32, 2>(f32(h.x), f32(h.y)));
}

struct Blend {
  @location(0) @blend_src(0) a: vec4<f32>,
  @location(0) @blend_src(1) b: vec4<f32>,
}

@fragment
fn fs(@builtin(primitive_index) prim: u32, @builtin(subgroup_size) size: u32) -> Blend {
  let sum = subgroupAdd(f32(prim));
  let first = subgroupBroadcastFirst(sum);
  let swapped = quadSwapX(first);
  let ballot = subgroupBallot(prim > size);
  return Blend(vec4<f32>(swapped), vec4<f32>(ballot));
}

// CHECK: struct @VertexOut {
// NEXT:   %pos: vec4<f32> @offset(0) @builtin(position)
// NEXT:   %clip: array<f32, 2, stride=4> @offset(16) @builtin(clip_distances)
// NEXT: } @size(32) @align(16)
// NEXT: struct @Blend {
// NEXT:   %a: vec4<f32> @offset(0) @location(0) @blend_src(0)
// NEXT:   %b: vec4<f32> @offset(16) @location(0) @blend_src(1)
// NEXT: } @size(32) @align(16)
// NEXT: func @vs(%p: vec4<f32> @location(0)) -> @VertexOut @vertex {
// NEXT: ^0:
// NEXT:   %0: f32 = extract %p, 0u
// NEXT:   %1: f16 = convert %0
// NEXT:   %h: vec2<f16> = construct 1.5h, %1
// NEXT:   %2: f16 = extract %h, 0u
// NEXT:   %3: f32 = convert %2
// NEXT:   %4: f16 = extract %h, 1u
// NEXT:   %5: f32 = convert %4
// NEXT:   %6: array<f32, 2, stride=4> = construct %3, %5
// NEXT:   %7: @VertexOut = construct %p, %6
// NEXT:   return %7
// NEXT: }
// NEXT: func @fs(%prim: u32 @builtin(primitive_index), %size: u32 @builtin(subgroup_size)) -> @Blend @fragment {
// NEXT: ^0:
// NEXT:   %0: f32 = convert %prim
// NEXT:   %sum: f32 = subgroup_add %0
// NEXT:   %first: f32 = subgroup_broadcast_first %sum
// NEXT:   %swapped: f32 = quad_swap_x %first
// NEXT:   %1: bool = gt %prim, %size
// NEXT:   %ballot: vec4<u32> = subgroup_ballot %1
// NEXT:   %2: vec4<f32> = splat %swapped
// NEXT:   %3: vec4<f32> = convert %ballot
// NEXT:   %4: @Blend = construct %2, %3
// NEXT:   return %4
// NEXT: }
