//! The language-neutral plan: one function at a time, from its structure tree to calls on
//! an [`Emitter`]. The rules it keeps are in the essay of [`crate::raise`]; this is what
//! an emitter's author needs.
//!
//! # Two phases
//!
//! **Analysis** walks the structure tree once to place every block in a region (a scope
//! of the output) and decides, per value, its form: inlined into its single user, bound by
//! a `let`, a variable (block parameters, values used outside their scope, `insert`
//! temporaries), rewritten at each use (pointers and handles), or not written at all.
//! Uses are located as (region, node index) sites; a declaration goes in the innermost
//! region holding all of a variable's sites. **Emission** walks the tree again, writing
//! each block's instructions in order with the pending-expression machinery that keeps
//! effects in order, then the construct that follows it; every expression and statement
//! is made by the emitter.
//!
//! # Writing an emitter
//!
//! Implement [`Emitter`] and [`Finish`], and write module scope yourself. Names,
//! expressions and statements travel as the AST's handles ([`Symbol`], [`ExprId`],
//! [`StmtId`]) whatever the language: WGSL's emitter builds AST nodes with them, another
//! emitter numbers its own nodes with them (the HLSL emitter keeps its statements in an
//! arena and takes each list the plan hands back out of it). The walk is then one
//! function for every language, calling the emitter through `&mut dyn Emitter`: a copy
//! per language was 18 KB of the npm package's wasm. Parameters and the function itself
//! are the emitter's own types, given to [`Emitter::param`] and made by
//! [`Finish::function`] outside the walk.
//!
//! Name the module's declarations with a [`Namer`](crate::raise::names::Namer) made from the
//! language's [`Keywords`](crate::raise::names::Keywords) (entry points with
//! [`Namer::exact`](crate::raise::names::Namer::exact), the rest with `name`, struct
//! members with a namer of their own and `member`), declare what the module needs, then
//! for each function call [`function`] with that namer (locals avoid every module-scope
//! name) and one [`Tables`] made for the module. `function` returns what
//! [`Finish::function`] made. The WGSL emitter ([`crate::raise::wgsl`]) is a complete
//! example.
//!
//! What the plan promises the emitter:
//!
//! - **Order.** Methods are called in the order the output reads. A statement method
//!   appends to the list it is handed; lists come back as the arms, clauses and bodies of
//!   the constructs that hold them. An expression method's operands were made before it,
//!   and the plan hands each expression it gets back to exactly one later call (it may
//!   also ask [`Emitter::mentions`] about it).
//! - **Types.** Every IR value's type is `m.ty(v)`; declarations are handed the IR
//!   instruction they bind ([`Emitter::let_decl`]'s `of`) or the type they store
//!   ([`Emitter::var_decl`]), so a language that spells types in declarations can.
//! - **Operands.** [`Emitter::operation`] gets `ops[k]` for operand `k` of the instruction
//!   (a call's arguments only), pointer operands in pointer form (see
//!   [`Emitter::address_of`]; a language without pointers makes both conversions the
//!   identity and passes references, as HLSL's `inout` does). `load`, `store`, `access`,
//!   `var` and `insert` are the plan's, through [`Emitter::access`],
//!   [`Emitter::construct`], [`Emitter::store`] and the declarations.
//! - **Effects.** A read or effect is never evaluated out of IR order against a
//!   conflicting one, given the emitter's policies: [`Emitter::reverses_operands`] (the
//!   order it evaluates an instruction's operands in) and [`Emitter::may_share`] (which
//!   pairs may share one expression). The default `may_share` is for a language whose
//!   operand order is unspecified: two effects, or an effect and a read, never share an
//!   expression. An emitter that needs an operand bound for its own reasons (a run-time
//!   value where the language would fold a constant, an out parameter) asks through the
//!   [`Bind`] handed to `operation`.
//! - **Names.** Every name the plan hands over is unique in the module and never one of
//!   the language's words; [`Bind::bind`] and [`Bind::fresh_name`] make more during
//!   `operation`. Elsewhere an emitter names its own helpers with a prefix its
//!   [`Keywords`](crate::raise::names::Keywords) reserves (the namer strips reserved
//!   prefixes from every name it makes, so no other name can start with one).
//! - **Control flow.** `if`s, `switch`es and loops are properly nested; a loop comes as
//!   its body, its continuing (which runs after the body and after each `continue`, and
//!   sees the body's declarations) and its optional `break if` condition. `break`,
//!   `continue` and `return` say when they end their clause, body or function: WGSL leaves
//!   those out, C-like languages must keep a clause's `break` (a switch clause falls
//!   through without it). A clause can also end by reaching the switch's merge, with no
//!   `break_` call: a C-like emitter ends every clause that does not end in a jump with
//!   `break;`. The plan writes no `continue` or `break` that the structure does not have.
//!   A loop's body is written before its continuing, so an emitter that copies the
//!   continuing to each `continue` (a language without `continuing`) marks them in
//!   [`Emitter::continue_`] and fills them in in [`Emitter::loop_`]; the body's
//!   declarations that the continuing reads come before its first `continue`.
//!
//! What it expects back: statements for every call (or a reasoned nothing, as WGSL's
//! implicit `break`), and [`Emitter::end_list`] / [`Emitter::loop_`] /
//! [`Finish::function`] free to reshape what they are given (WGSL's `for` loops and
//! behaviour fixes happen there). The tests of this module write a C-like toy language
//! through the plan (unspecified operand order, falling-through clauses, no
//! `continuing`): a small model of the HLSL emitter.
//!
//! # For the HLSL emitter
//!
//! - `language()` is `"HLSL"`; keywords: HLSL's reserved words as `reserved`, its intrinsic
//!   functions and type names as `predeclared`.
//! - Operand order is unspecified: keep the default [`Emitter::may_share`]; spell `select`
//!   as `c ? t : f` or `select(c, t, f)` with [`Emitter::reverses_operands`] false.
//! - No `continuing`: lower it in [`Emitter::loop_`] as `for (;;) { body; continuing;
//!   if (c) break; }` with the continuing and the `break if` test copied before each
//!   `continue` of the body (Tint's way; the continuing reads the body's declarations, so
//!   naga's flag that runs it at the top of the loop would need them hoisted).
//! - `switch`: end every clause that does not end in a jump with `break;` (whether or not
//!   [`Emitter::break_`] was called with `ends_case`).
//! - Types in declarations: `let_decl` gets the instruction it binds, `var_decl` the type.
//! - [`Emitter::discard`]: `discard;` and, in a function with a result, a `return`.

mod analysis;
mod control;
mod emitter;
mod facts;
mod function;
mod pending;
mod state;
mod tables;
mod values;

pub use emitter::{Bind, CaseLabel, Clause, Emitter, ExprId, Finish, Index, Logic, StmtId, Symbol};
pub use facts::{Effect, conflicts, constant_index, decoration_u32, member_count};
pub use function::function;
pub use tables::Tables;

#[cfg(test)]
mod tests;
