// RUN: lower
//
// An `override` is an `override` instruction at module scope with its `@id` and its
// default (a constant). An override-expression is pure instructions at module scope over
// the overrides: an override's initializer, a `@workgroup_size` argument, the count of a
// workgroup array. Used in a function, an override is an ordinary operand.

@id(7) override gain: f32 = 2.0;
override enabled: bool = true;
override width: u32;
override height = width * 2u;
override area = width * height;
override use_fast = enabled && width > 8u;

var<workgroup> tile: array<f32, area>;

@compute @workgroup_size(width, height / 2u, 1)
fn main(@builtin(local_invocation_index) i: u32) {
  if use_fast {
    tile[i] = gain * f32(i);
  } else {
    tile[i] = f32(width);
  }
}

// CHECK: @gain: f32 = override 2.0f @id(7)
// NEXT: @enabled: bool = override true
// NEXT: @width: u32 = override
// NEXT: @0: u32 = mul @width, 2u
// NEXT: @height: u32 = override @0
// NEXT: @1: u32 = mul @width, @height
// NEXT: @area: u32 = override @1
// NEXT: @2: bool = gt @width, 8u
// NEXT: @3: bool = and @enabled, @2
// NEXT: @use_fast: bool = override @3
// NEXT: @tile: ptr<workgroup, array<f32, @area>, read_write> = var
// NEXT: @4: u32 = div @height, 2u
// NEXT: func @main(%i: u32 @builtin(local_invocation_index)) @compute @workgroup_size(@width, @4, 1) {
// NEXT: ^0:
// NEXT:   if_else @use_fast, ^1, ^2, merge ^3
// NEXT: ^1:
// NEXT:   %0: ptr<workgroup, f32, read_write> = access @tile, %i
// NEXT:   %1: f32 = convert %i
// NEXT:   %2: f32 = mul @gain, %1
// NEXT:   store %0, %2
// NEXT:   br ^3
// NEXT: ^2:
// NEXT:   %3: ptr<workgroup, f32, read_write> = access @tile, %i
// NEXT:   %4: f32 = convert @width
// NEXT:   store %3, %4
// NEXT:   br ^3
// NEXT: ^3:
// NEXT:   return
// NEXT: }
