//! Raising: IR back to a WGSL syntax tree (DESIGN §5). The WGSL back end prints the tree
//! with the syntax layer's printer.
//!
//! # Rules
//!
//! **Control flow.** Each function's structure tree ([`crate::ir::structure`]) becomes
//! statements: an `if` node an `if`/`else` (an `else` holding only an `if` prints as
//! `else if`; an empty `then` arm flips to `if !(c)`), a `switch` node a `switch` whose
//! clauses gather every case value of one target (the default target's values join
//! `default`), a `loop` node `loop { body continuing { … } }`, with the `break if` shape
//! of the continue construct as `break if c;`. A loop whose body starts with
//! `if !(c) { break; }` prints as `while c { … }`, or as `for (init; c; update) { … }`
//! when its continuing is one simple statement and the declaration before it is only
//! used inside. A `continue` ending a loop body and a `break` ending a switch clause are
//! left out. Code the CFG cannot reach is not raised.
//!
//! **Block parameters** become `var`s assigned on every incoming edge, as Tint's "remove
//! terminator args" does. The copies of one edge are a parallel copy: when a value
//! assigned later reads a variable assigned earlier, the values go through `let`s first.
//!
//! **Values.** A value used once, in the block that defines it, is re-inlined into its
//! user's expression; other values become `let`s. Inlining keeps the order of effects:
//! memory reads (loads, texture reads, derivatives, subgroup operations) and side effects
//! (calls, atomics, stores, barriers) are pending until their user is written, and a
//! statement that would move one of them across a conflicting one (a read across a write,
//! two writes) first binds every earlier pending read or effect to a `let`, in order. An
//! expression whose operands' effects would evaluate out of order (WGSL evaluates left to
//! right) has them bound too, when the pair conflicts: two reads may swap (so `p.b += e`
//! stays one statement when `e` reads memory after the IR's load of `p.b`, and the first
//! round trip is already the fixpoint). Calls are never duplicated or reordered. Pointers (access
//! chains, `bufferView`) and texture or sampler handles are never bound: they are written
//! again at every use (`data[i]`, `&data[i]`, `tex`). Expressions taller than
//! [`Options::max_expression_height`] are split with `let`s, and statements never nest
//! deeper than the parser's [`crate::syntax::MAX_NESTING_DEPTH`] allows.
//!
//! **Scopes.** A value whose uses are not all inside the WGSL scope of its definition (a
//! value computed in a loop and used after it, say) becomes a `var` declared in the
//! innermost scope that holds every use and assigned where it is defined. Declarations
//! in a loop body that its `continuing` reads are placed before any `continue` (WGSL's
//! rule). Variables are declared as late as possible, and `var x: T;` followed by its
//! first assignment prints as `var x = e;`.
//!
//! **Names** come from debug names, sanitized to identifiers and made unique across the
//! module, never a keyword, reserved word, or predeclared name (so nothing shadows what
//! the output refers to). Entry points and overrides keep their names exactly when they
//! can (the API finds them by name). Unnamed values get short generic names.
//!
//! **Module scope.** Structs (with `@align` / `@size` reproducing the IR's member offsets
//! and sizes), global variables with their address space, access mode, `@group` and
//! `@binding`, overrides with `@id`, module-scope override expressions as `override` (or
//! `const`) declarations, named array and struct constants as `const`s, and entry points
//! with their stage, `@workgroup_size` and IO attributes. The `enable` directives the
//! module needs (`f16`, `subgroups`, …) are inferred from what it uses.
//!
//! **Behaviour.** WGSL's behaviour analysis must accept the result: a function with a
//! return type whose body could fall through gets a final `return T();`, and a loop that
//! can neither break nor return in such a function gets `break if false;` (both only
//! where the IR says the code is unreachable).
//!
//! **IR conventions relied on:** `select %c, %t, %f` gives `%t` when `%c` is true
//! (WGSL's `select(f, t, c)`); a function-scope `var` without initializer holds the zero
//! value; the `discard` terminator ends the invocation (raised as `discard;` then
//! `return`), and the `demote` instruction is WGSL's `discard` statement.

mod behavior;
pub(crate) mod build;
pub mod error;
mod expr;
mod function;
pub mod keywords;
mod module;
pub mod names;
mod types;

use crate::diag::Diagnostic;
use crate::ir::{Inst, Module};
use crate::syntax::ast;
use rustc_hash::{FxHashMap, FxHashSet};

pub use error::{RaiseError, RaiseErrorParts};

/// How the raiser shapes its output.
#[derive(Clone, Debug)]
pub struct Options {
    /// Inlined expressions taller than this are split with `let`s.
    pub max_expression_height: u32,
    /// Print recognisable loops as `for` and `while`.
    pub loop_sugar: bool,
    /// Global `diagnostic(severity, rule);` directives to write (the IR keeps no
    /// diagnostic filters; the compile pipeline passes the source's here).
    pub diagnostics: Vec<(String, String)>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_expression_height: 12,
            loop_sugar: true,
            diagnostics: Vec::new(),
        }
    }
}

/// How deep the raiser follows nested types, constants and override expressions: the
/// parser's bound, so whatever a parsed program nests, its raised form can too.
pub(crate) const MAX_DEPTH: u32 = crate::syntax::MAX_NESTING_DEPTH as u32;

/// Raises a verified IR module to a WGSL syntax tree.
pub fn raise(m: &Module, options: &Options) -> Result<ast::Module, Vec<Diagnostic>> {
    module::raise_module(m, options).map_err(|e| vec![e.into_diagnostic(m)])
}

/// Raises and prints: WGSL text for a verified IR module.
pub fn raise_to_wgsl(m: &Module, options: &Options) -> Result<String, Vec<Diagnostic>> {
    let ast = raise(m, options)?;
    Ok(crate::syntax::print(&ast))
}

/// The module-wide context every part of the raiser reads.
pub(crate) struct Cx<'m> {
    pub m: &'m Module,
    pub options: &'m Options,
    /// Names of module-scope declarations: structs, variables, overrides, functions,
    /// constants and override expressions.
    names: FxHashMap<Inst, String>,
    /// Member names of each struct, including the builtin result structures.
    members: FxHashMap<Inst, Vec<String>>,
    /// Result structures of `frexp`, `modf` and `atomicCompareExchangeWeak`: not
    /// declared, never spelled.
    builtin_structs: FxHashSet<Inst>,
}

impl<'m> Cx<'m> {
    pub fn global_name(&self, i: Inst) -> Option<&str> {
        self.names.get(&i).map(String::as_str)
    }

    pub fn struct_name(&self, t: Inst) -> Option<&str> {
        if self.builtin_structs.contains(&t) {
            None
        } else {
            self.global_name(t)
        }
    }

    pub fn member_name(&self, t: Inst, k: usize) -> Option<&str> {
        self.members
            .get(&t)
            .and_then(|v| v.get(k))
            .map(String::as_str)
    }

    pub fn unsupported(&self, at: Inst, what: &str) -> RaiseError {
        RaiseError::unsupported("WGSL", at, what)
    }

    pub fn malformed(&self, at: Inst, what: &str) -> RaiseError {
        RaiseError::malformed(at, what)
    }

    pub fn too_deep(&self, at: Inst) -> RaiseError {
        RaiseError::too_deep("WGSL", MAX_DEPTH, at)
    }
}
