// RUN: lower
//
// Atomic builtins are opcodes whose first operand is the pointer to the atomic.
// `atomicCompareExchangeWeak` gives the result structure the spec names
// `__atomic_compare_exchange_result_u32` (old value, whether it was exchanged).
// `workgroupUniformLoad` of an atomic gives the atomic's value.

struct Counters { hits: atomic<u32>, misses: atomic<i32> }

@group(0) @binding(0) var<storage, read_write> counters: Counters;
var<workgroup> local_max: atomic<u32>;
var<workgroup> flag: u32;

@compute @workgroup_size(32)
fn main(@builtin(local_invocation_index) i: u32) {
  let before = atomicAdd(&counters.hits, 1u);
  atomicSub(&counters.misses, 2);
  atomicMax(&local_max, i);
  atomicStore(&local_max, atomicLoad(&local_max) & 0xffu);
  let old = atomicExchange(&counters.misses, -1);
  let r = atomicCompareExchangeWeak(&counters.hits, before, before + 1u);
  if r.exchanged {
    flag = r.old_value;
  }
  let top = workgroupUniformLoad(&local_max);
  let f = workgroupUniformLoad(&flag);
  workgroupBarrier();
  storageBarrier();
  if top > f && old < 0 {
    atomicOr(&counters.hits, 1u);
  }
}

// CHECK: struct @Counters {
// NEXT:   %hits: atomic<u32> @offset(0)
// NEXT:   %misses: atomic<i32> @offset(4)
// NEXT: } @size(8) @align(4)
// NEXT: struct @__atomic_compare_exchange_result_u32 {
// NEXT:   %old_value: u32
// NEXT:   %exchanged: bool
// NEXT: }
// NEXT: @counters: ptr<storage, @Counters, read_write> = var @group(0) @binding(0)
// NEXT: @local_max: ptr<workgroup, atomic<u32>, read_write> = var
// NEXT: @flag: ptr<workgroup, u32, read_write> = var
// NEXT: func @main(%i: u32 @builtin(local_invocation_index)) @compute @workgroup_size(32, 1, 1) {
// NEXT: ^0:
// NEXT:   %0: ptr<storage, atomic<u32>, read_write> = access @counters, 0u
// NEXT:   %before: u32 = atomic_add %0, 1u
// NEXT:   %1: ptr<storage, atomic<i32>, read_write> = access @counters, 1u
// NEXT:   %2: i32 = atomic_sub %1, 2i
// NEXT:   %3: u32 = atomic_max @local_max, %i
// NEXT:   %4: u32 = atomic_load @local_max
// NEXT:   %5: u32 = and %4, 255u
// NEXT:   atomic_store @local_max, %5
// NEXT:   %6: ptr<storage, atomic<i32>, read_write> = access @counters, 1u
// NEXT:   %old: i32 = atomic_exchange %6, -1i
// NEXT:   %7: ptr<storage, atomic<u32>, read_write> = access @counters, 0u
// NEXT:   %8: u32 = add %before, 1u
// NEXT:   %r: @__atomic_compare_exchange_result_u32 = atomic_compare_exchange_weak %7, %before, %8
// NEXT:   %9: bool = extract %r, 1u
// NEXT:   if_else %9, ^1, ^2, merge ^3
// NEXT: ^1:
// NEXT:   %10: u32 = extract %r, 0u
// NEXT:   store @flag, %10
// NEXT:   br ^3
// NEXT: ^2:
// NEXT:   br ^3
// NEXT: ^3:
// NEXT:   %top: u32 = workgroup_uniform_load @local_max
// NEXT:   %f: u32 = workgroup_uniform_load @flag
// NEXT:   workgroup_barrier
// NEXT:   storage_barrier
// NEXT:   %11: bool = gt %top, %f
// NEXT:   if_else %11, ^4, ^5, merge ^6
// NEXT: ^4:
// NEXT:   %12: bool = lt %old, 0i
// NEXT:   br ^6(%12)
// NEXT: ^5:
// NEXT:   br ^6(false)
// NEXT: ^6(%13: bool):
// NEXT:   if_else %13, ^7, ^8, merge ^9
// NEXT: ^7:
// NEXT:   %14: ptr<storage, atomic<u32>, read_write> = access @counters, 0u
// NEXT:   %15: u32 = atomic_or %14, 1u
// NEXT:   br ^9
// NEXT: ^8:
// NEXT:   br ^9
// NEXT: ^9:
// NEXT:   return
// NEXT: }
