//! Lowering of the typed AST into the IR, following Tint's rules (DESIGN §4).
//!
//! [`lower`] turns a parsed module and the [`Program`] sema made of it into an IR
//! [`Module`](crate::ir::Module) that passes the verifier. Sema has already decided
//! everything that needs deciding (types after concretization, the Load Rule, resolved
//! names and overloads, constant values); lowering only spells those decisions as
//! instructions, in one walk over the tree, in time linear in its size.
//!
//! # The rules
//!
//! - **Constants are folded.** An expression with a constant value ([`Program::value`])
//!   becomes that constant, whatever it is made of; lowering never looks inside it.
//!   `const` declarations, `const_assert` and `alias` emit nothing.
//! - **One operation, one instruction**, evaluated in WGSL's order: operands left to
//!   right, the reference of an assignment before its value, and for compound assignment
//!   and `++`/`--` the reference once, then the load, then the right-hand side.
//! - **Memory is explicit.** A memory view (a reference) lowers to a pointer: a `var`,
//!   a function parameter of pointer type, or an `access` chain. `&e` and `*p` emit
//!   nothing; the Load Rule, marked by sema, is a `load`. Every function-scope `var`
//!   becomes a `var` instruction at its declaration with an explicit initializer (the
//!   zero value when none is written, as WGSL says), for mem2reg to promote.
//! - **`let` names a value.** The initializer's instruction takes the `let`'s name; a
//!   `let` of a value that already has one (a constant, a parameter, a variable's
//!   pointer) emits nothing and its uses use that value.
//! - **Scopes are flattened.** Names are debug names, made unique per function the way
//!   Tint does: a second `x` is `x_1`, then `x_2`.
//! - **Structured control flow.** `if` becomes `if_else` with both arms (an `else if`
//!   nests an `if_else` in the else arm); `for`, `while` and `loop` all become `loop`,
//!   their condition an `if_else` at the top of the body whose false arm breaks;
//!   `continuing { … break if c; }` ends in the IR's break-if shape; `switch` becomes
//!   `switch` with one block per clause. `&&` and `||` become an `if_else` whose merge
//!   block takes the result as a parameter.
//! - **Dead code is dropped.** Statements after `return`, `break` or `continue` in a
//!   block never run and are not lowered; a merge block that no branch reaches holds
//!   `unreachable`. WGSL's `discard` statement demotes the invocation to a helper and
//!   carries on (its behaviour is {Next}), so it is the `demote` instruction and the code
//!   after it is kept.
//! - **Spans.** Every instruction carries the span of the AST node it came from.
//!
//! Module-scope declarations come in sema's dependency order. `override`s are `override`
//! instructions with their `@id` and default; override-expressions (initializers of
//! overrides and `var<private>`s, `@workgroup_size` and `@subgroup_size` arguments,
//! override-sized array counts) are pure instructions at module scope over them, with
//! `&&` and `||` as `and` and `or` since module scope has no control flow. Entry points
//! carry their stage, workgroup size and IO decorations; IO attributes of structure
//! members decorate the structure's fields.
//!
//! The only errors are for what the IR cannot hold (a `buffer` sized by an override,
//! sizes past 32 bits) and, defensively, for a typed program that breaks sema's rules;
//! they are E4100–E4199.

mod builtins;
mod decls;
mod entry;
mod exprs;
mod stmts;
mod types;

use crate::diag::{Diagnostic, Span, codes};
use crate::ir::{self, Block, Builder, Func, Value};
use crate::sema::program::Program;
use crate::syntax::ast;
use crate::util::map::{Map, Set};

/// Lowers a checked module to IR. `program` must come from a sema run over `ast` that
/// reported no errors.
pub fn lower(ast: &ast::Module, program: &Program) -> Result<ir::Module, Vec<Diagnostic>> {
    let mut module = ir::Module::new();
    // About two instructions per expression and one per statement, plus types.
    module.reserve(
        ast.exprs.len() * 2 + ast.stmts.len() + 64,
        ast.exprs.len() * 3 + 64,
    );
    let diags = {
        let mut cx = Lowerer::new(ast, program, &mut module);
        cx.module();
        cx.diags
    };
    if diags.is_empty() {
        Ok(module)
    } else {
        Err(diags)
    }
}

/// The marker of a reported error: lowering of the current declaration stops.
#[derive(Debug)]
pub(crate) struct Abort;

pub(crate) type R<T> = Result<T, Abort>;

/// A construct `break` and `continue` may target.
#[derive(Clone, Copy, Debug)]
enum Target {
    Loop { cont: Block, merge: Block },
    Switch { merge: Block },
}

/// The state of the function being lowered.
#[derive(Default)]
struct FnState {
    func: Option<Func>,
    /// Where code goes; `None` after a `return`, `break` or `continue` (dead code).
    cur: Option<Block>,
    params: Vec<Value>,
    targets: Vec<Target>,
    /// Blocks some branch targets: a merge block outside this set is unreachable. By
    /// instruction: a set type the package has anyway (each distinct one costs it code).
    reached: Set<ir::Inst>,
    /// How many times each debug name was given, for `x`, `x_1`, `x_2`.
    names: Map<String, u32>,
}

pub(crate) struct Lowerer<'a, 'm> {
    ast: &'a ast::Module,
    p: &'a Program,
    b: Builder<'m>,
    /// IR type of each sema type, filled on first use.
    types: Vec<Option<ir::Type>>,
    /// The IR instruction of each module-scope `var`, `override` and function.
    decls: Vec<Option<ir::Inst>>,
    /// The value of each function-scope `var` (its pointer) and `let`, by statement.
    locals: Vec<Option<Value>>,
    /// Composite constants already lowered, by the address of their shared parts.
    composites: Map<(usize, u32), Value>,
    /// Scalar constants already made, by kind and bits (see [`Lowerer::scalar_const`]);
    /// the kind widened to `usize` so that the map is the same type as `composites` (one
    /// copy of the hash table code).
    scalars: Map<(usize, u32), Value>,
    f: FnState,
    /// Lowering an override-expression at module scope: no control flow, no locals.
    module_scope: bool,
    diags: Vec<Diagnostic>,
}

impl<'a, 'm> Lowerer<'a, 'm> {
    fn new(ast: &'a ast::Module, p: &'a Program, module: &'m mut ir::Module) -> Self {
        Lowerer {
            ast,
            p,
            b: Builder::new(module),
            types: vec![None; p.types.len()],
            decls: vec![None; ast.decls.len()],
            locals: vec![None; ast.stmts.len()],
            composites: Map::default(),
            scalars: Map::default(),
            f: FnState::default(),
            module_scope: false,
            diags: Vec::new(),
        }
    }

    fn error(&mut self, code: &'static str, span: Span, message: String, label: &str) -> Abort {
        // Without a span of its own (a type), the error points at what is being lowered.
        let span = if span.is_detached() {
            let here = self.b.set_span(Span::DETACHED);
            self.b.set_span(here);
            here
        } else {
            span
        };
        let mut d = Diagnostic::error(code, message);
        if !span.is_detached() {
            d = d.with_primary(span, label);
        }
        self.diags.push(d);
        Abort
    }

    /// The typed program breaks one of sema's rules: a refract bug, reported rather than
    /// a panic.
    fn internal(&mut self, span: Span, what: &str) -> Abort {
        if !self.diags.is_empty() {
            // Most likely a consequence of the error already reported (a declaration
            // that could not be lowered); say nothing more.
            return Abort;
        }
        self.error(
            codes::LOWER_INTERNAL,
            span,
            format!("internal error while lowering to IR: {what}"),
            "here",
        )
    }

    fn name_of(&self, sym: crate::util::Symbol) -> &'a str {
        self.ast.name(sym)
    }

    fn expr_span(&self, e: ast::ExprId) -> Span {
        self.ast.expr(e).span
    }

    /// Runs `f` with the builder's span set to `span`, restoring it after.
    fn at<T>(&mut self, span: Span, f: impl FnOnce(&mut Self) -> T) -> T {
        let prev = self.b.set_span(span);
        let r = f(self);
        self.b.set_span(prev);
        r
    }
}
