//! Raising: IR back to structured source code (DESIGN §5), in two layers. The **plan**
//! ([`plan`]) is language-neutral: it decides, for every function, which scope each block
//! sits in, how each value is written and where each variable is declared, the order in
//! which reads and effects are evaluated, the shape of every `if`, `switch` and loop, and
//! every local's name. An **emitter** spells what the plan decides in one language. The
//! WGSL emitter ([`wgsl`]) builds a [`crate::syntax::ast`] tree that the syntax layer's
//! printer writes; the HLSL back end is a second emitter of the same plan (it lives with
//! its back end). The plan's essay ([`plan`]) is what an emitter's author reads.
//!
//! # The plan's rules
//!
//! **Control flow.** Each function's structure tree ([`crate::ir::structure`]) becomes
//! statements: an `if` node an `if`/`else`, a `switch` node a `switch` whose clauses
//! gather every case value of one target (the default target's values join the default
//! clause), a `loop` node a loop with a body, a continuing part and an optional `break if`
//! condition (the exit test at the end of the continuing). Code the CFG cannot reach is
//! not raised. `a && b` and `a || b`, which lowering turns into an `if` whose merge
//! receives a `bool`, become the operator again when the right-hand side needs no
//! statements of its own.
//!
//! **Block parameters** become variables assigned on every incoming edge, as Tint's
//! "remove terminator args" does. The copies of one edge are a parallel copy: when a value
//! assigned later reads a variable assigned earlier, the values go through `let`s first.
//! A loop-carried value whose only use is the back edge is assigned to its header's
//! variable where it is computed (`sum = sum + x;`) when nothing reads the old value after.
//!
//! **Values.** A value used once, in the block that defines it, is re-inlined into its
//! user's expression; other values become `let`s. Inlining keeps the order of effects:
//! memory reads (loads, texture reads, derivatives, subgroup operations) and side effects
//! (calls, atomics, stores, barriers) are pending until their user is written, and a
//! statement that would move one of them across a conflicting one (a read across a write,
//! two writes) first binds every earlier pending read or effect to a `let`, in order. An
//! expression whose operands' effects the language would evaluate in an order it does not
//! allow has them bound too: the emitter's [`plan::Emitter::may_share`] says which pairs
//! may share one expression (WGSL evaluates left to right, so two reads may swap and `p.b
//! += e` stays one statement when `e` reads memory after the IR's load of `p.b`; a
//! language that leaves the order unspecified, as HLSL does, never shares a conflicting
//! pair). Calls are never duplicated or reordered. Pointers (access chains, `bufferView`)
//! and texture or sampler handles are never bound: they are written again at every use
//! (`data[i]`, `&data[i]`, `tex`). Expressions taller than the emitter's limit are split
//! with `let`s, and control flow never nests deeper than the emitter's limit.
//!
//! **Scopes.** A value whose uses are not all inside the scope of its definition (a value
//! computed in a loop and used after it, say) becomes a variable declared in the
//! innermost scope that holds every use and assigned where it is defined. Declarations in
//! a loop body that its continuing reads are placed before any `continue` (WGSL's rule,
//! and what any lowering of the continuing needs). Variables are declared as late as
//! possible.
//!
//! **Names** come from debug names, sanitized to identifiers and made unique across the
//! module, never one of the language's reserved or predeclared words ([`names`], with
//! each language's [`names::Keywords`]), so nothing shadows what the output refers to.
//! Entry points and overrides keep their names exactly when they can (the API finds them
//! by name). Unnamed values get short generic names.
//!
//! **IR conventions relied on:** `select %c, %t, %f` gives `%t` when `%c` is true; a
//! function-scope `var` without initializer holds the zero value; the `discard`
//! terminator ends the invocation, and the `demote` instruction is WGSL's `discard`
//! statement (the invocation goes on as a helper).
//!
//! # Layering
//!
//! The files form a DAG; each uses only those listed before it (and nothing in `mod.rs`
//! files, which only declare and re-export):
//!
//! 1. Shared at the bottom: [`error`] (the three kinds of error), [`names`] (the namer,
//!    with a [`names::Keywords`] passed in).
//! 2. The plan, [`plan`]: `facts` (what the plan reads off the IR) → `tables` (its data:
//!    forms, sites, the per-module side tables) → `emitter` (the [`plan::Emitter`]
//!    trait) → `analysis` (regions, forms, declaration sites) → `state` (the walk's state,
//!    names, declarations, temporaries) → `pending` (the pending expressions and the
//!    order of effects) → `values` (operands, places, instructions, edge copies) →
//!    `control` (regions, blocks, `if`, `switch`, loops) → `function` (one function,
//!    start to end).
//! 3. The WGSL emitter, [`wgsl`], above the plan: `options`, `build` (the AST builder),
//!    `behavior` and `keywords` at its bottom → `cx` (the module context) → `types` →
//!    `expr` → `globals` → `shape` (statement shaping) → `emitter` (the
//!    [`plan::Emitter`] impl) → `interface` (each entry point's resource interface,
//!    kept) → `module` (module scope; each function through the plan).

pub mod error;
pub mod names;
pub mod plan;
pub mod wgsl;

pub use error::{RaiseError, RaiseErrorParts};
pub use wgsl::{Options, raise, raise_to_wgsl};
