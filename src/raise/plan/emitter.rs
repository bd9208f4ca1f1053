//! The interface between the plan and a language: [`Emitter`]. The plan decides what is
//! written where and in which order; the emitter decides how it is spelled. Every method
//! that makes a statement pushes onto the statement list it is handed (`out`), so an
//! emitter may write one statement, several, or none, and may reshape what is already
//! on the list (WGSL folds `var x: T;` followed by `x = e;` into `var x = e;`).

use super::facts::{Effect, conflicts};
use crate::ir::{Func, Inst, Module};
use crate::raise::error::RaiseError;
use crate::raise::names::Namer;
pub use crate::syntax::ast::{ExprId, StmtId};
pub use crate::util::Symbol;

/// An index into a composite: a constant (a struct member, a vector component, an array
/// element) or a dynamic index expression.
#[derive(Clone, Copy, Debug)]
pub enum Index<X> {
    Const(u32),
    Dynamic(X),
}

/// One label of a switch clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaseLabel {
    /// A case value, sign-extended from the selector's type (`u32` selectors are never
    /// negative).
    Value(i64),
    /// The default clause.
    Default,
}

/// One clause of a switch: its labels (the case values in the IR's order, then
/// `Default` when the default target is this clause's) and its statements.
pub struct Clause {
    pub labels: Vec<CaseLabel>,
    pub body: Vec<StmtId>,
}

/// `&&` or `||`, for the short-circuit shape (see [`Emitter::short_circuit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Logic {
    And,
    Or,
}

/// What an emitter's [`Emitter::operation`] may ask of the plan while it builds an
/// expression: a fresh name, or an operand bound to a temporary written before the
/// statement being built (so the language sees a run-time value, or evaluates it first).
pub struct Bind<'b, 'n> {
    pub(super) namer: &'b mut Namer<'n>,
    pub(super) out: &'b mut Vec<StmtId>,
}

impl Bind<'_, '_> {
    /// A name no other declaration has, from `hint`.
    pub fn fresh_name(&mut self, hint: &str) -> String {
        self.namer.name(None, hint)
    }

    /// Binds `init`, the expression of IR value `of`, to a `let` with a fresh name written
    /// now, and returns an expression that reads it.
    pub fn bind(
        &mut self,
        em: &mut dyn Emitter,
        of: Inst,
        init: ExprId,
        hint: &str,
    ) -> Result<ExprId, RaiseError> {
        let name = self.bind_name(em, of, init, hint)?;
        Ok(em.local(name))
    }

    /// [`Self::bind`], returning the name.
    pub fn bind_name(
        &mut self,
        em: &mut dyn Emitter,
        of: Inst,
        init: ExprId,
        hint: &str,
    ) -> Result<Symbol, RaiseError> {
        let name = self.namer.name(None, hint);
        let name = em.intern(&name);
        em.let_decl(self.out, name, of, init)?;
        Ok(name)
    }

    /// The statements written so far, where the emitter may add its own before the
    /// statement being built.
    pub fn out(&mut self) -> &mut Vec<StmtId> {
        self.out
    }
}

/// A language the plan can write. The plan walks each function once and calls these
/// methods in the order the output reads; see the essay in [`crate::raise`] for what it
/// guarantees (every value is written once, operands come in the order the emitter's
/// policies allow, declarations precede their uses, names never clash with the language's
/// words).
///
/// Names, expressions and statements are handles of the AST's kinds ([`Symbol`],
/// [`ExprId`], [`StmtId`]) whatever the language: WGSL's emitter builds AST nodes, and
/// another emitter numbers its own nodes with them. With the same handles for every
/// language, the walk is written once and calls its emitter through `&mut dyn Emitter`,
/// instead of being copied for each language (a copy was 18 KB of the npm package's
/// wasm); only [`Finish`], which hands back the language's own function, is generic.
pub trait Emitter {
    /// The language's name, for diagnostics ("cannot write WGSL for this module: …").
    fn language(&self) -> &'static str;

    // ---- policies --------------------------------------------------------------------

    /// Inlined expressions taller than this are bound to `let`s (see [`Emitter::height`]).
    fn max_expression_height(&self) -> u32;

    /// The deepest nesting of regions the language accepts; deeper control flow is an
    /// error. It also bounds the plan's recursion.
    fn max_nesting(&self) -> u32;

    /// Whether the expression of instruction `i` evaluates its operands last to first
    /// (WGSL's `select(f, t, c)` for `select c, t, f`); first to last otherwise.
    fn reverses_operands(&self, m: &Module, i: Inst) -> bool {
        let _ = (m, i);
        false
    }

    /// Whether two reads or effects may stay in one expression when the language
    /// evaluates `first` before `second`; `in_ir_order` says whether that is also the
    /// IR's order. When not, the plan binds the earlier-positioned one to a `let` first.
    /// The default fits a language that leaves operand order unspecified (HLSL, C):
    /// conflicting pairs are never shared. A language that evaluates left to right
    /// (WGSL) shares every pair the IR orders the same way. The answer for
    /// `in_ir_order == false` must imply the one for `true`.
    fn may_share(&self, first: Effect, second: Effect, in_ir_order: bool) -> bool {
        let _ = in_ir_order;
        !conflicts(first, second)
    }

    // ---- names and leaves -------------------------------------------------------------

    /// Interns a name the namer made.
    fn intern(&mut self, name: &str) -> Symbol;

    /// A function-scope name (parameter, `let`, variable) as an expression: a variable's
    /// name is a reference, not a pointer.
    fn local(&mut self, name: Symbol) -> ExprId;

    /// A module-scope variable as a reference expression.
    fn global(&mut self, var: Inst) -> Result<ExprId, RaiseError>;

    /// A module-scope value (a constant, an override, an override expression).
    fn global_value(&mut self, v: Inst) -> Result<ExprId, RaiseError>;

    /// The zero value of type `ty`.
    fn zero(&mut self, ty: Inst) -> Result<ExprId, RaiseError>;

    /// The height of an expression (a leaf is 1).
    fn height(&self, e: ExprId) -> u32;

    /// Whether expression `e` reads the name `name` anywhere.
    fn mentions(&self, e: ExprId, name: Symbol) -> bool;

    // ---- expressions ------------------------------------------------------------------

    /// The expression of instruction `i` from its operands' expressions: `ops[k]` for
    /// operand `k` (for `call`, the arguments: the callee, operand 0, has none), pointer
    /// operands in pointer form. Every opcode but `load`, `store`, `access`, `var` and
    /// `insert`, which the plan writes with the methods below, and the terminators. The
    /// emitter chooses its spelling of operators, builtins and constructors; through `b`
    /// it may bind an operand to a temporary or write statements before the one being
    /// built.
    fn operation(
        &mut self,
        b: &mut Bind<'_, '_>,
        i: Inst,
        ops: Vec<ExprId>,
    ) -> Result<ExprId, RaiseError>;

    /// `base` (of type `base_ty`, a reference or a value) indexed: `.member`, `.x`,
    /// `[i]`. The plan has checked the index against the type.
    fn access(
        &mut self,
        base: ExprId,
        base_ty: Inst,
        index: Index<ExprId>,
    ) -> Result<ExprId, RaiseError>;

    /// A value of composite type `ty` from its members, in order (an `insert` written as
    /// a constructor).
    fn construct(&mut self, ty: Inst, parts: Vec<ExprId>) -> Result<ExprId, RaiseError>;

    /// A reference as a pointer (`&x` in WGSL; the same expression in a language without
    /// pointers).
    fn address_of(&mut self, reference: ExprId) -> ExprId;

    /// A pointer as a reference (`*p` in WGSL).
    fn deref(&mut self, pointer: ExprId) -> ExprId;

    /// Logical negation of a condition.
    fn not(&mut self, cond: ExprId) -> ExprId;

    /// `a && b` or `a || b`, written by the plan only when `b` needs no statements of its
    /// own (an `if` whose arm computes a `bool` merge parameter otherwise).
    fn short_circuit(&mut self, op: Logic, a: ExprId, b: ExprId) -> ExprId;

    // ---- statements -------------------------------------------------------------------

    /// Function parameter `p`, named `name`, next in the parameter list (the emitter
    /// keeps the list for [`Finish::function`]).
    fn param(&mut self, p: Inst, name: Symbol) -> Result<(), RaiseError>;

    /// `let name = init;`, binding the value of IR instruction `of` (its type is
    /// `m.ty(of)`).
    fn let_decl(
        &mut self,
        out: &mut Vec<StmtId>,
        name: Symbol,
        of: Inst,
        init: ExprId,
    ) -> Result<(), RaiseError>;

    /// A function-scope variable of type `ty` (what it stores), with an initializer or
    /// without one (then it holds the zero value, or is assigned before any read).
    fn var_decl(
        &mut self,
        out: &mut Vec<StmtId>,
        name: Symbol,
        ty: Inst,
        init: Option<ExprId>,
    ) -> Result<(), RaiseError>;

    /// `name = value;` for a local variable.
    fn assign(
        &mut self,
        out: &mut Vec<StmtId>,
        name: Symbol,
        value: ExprId,
    ) -> Result<(), RaiseError>;

    /// A `store`: `reference = value;` (the emitter may shorten `x = x + e` to `x += e`).
    fn store(&mut self, out: &mut Vec<StmtId>, reference: ExprId, value: ExprId);

    /// One member of an `insert`'s temporary: `t.member = value;`, as written.
    fn assign_member(&mut self, out: &mut Vec<StmtId>, lhs: ExprId, value: ExprId);

    /// Instruction `i` written for its effect (a call, an atomic, a barrier, a texture
    /// store); `e` is its expression. Its value, if any, is unused.
    fn effect(&mut self, out: &mut Vec<StmtId>, i: Inst, e: ExprId);

    /// The `demote` instruction (WGSL's `discard` statement: the invocation goes on as a
    /// helper).
    fn demote(&mut self, out: &mut Vec<StmtId>);

    /// Leaves the innermost loop or switch. `ends_case` when it is the last statement of
    /// a switch clause (implicit in WGSL; C-like languages fall through without it).
    fn break_(&mut self, out: &mut Vec<StmtId>, ends_case: bool);

    /// Goes to the continuing of the innermost loop. `ends_body` when it is the last
    /// statement of the loop's body (and so implicit).
    fn continue_(&mut self, out: &mut Vec<StmtId>, ends_body: bool);

    /// Returns, with a value when the function has a result. `ends_function` when it is
    /// the last statement of the function's body.
    fn return_(&mut self, out: &mut Vec<StmtId>, value: Option<ExprId>, ends_function: bool);

    /// The `discard` terminator: the invocation ends here. `result_ty` is the function's
    /// result type, for languages that must still return a value.
    fn discard(&mut self, out: &mut Vec<StmtId>, result_ty: Option<Inst>)
    -> Result<(), RaiseError>;

    /// `if cond { then } else { otherwise }` (either list may be empty; the plan never
    /// writes an `if` whose arms are both empty unless the IR has one).
    fn if_(
        &mut self,
        out: &mut Vec<StmtId>,
        cond: ExprId,
        then: Vec<StmtId>,
        otherwise: Vec<StmtId>,
    );

    /// `switch selector { clauses }`.
    fn switch(&mut self, out: &mut Vec<StmtId>, selector: ExprId, clauses: Vec<Clause>);

    /// A loop: `body`, then `continuing` (run after the body and after every `continue`;
    /// it sees the body's declarations), then the loop exits when `break_if` holds. The
    /// body's list has not been through [`Emitter::end_list`] (what the continuing reads
    /// may matter to it); the continuing's has. A language without a continuing construct
    /// lowers it here.
    fn loop_(
        &mut self,
        out: &mut Vec<StmtId>,
        body: Vec<StmtId>,
        continuing: Vec<StmtId>,
        break_if: Option<ExprId>,
    ) -> Result<(), RaiseError>;

    /// A statement list is complete (an arm, a clause, a continuing, the function's
    /// body): the emitter may reshape it.
    fn end_list(&mut self, stmts: &mut Vec<StmtId>) {
        let _ = stmts;
    }
}

/// The end of a function, outside the walk: the emitter's own function from the
/// parameters it was given and the body.
pub trait Finish: Emitter {
    /// A function, as [`Finish::function`] makes it.
    type Function;

    /// Function `f`, with the parameters given by [`Emitter::param`] since the last
    /// function, its body (complete), and its result type.
    fn function(
        &mut self,
        f: Func,
        body: Vec<StmtId>,
        result_ty: Option<Inst>,
    ) -> Result<Self::Function, RaiseError>;
}
