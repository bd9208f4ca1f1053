//! The SSA intermediate representation: the heart of refract (DESIGN §3).
//!
//! # Everything is an instruction
//!
//! The module, its functions, their blocks, block parameters, types, constants, global
//! variables, decorations and ordinary operations are all instructions in one arena
//! ([`Module`]), named by a 32-bit [`Inst`] id (`Option<Inst>` is also 32 bits). An
//! instruction has exactly these parts, and nothing else:
//!
//! - an **opcode** ([`Opcode`]): opcodes are declared in class order (structure, types,
//!   constants, entities, decorations, pure operations, memory, texture, derivative,
//!   subgroup, atomic, barrier, effect, terminator), so "is this a type?" is a range test;
//! - a **type**, which is itself an instruction: `vec4<f32>` is a `vec` instruction whose
//!   operands are the `f32` instruction and the constant `4u`. The type of a type is the
//!   `type` kind; only the module has no type. Blocks have type `label`, decorations and
//!   result-less operations `void`, functions a `fn(…) -> …` type;
//! - **operands**: other instructions, stored uniformly, each use linked into its value's
//!   use list (adding or removing a use is O(1));
//! - **children**, for containers: the module holds global values, variables, overrides
//!   and functions; a function holds blocks; a block holds its parameters, then its
//!   instructions, then one terminator; a struct type holds its fields;
//! - **decorations**: `@location(0)`, `@group(1)`, `@offset(16)`, … — instructions
//!   attached to another instruction.
//!
//! A scalar `constant` also holds its literal bits (the `payload` of the arena). Enumerants
//! (address spaces, access modes, texel formats, builtins) are `u32` constants whose
//! meaning comes from their operand position. Debug names and source spans are side
//! tables of the module, not instruction parts.
//!
//! Use the typed views [`Func`], [`Block`], [`Type`] and [`Value`] rather than raw ids in
//! APIs, and the [`Builder`] to make IR.
//!
//! # Global values and hash-consing
//!
//! Types (except `struct`, which is nominal), constants, zero values, `undef` and
//! `specialize` are *hoistable*: the builder hash-conses them at module scope, so asking
//! for `vec4<f32>` twice gives the same id, and comparing types is comparing ids. A
//! hoistable instruction with a non-global operand (a type built from a generic's type
//! parameter, `ptr<function, %T, read_write>`) lives in the block where it is built.
//! [`Module::replace_all_uses_with`] re-hoists: when `%T` is replaced by `i32`, the
//! pointer type becomes all-global, moves to module scope, and if `ptr<function, i32,
//! read_write>` already exists every use of the local one is redirected to it, and so on
//! up the chain of users. It also moves uses *as a type* (the values typed by the old
//! type), which the arena tracks in a per-type chain.
//!
//! Never mutate a child or use list while walking it: walk a snapshot
//! ([`Module::children_vec`], [`Module::uses_vec`]) or a work list.
//!
//! # SSA with block parameters
//!
//! There are no phis. A block's first children are its parameters; an unconditional
//! `br` passes one argument per parameter. The entry block's parameters are the
//! function's parameters, and no branch targets it.
//!
//! ```text
//!   ^1(%i: i32, %sum: f32):          ; two parameters
//!     …
//!     br ^1(%i2, %sum2)               ; a back edge passing the next values
//! ```
//!
//! **No critical edges.** Conditional branches (`if_else`, `switch`) carry no arguments,
//! and each of their targets has exactly one predecessor: the branching block. Block
//! arguments therefore live only on unconditional edges, which is where mem2reg puts them
//! and where leaving SSA puts copies. The rule has no exception.
//!
//! Values must be defined before they are used on every path (SSA dominance). A branch's
//! arguments are used at the end of the branching block. Uses in unreachable blocks are
//! exempt.
//!
//! # Structured control flow
//!
//! Terminators are the only instructions that transfer control, and each construct names
//! its join point. Merge and continue operands are *not* CFG edges: a merge block may be
//! unreachable (after an infinite loop, or an `if` whose arms both return).
//!
//! **if_else** `if_else %c, ^then, ^else, merge ^m` — both arms always exist (NIR), are
//! distinct, and differ from the merge. An arm ends by branching to the merge (or by
//! leaving: break, continue, return).
//!
//! ```text
//!          ^h: if_else %c, ^t, ^e, merge ^m
//!            /                 \
//!        ^t: …               ^e: …
//!        br ^m(%x)           br ^m(%y)
//!            \                 /
//!          ^m(%r: T): …                 ; join point, parameters receive the arms' values
//! ```
//!
//! **loop** `loop ^header(args), merge ^m, continue ^c` — it ends the *preheader*, the
//! block before the loop, so every loop has a preheader by construction; its arguments are
//! the header's initial values. The body starts at the header. `br ^c` is `continue`,
//! `br ^m` is `break`. The continue construct starts at ^c and ends with the back edge
//! `br ^header(next values…)`. Header, merge and continue are three distinct blocks, and
//! the merge is a separate block from everything in the loop.
//!
//! ```text
//!          ^p: loop ^h(%init), merge ^m, continue ^c     ; preheader
//!                 |
//!          ^h(%i: i32): …  <-----------------+           ; header: preheader + back edges
//!             body …  (br ^c = continue,     |
//!                      br ^m = break)        |
//!          ^c: … continuing …                |
//!              br ^h(%next) -----------------+           ; back edge
//!          ^m: …                                         ; merge: after the loop
//! ```
//!
//! **break if** (WGSL `continuing { …; break if %c; }`): this IR encodes it with an
//! `if_else` at the top level of the continue construct, one arm breaking and the other
//! looping back, each arm a block holding only its `br`. The `if_else`'s own merge is an
//! (unreachable) block. Both arms are ordinary single-predecessor blocks, so the
//! no-critical-edge rule stays exact, and the arguments of both edges sit on
//! unconditional branches.
//!
//! ```text
//!          ^c: …  if_else %done, ^x, ^b, merge ^u
//!                  /                    \
//!          ^x: br ^m(%v)            ^b: br ^h(%next)       ; break / back edge
//!          ^u: unreachable                                  ; the if_else's merge
//! ```
//!
//! **switch** `switch %v, default ^d, merge ^m, case 1i ^a, case 2i ^a, case 5i ^b` —
//! case values are distinct constants of the selector's type; several values may share a
//! target; targets have one predecessor each; `br ^m` is `break`.
//!
//! ```text
//!                 ^h: switch %v, default ^d, merge ^m, case 1i ^a, case 2i ^b
//!               /            |            \
//!           ^d: …         ^a: …         ^b: …
//!           br ^m         br ^m         return
//!               \            |
//!                 ^m: …
//! ```
//!
//! **Nesting.** The merge operands define a tree of regions (see [`structure`]): a branch
//! may go to the next block of its region, to the innermost `if`'s merge (end of arm), to
//! the innermost loop's or switch's merge (`break`), to the innermost loop's continue
//! block (`continue`), or, from the continue construct, back to the loop header. There
//! are no multi-level breaks, and each block is the merge or continue block of at most
//! one construct.
//!
//! Other terminators: `return [%v]`; `discard`, which ends the invocation (SPIR-V
//! `OpTerminateInvocation`); `unreachable`. WGSL's `discard` *statement* demotes the
//! invocation to a helper and lets it continue (its behaviour is {Next}); it lowers to
//! the ordinary instruction `demote`.
//!
//! # Memory
//!
//! `var` produces a pointer `ptr<AS, T, AM>`: in a function, AS is `function`; at module
//! scope, one of `private`, `workgroup`, `uniform`, `storage`, `immediate` (WGSL's
//! immediate data), or `handle` (textures and samplers, loaded to get the handle).
//! `load`, `store` and `access` (an access chain producing a pointer) are explicit. Arrays
//! carry their byte stride when host-shareable (`array<f32, 4, stride=4>`); structs carry
//! member offsets and size/alignment as decorations.
//!
//! # The text format
//!
//! ```text
//! struct @Light {
//!   %position: vec3<f32> @offset(0)
//!   %color: vec4<f32> @offset(16)
//! } @size(32) @align(16)
//!
//! @lights: ptr<storage, array<@Light, stride=32>, read> = var @group(0) @binding(1)
//! @scale: f32 = override 1.5f @id(0)
//!
//! func @main(%n: u32 @builtin(vertex_index)) -> @location(0) vec4<f32> @vertex {
//! ^0:
//!   %1: i32 = convert %n
//!   …
//! }
//! ```
//!
//! - Module items are `struct`, `func`, `generic`, and `@name: type = opcode operands
//!   @decorations`. Inside a function, values are `%name`, blocks `^name`; unnamed ones
//!   are numbered densely when printing (`%0`, `^3`), named ones use their debug name
//!   (made unique with `.N`). A name that is not an identifier is quoted: `%"a b"`.
//! - An instruction with a result is `%r: type = opcode operands`; one without (type
//!   `void`) is just `opcode operands`.
//! - Types, scalar literals (`1i`, `2u`, `0.5f`, `1.5h`, `true`), vector constants
//!   (`vec2<f32>(1.0f, 0.0f)`), zero values (`T()`) and `undef<T>` are written inline
//!   where used. Other constants are module items (`@0: array<f32, 2> = composite 1.0f,
//!   2.0f`). Float literals are finite (WGSL's Finite Math
//!   Assumption; the verifier refuses others, which print as `bits<f32>(0x7fc00000)`).
//! - Special syntax: `br ^b(args)`, `if_else %c, ^t, ^e, merge ^m`, `loop ^h(args),
//!   merge ^m, continue ^c`, `switch %v, default ^d, merge ^m, case 1i ^a, …`, `call
//!   @f(args)`. Everything else is `opcode op, op, …`.
//! - `;` starts a comment.
//!
//! Printing then parsing gives the same text back, and the binary form
//! ([`binary`]) round-trips to an identical module.
//!
//! # Linkage
//!
//! A module-scope function, variable or override may be `@export` (a definition other
//! modules may use) or `@import` (a declaration that another module's export defines),
//! under its name. An import is only a declaration: a function without blocks, written
//! `func @f: fn(f32) -> f32 @import`; a variable without initializer or binding; an
//! override without default or `@id`. A function without blocks is always an import. The
//! linker (`link`, CLI and Rust API only) replaces each import by its definition; a back
//! end refuses a module that still imports something.

pub mod analysis;
pub mod binary;
pub mod builder;
pub mod cfg;
pub mod edit;
pub mod enums;
pub mod eval;
pub mod layout;
// Compiled on every target (the binary's wasm32 test build links it); the package's
// exports never reach it, so it stays out of the .wasm.
pub mod link;
mod module;
pub mod opcode;
pub mod parse;
pub mod print;
mod rule;
mod set;
pub mod structure;
pub mod synth;
pub mod types;
pub mod verify;

pub use builder::{Builder, InsertPoint};
pub use module::{Block, Blocks, Func, Inst, MemoryStats, Module, Operands, Type, Use, Value};
pub use opcode::{Class, Opcode};
pub use parse::parse;
pub use print::{print, print_stable};
pub use rule::Rule;
pub use set::InstSet;
pub use verify::verify;
