// RUN: lower
//
// Module-scope `const`s, `alias`es and `const_assert`s emit nothing: their uses are
// folded constants and the aliased types. Composite constants other than vectors of
// literals are module items printed once. Structures are emitted in declaration order.

alias Color = vec4<f32>;
const PALETTE = array<Color, 2>(Color(1.0, 0.0, 0.0, 1.0), Color(0.0, 0.0, 1.0, 1.0));
const HALF = 0.5;
const_assert HALF < 1.0;

struct Light { color: Color, intensity: f32 }

var<private> sun: Light = Light(PALETTE[0], HALF * 4.0);

fn pick(i: u32) -> Color {
  let table = PALETTE;
  return table[i] * sun.intensity + sun.color * HALF;
}

// CHECK: struct @Light {
// NEXT:   %color: vec4<f32> @offset(0)
// NEXT:   %intensity: f32 @offset(16)
// NEXT: } @size(32) @align(16)
// NEXT: @0: @Light = composite vec4<f32>(1.0f, 0.0f, 0.0f, 1.0f), 2.0f
// NEXT: @PALETTE: array<vec4<f32>, 2, stride=16> = composite vec4<f32>(1.0f, 0.0f, 0.0f, 1.0f), vec4<f32>(0.0f, 0.0f, 1.0f, 1.0f)
// NEXT: @sun: ptr<private, @Light, read_write> = var @0
// NEXT: func @pick(%i: u32) -> vec4<f32> {
// NEXT: ^0:
// NEXT:   %0: vec4<f32> = extract @PALETTE, %i
// NEXT:   %1: ptr<private, f32, read_write> = access @sun, 1u
// NEXT:   %2: f32 = load %1
// NEXT:   %3: vec4<f32> = mul %0, %2
// NEXT:   %4: ptr<private, vec4<f32>, read_write> = access @sun, 0u
// NEXT:   %5: vec4<f32> = load %4
// NEXT:   %6: vec4<f32> = mul %5, 0.5f
// NEXT:   %7: vec4<f32> = add %3, %6
// NEXT:   return %7
// NEXT: }
