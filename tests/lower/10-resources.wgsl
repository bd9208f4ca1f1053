// RUN: lower
//
// Module-scope variables are `var` instructions at module scope. Resources carry
// `@group` and `@binding`; uniform and storage buffers are pointers in the `uniform` and
// `storage` address spaces with the access mode WGSL gives them. Host-shareable types
// carry their layout: arrays their stride, structures their member offsets, size and
// alignment. `arrayLength(&buf.items)` is `array_length` of a pointer to the runtime
// array. A `var<private>` without an initializer starts as the zero value, explicitly;
// a `var<workgroup>` is zeroed by the runtime and has no initializer.

struct Item { value: f32, flags: u32, dir: vec3<f32> }
struct Items { count: u32, items: array<Item> }
struct Params { scale: vec4<f32>, offsets: array<vec4<f32>, 2> }

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> input: Items;
@group(1) @binding(0) var<storage, read_write> output: array<f32>;
var<private> seen: u32;
var<workgroup> shared_sum: array<f32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  let n = arrayLength(&input.items);
  if i < n {
    let item = input.items[i];
    shared_sum[i] = item.value * params.scale.x + params.offsets[1].w;
    output[i] = shared_sum[i] + f32(input.count);
    seen += 1u;
  }
}

// CHECK: struct @Item {
// NEXT:   %value: f32 @offset(0)
// NEXT:   %flags: u32 @offset(4)
// NEXT:   %dir: vec3<f32> @offset(16)
// NEXT: } @size(32) @align(16)
// NEXT: struct @Items {
// NEXT:   %count: u32 @offset(0)
// NEXT:   %items: array<@Item, stride=32> @offset(16)
// NEXT: } @size(48) @align(16)
// NEXT: struct @Params {
// NEXT:   %scale: vec4<f32> @offset(0)
// NEXT:   %offsets: array<vec4<f32>, 2, stride=16> @offset(16)
// NEXT: } @size(48) @align(16)
// NEXT: @params: ptr<uniform, @Params, read> = var @group(0) @binding(0)
// NEXT: @input: ptr<storage, @Items, read> = var @group(0) @binding(1)
// NEXT: @output: ptr<storage, array<f32, stride=4>, read_write> = var @group(1) @binding(0)
// NEXT: @seen: ptr<private, u32, read_write> = var u32()
// NEXT: @shared_sum: ptr<workgroup, array<f32, 64, stride=4>, read_write> = var
// NEXT: func @main(%i: u32 @builtin(local_invocation_index)) @compute @workgroup_size(64, 1, 1) {
// NEXT: ^0:
// NEXT:   %0: ptr<storage, array<@Item, stride=32>, read> = access @input, 1u
// NEXT:   %n: u32 = array_length %0
// NEXT:   %1: bool = lt %i, %n
// NEXT:   if_else %1, ^1, ^2, merge ^3
// NEXT: ^1:
// NEXT:   %2: ptr<storage, array<@Item, stride=32>, read> = access @input, 1u
// NEXT:   %3: ptr<storage, @Item, read> = access %2, %i
// NEXT:   %item: @Item = load %3
// NEXT:   %4: ptr<workgroup, f32, read_write> = access @shared_sum, %i
// NEXT:   %5: f32 = extract %item, 0u
// NEXT:   %6: ptr<uniform, vec4<f32>, read> = access @params, 0u
// NEXT:   %7: ptr<uniform, f32, read> = access %6, 0u
// NEXT:   %8: f32 = load %7
// NEXT:   %9: f32 = mul %5, %8
// NEXT:   %10: ptr<uniform, array<vec4<f32>, 2, stride=16>, read> = access @params, 1u
// NEXT:   %11: ptr<uniform, vec4<f32>, read> = access %10, 1i
// NEXT:   %12: ptr<uniform, f32, read> = access %11, 3u
// NEXT:   %13: f32 = load %12
// NEXT:   %14: f32 = add %9, %13
// NEXT:   store %4, %14
// NEXT:   %15: ptr<storage, f32, read_write> = access @output, %i
// NEXT:   %16: ptr<workgroup, f32, read_write> = access @shared_sum, %i
// NEXT:   %17: f32 = load %16
// NEXT:   %18: ptr<storage, u32, read> = access @input, 0u
// NEXT:   %19: u32 = load %18
// NEXT:   %20: f32 = convert %19
// NEXT:   %21: f32 = add %17, %20
// NEXT:   store %15, %21
// NEXT:   %22: u32 = load @seen
// NEXT:   %23: u32 = add %22, 1u
// NEXT:   store @seen, %23
// NEXT:   br ^3
// NEXT: ^2:
// NEXT:   br ^3
// NEXT: ^3:
// NEXT:   return
// NEXT: }
