// RUN: lower
//
// References and pointers are both IR pointers, so `&e` and `*p` emit nothing. A memory
// view is read with `load` where WGSL's Load Rule applies and written with `store`.
// Member and index access on a memory view is `access`, giving a pointer to the part;
// with `pointer_composite_access`, `p.m` and `p[i]` on a pointer are the same.
// A `let` of a pointer names nothing new: it is the variable's pointer.

struct Particle { pos: vec3<f32>, vel: vec3<f32> }

fn advance(p: ptr<function, Particle>, dt: f32) {
  (*p).pos += (*p).vel * dt;
  p.vel.y -= 9.8 * dt;
}

fn first(a: ptr<function, array<f32, 4>>) -> f32 {
  return a[0] + (*a)[1];
}

fn pointers() -> f32 {
  var particle: Particle;
  var values = array<f32, 4>(1.0, 2.0, 3.0, 4.0);
  let pv = &values;
  advance(&particle, 0.5);
  (*pv)[2] = particle.pos.x;
  let xy = particle.vel.xy;
  return first(pv) + xy.y;
}

// CHECK: struct @Particle {
// NEXT:   %pos: vec3<f32> @offset(0)
// NEXT:   %vel: vec3<f32> @offset(16)
// NEXT: } @size(32) @align(16)
// NEXT: @0: @Particle = zero
// NEXT: @1: array<f32, 4, stride=4> = composite 1.0f, 2.0f, 3.0f, 4.0f
// NEXT: func @advance(%p: ptr<function, @Particle, read_write>, %dt: f32) {
// NEXT: ^0:
// NEXT:   %0: ptr<function, vec3<f32>, read_write> = access %p, 0u
// NEXT:   %1: vec3<f32> = load %0
// NEXT:   %2: ptr<function, vec3<f32>, read_write> = access %p, 1u
// NEXT:   %3: vec3<f32> = load %2
// NEXT:   %4: vec3<f32> = mul %3, %dt
// NEXT:   %5: vec3<f32> = add %1, %4
// NEXT:   store %0, %5
// NEXT:   %6: ptr<function, vec3<f32>, read_write> = access %p, 1u
// NEXT:   %7: ptr<function, f32, read_write> = access %6, 1u
// NEXT:   %8: f32 = load %7
// NEXT:   %9: f32 = mul 9.8f, %dt
// NEXT:   %10: f32 = sub %8, %9
// NEXT:   store %7, %10
// NEXT:   return
// NEXT: }
// NEXT: func @first(%a: ptr<function, array<f32, 4, stride=4>, read_write>) -> f32 {
// NEXT: ^0:
// NEXT:   %0: ptr<function, f32, read_write> = access %a, 0i
// NEXT:   %1: f32 = load %0
// NEXT:   %2: ptr<function, f32, read_write> = access %a, 1i
// NEXT:   %3: f32 = load %2
// NEXT:   %4: f32 = add %1, %3
// NEXT:   return %4
// NEXT: }
// NEXT: func @pointers() -> f32 {
// NEXT: ^0:
// NEXT:   %particle: ptr<function, @Particle, read_write> = var @0
// NEXT:   %values: ptr<function, array<f32, 4, stride=4>, read_write> = var @1
// NEXT:   call @advance(%particle, 0.5f)
// NEXT:   %0: ptr<function, f32, read_write> = access %values, 2i
// NEXT:   %1: ptr<function, vec3<f32>, read_write> = access %particle, 0u
// NEXT:   %2: ptr<function, f32, read_write> = access %1, 0u
// NEXT:   %3: f32 = load %2
// NEXT:   store %0, %3
// NEXT:   %4: ptr<function, vec3<f32>, read_write> = access %particle, 1u
// NEXT:   %5: vec3<f32> = load %4
// NEXT:   %xy: vec2<f32> = swizzle %5, 0u, 1u
// NEXT:   %6: f32 = call @first(%values)
// NEXT:   %7: f32 = extract %xy, 1u
// NEXT:   %8: f32 = add %6, %7
// NEXT:   return %8
// NEXT: }
