//! The type checker: types every declaration, statement and expression, evaluates
//! const-expressions, and fills the side tables of the [`Program`].
//!
//! Rules:
//! - **Dependency order.** Module-scope declarations are checked in the order name
//!   resolution computed, so every declaration is typed before anything that mentions it,
//!   and a function before its callers. A declaration in a dependency cycle is skipped
//!   (the cycle was reported) and its users see an error type silently. So is a function
//!   past the error limit that nothing before the limit's last error uses: all it could
//!   report would come after the errors shown ([`crate::diag::limit`]).
//! - **Bottom-up typing, top-down conversion.** An expression is typed from its operands;
//!   the context then *materializes* it ([`Checker::convert_to`]): an abstract operand is
//!   converted to the parameter type the chosen overload gives it, its recorded type and
//!   constant value updated, and a reference operand is marked as loaded. Conversion
//!   failures of constant values (`(1 - 2) + 1u`) are reported on the operand.
//! - **Const-expressions are evaluated** as they are typed, with the spec's errors on the
//!   offending operation. Inside the right side of `false && …` (or `true || …`),
//!   evaluation errors are not reported, as the spec evaluates only what is needed; type
//!   errors still are.
//! - **One error per mistake.** Broken expressions get [`ExprClass::Error`]; anything
//!   built from them is silently broken too, so one typo does not cascade.
//! - Checking of a function also records what later passes need: its calls and the
//!   module-scope variables it mentions ([`FnFacts`]), for shader-stage rules, resource
//!   interfaces and the uniformity analysis.

mod alias;
mod attrs;
mod calls;
mod decls;
mod exprs;
mod stmts;
mod types;

use crate::diag::limit::Horizon;
use crate::diag::{Diagnostic, Span, codes};
use crate::sema::consteval::{self, Value};
use crate::sema::program::{DeclId, EvalStage, ExprClass, ExprInfo, Extensions, Program};
use crate::sema::resolve::Resolution;
use crate::sema::types::convert::conversion_rank;
use crate::sema::types::{TypeId, TypeKind};
use crate::syntax::ast::{ExprId, ExprKind, GlobalDeclKind, Module, StmtId};

pub(crate) use attrs::IoSpec;
pub(crate) use stmts::Behavior;

/// Something a function does that only some shader stages allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StageUse {
    /// A builtin function call.
    Builtin(crate::sema::builtins::BuiltinFn),
    /// A `discard` statement.
    Discard,
}

/// Facts the checker collects about each function for the passes that follow.
#[derive(Clone, Debug, Default)]
pub(crate) struct FnFacts {
    /// User functions called, each with the span of its first call.
    pub calls: Vec<(DeclId, Span)>,
    /// Module-scope `var`s and `override`s mentioned, each with its first mention.
    pub globals: Vec<(DeclId, Span)>,
    /// Stage-restricted operations, each with its span.
    pub stage_uses: Vec<(StageUse, Span)>,
    /// See [`crate::sema::program::FnInfo::sampled`].
    pub sampled: Vec<crate::sema::program::TextureSource>,
    /// See [`crate::sema::program::FnInfo::texture_args`].
    pub texture_args: Vec<(DeclId, u32, crate::sema::program::TextureSource)>,
    /// The body's behavior.
    pub behavior: Behavior,
}

/// The IO attributes of entry point parameters, results and structure members, and the
/// workgroup sizes of compute entry points, for the entry point rules: one entry per
/// declaration, by [`DeclId`]. What was not recorded reads as the default (no attributes).
#[derive(Clone, Debug, Default)]
pub(crate) struct IoTables(Vec<DeclIo>);

/// The IO facts of one declaration; see [`IoTables`].
#[derive(Clone, Debug, Default)]
pub(crate) struct DeclIo {
    /// A function's parameters, by position (those past the end have no attributes).
    pub params: Vec<attrs::IoSpec>,
    pub ret: attrs::IoSpec,
    /// A structure's members, by position.
    pub members: Vec<attrs::IoSpec>,
    pub workgroup_size: Option<[crate::sema::program::WorkgroupDim; 3]>,
}

impl IoTables {
    pub fn new(decls: usize) -> IoTables {
        IoTables(crate::sema::filled(decls, DeclIo::default))
    }

    pub fn of(&self, d: DeclId) -> &DeclIo {
        &self.0[d.index()]
    }

    pub fn of_mut(&mut self, d: DeclId) -> &mut DeclIo {
        &mut self.0[d.index()]
    }

    /// The IO attributes of parameter `k` of function `d`.
    pub fn param(&self, d: DeclId, k: usize) -> attrs::IoSpec {
        self.of(d).params.get(k).copied().unwrap_or_default()
    }
}

/// What the checker hands to the passes after it.
pub(crate) struct Finished {
    pub program: Program,
    pub facts: Vec<FnFacts>,
    pub io: IoTables,
    /// The module-scope declarations each declaration mentions (from name resolution).
    pub deps: Vec<Vec<(DeclId, Span)>>,
    /// The behavior of each statement.
    pub behaviors: Vec<Behavior>,
    pub diags: Vec<Diagnostic>,
    /// Functions were left unchecked: past the error limit, nothing before it uses them.
    pub skipped: bool,
    /// Errors past the error limit, counted and not kept ([`Horizon::keep`]).
    pub dropped: usize,
}

/// The state of the function being checked.
#[derive(Default)]
struct FnCtx {
    decl: Option<DeclId>,
    params: Vec<Option<TypeId>>,
    ret: Option<TypeId>,
    has_ret: bool,
    facts: FnFacts,
    /// Loops and switches enclosing the current statement, innermost last.
    breakables: Vec<Breakable>,
    /// Depth of `continuing` blocks around the current statement.
    continuing: u32,
    /// Brace nesting depth, for the spec's limit.
    braces: u32,
    /// A `return` or `continue` inside a `continuing` block was reported: the function's
    /// behavior is a guess, so a missing `return` is not reported on top.
    behavior_guessed: bool,
    /// Root identifiers read and written, for the alias analysis (by [`alias::Root`]'s key).
    reads: crate::util::map::Set<(u32, u32)>,
    writes: crate::util::map::Set<(u32, u32)>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Breakable {
    Loop,
    /// A `continuing` block: its own loop for `break if`, but `break` and `continue`
    /// may not leave it.
    Continuing,
    Switch,
}

/// Language features refract supports (`requires` accepts them; all are always on).
pub(crate) const LANGUAGE_FEATURES: &[&str] = &[
    "readonly_and_readwrite_storage_textures",
    "packed_4x8_integer_dot_product",
    "unrestricted_pointer_parameters",
    "pointer_composite_access",
    "uniform_buffer_standard_layout",
    "subgroup_id",
    "subgroup_uniformity",
    "texture_and_sampler_let",
    "texture_formats_tier1",
    "linear_indexing",
    "immediate_address_space",
    "fragment_depth",
    "buffer_view",
];

pub(crate) struct Checker<'m> {
    pub m: &'m Module,
    pub src: &'m str,
    pub res: Resolution,
    pub p: Program,
    pub diags: Vec<Diagnostic>,
    /// Per declaration: what each function does (empty for other declarations).
    pub facts: Vec<FnFacts>,
    /// Per declaration: what each function reads and writes (for aliasing).
    access: Vec<alias::AccessSummary>,
    pub io: IoTables,
    /// The behavior of each statement, by statement.
    behaviors: Vec<Behavior>,
    /// The function being checked.
    f: FnCtx,
    /// Per declaration: the last function (index + 1) that recorded it as a call or a
    /// global use, so each is recorded once per function.
    seen_in_fn: Vec<u32>,
    /// When non-zero, constant evaluation errors are not reported (the right side of a
    /// short-circuited `&&` or `||`).
    quiet_eval: u32,
    pub ext: Extensions,
    /// `f16` used without the extension was reported (once per module).
    f16_reported: bool,
    /// `@blend_src` used without the extension was reported (once per module).
    blend_src_reported: bool,
    /// `@id` values of overrides, each with its index in `override_id_spans`.
    override_ids: crate::util::map::Map<u32, u32>,
    /// The span of each `@id` value in `override_ids`.
    override_id_spans: Vec<Span>,
    /// Some function was left unchecked (past the error limit).
    skipped: bool,
    /// Where the error limit's last error lies: name resolution fed it the diagnostics
    /// passed in, and [`Checker::report`] feeds it the checker's.
    horizon: Horizon,
    /// Scalars in the constant composite values built so far ([`Checker::charge_const`]).
    const_scalars: u64,
    /// Argument lists of calls, kept for reuse: calls nest, so each call being checked
    /// takes one and gives it back ([`Checker::arg_values`]).
    arg_pool: Vec<Vec<(TypeId, EvalStage)>>,
    /// The overload resolution arguments of the call being resolved, kept for reuse.
    resolve_args: Vec<crate::sema::builtins::Arg>,
}

/// The most scalars one constant value may hold (2^20); see [`Checker::charge_const`].
const MAX_CONST_VALUE_SCALARS: u64 = 1 << 20;

/// The most scalars all of a module's constant values may hold together: 2^16 plus 8 per
/// source byte, at most 2^22. Linear in the source, so what later phases materialize is
/// too; a table written out in full holds at most one scalar per two bytes, charged once
/// per level of nesting, far inside it.
fn const_budget(source_len: usize) -> u64 {
    ((1u64 << 16) + 8 * source_len as u64).min(1 << 22)
}

/// Runs the checker over a resolved module. Functions past the error limit's horizon
/// that nothing before it uses are left unchecked (see [`super::first_use`]).
pub(crate) fn check<'m>(
    m: &'m Module,
    src: &'m str,
    res: Resolution,
    ext: Extensions,
    diags: Vec<Diagnostic>,
    horizon: Horizon,
) -> Checker<'m> {
    let mut p = Program::new(m.exprs.len(), m.stmts.len(), m.decls.len());
    p.extensions = ext;
    p.order = res.order.clone();
    let mut c = Checker {
        m,
        src,
        res,
        p,
        diags,
        facts: crate::sema::filled(m.decls.len(), FnFacts::default),
        access: crate::sema::filled(m.decls.len(), alias::AccessSummary::default),
        io: IoTables::new(m.decls.len()),
        behaviors: vec![Behavior::EMPTY; m.stmts.len()],
        f: FnCtx::default(),
        seen_in_fn: vec![0; m.decls.len()],
        quiet_eval: 0,
        ext,
        f16_reported: false,
        blend_src_reported: false,
        override_ids: crate::util::map::Map::default(),
        override_id_spans: Vec::new(),
        skipped: false,
        horizon,
        const_scalars: 0,
        arg_pool: Vec::new(),
        resolve_args: Vec::new(),
    };
    let first_use = super::first_use(m, &c.res);
    let order = c.res.order.clone();
    for d in order {
        if c.res.in_cycle[d.index()] {
            continue;
        }
        if c.horizon.is_past(first_use[d.index()]) {
            c.skipped = true;
            continue;
        }
        c.check_decl(d);
    }
    c
}

impl<'m> Checker<'m> {
    /// The typed program, the facts of each function, and the diagnostics so far.
    pub(crate) fn finish(self) -> Finished {
        Finished {
            program: self.p,
            facts: self.facts,
            io: self.io,
            deps: self.res.deps,
            behaviors: self.behaviors,
            diags: self.diags,
            skipped: self.skipped,
            dropped: self.horizon.dropped(),
        }
    }

    // ---- Reporting -------------------------------------------------------------------

    /// Keeps `d` unless it is an error past the error limit (then only counted): one
    /// function may hold an error per line.
    pub(crate) fn report(&mut self, d: Diagnostic) {
        if self.horizon.keep(&d) {
            self.diags.push(d);
        }
    }

    pub(crate) fn error(&mut self, code: &'static str, span: Span, message: String, label: &str) {
        self.report(Diagnostic::error(code, message).with_primary(span, label));
    }

    /// An error at `span` about declaration `d`, named `name`, with a second label on
    /// the declaration: one builder for the several diagnostics of that shape.
    pub(crate) fn error_declared_here(
        &self,
        code: &'static str,
        message: String,
        span: Span,
        label: &str,
        d: DeclId,
        name: &str,
    ) -> Diagnostic {
        Diagnostic::error(code, message)
            .with_primary(span, label)
            .with_secondary(self.decl_name_span(d), format!("`{name}` is declared here"))
    }

    /// The type as WGSL spells it.
    pub(crate) fn tn(&self, ty: TypeId) -> String {
        self.p.types.name(ty)
    }

    pub(crate) fn span(&self, e: ExprId) -> Span {
        self.m.expr(e).span
    }

    pub(crate) fn stmt_span(&self, s: StmtId) -> Span {
        self.m.stmt(s).span
    }

    pub(crate) fn sym(&self, s: crate::util::Symbol) -> &'m str {
        self.m.name(s)
    }

    /// The span and word for a module-scope declaration's name, for "declared here" labels.
    pub(crate) fn decl_name_span(&self, d: DeclId) -> Span {
        crate::sema::resolve::decl_name(&self.m.decls[d.index()].kind)
            .map_or(self.m.decls[d.index()].span, |i| i.span)
    }

    // ---- Recording -------------------------------------------------------------------

    pub(crate) fn set(&mut self, e: ExprId, info: ExprInfo) -> ExprInfo {
        // The slice, not the `Vec`: `Vec`'s `IndexMut` is a call at opt-level "z".
        self.p.exprs.as_mut_slice()[e.index()] = info;
        info
    }

    pub(crate) fn set_value(&mut self, e: ExprId, v: Value) {
        self.p.values.insert(e, v);
    }

    pub(crate) fn value_of(&self, e: ExprId) -> Option<Value> {
        self.p.values.get(e).cloned()
    }

    /// The constant values of all of `args`, if each has one.
    pub(crate) fn values_of(&self, args: &[ExprId]) -> Option<Vec<Value>> {
        let mut out = Vec::with_capacity(args.len());
        for &a in args {
            out.push(self.value_of(a)?);
        }
        Some(out)
    }

    /// Records that the current function mentions a module-scope declaration.
    pub(crate) fn note_global_use(&mut self, d: DeclId, span: Span) {
        let Some(cur) = self.f.decl else {
            return;
        };
        let stamp = cur.index() as u32 + 1;
        if self.seen_in_fn[d.index()] == stamp {
            return;
        }
        self.seen_in_fn[d.index()] = stamp;
        match self.m.decls[d.index()].kind {
            GlobalDeclKind::Fn(_) => self.f.facts.calls.push((d, span)),
            GlobalDeclKind::Var(_) | GlobalDeclKind::Override(_) => {
                self.f.facts.globals.push((d, span))
            }
            _ => {}
        }
    }

    /// Reports a constant evaluation error on `span` unless inside a short-circuited
    /// operand.
    pub(crate) fn eval_error(&mut self, span: Span, err: consteval::EvalError) {
        self.eval_error_labeled(span, err, "evaluated here");
    }

    pub(crate) fn eval_error_labeled(
        &mut self,
        span: Span,
        err: consteval::EvalError,
        label: &str,
    ) {
        if self.quiet_eval > 0 {
            return;
        }
        self.report(Diagnostic::error(err.code, err.message).with_primary(span, label));
    }

    /// Charges a constant composite value of type `ty` to the module's budget before it is
    /// built; false (after reporting E1309) when it does not fit.
    ///
    /// Values share their parts, so `const c1 = array(c0, c0); … const c25 = array(c24,
    /// c24);` costs sema almost nothing, but every back end writes each value out whole:
    /// 800 bytes of source would become 2^25 scalars. Charging each value's whole scalar
    /// count bounds what any later phase materializes. A value written out in the source
    /// is charged once per level of nesting, which keeps honest tables far inside the
    /// budget (a 4 MiB source holds at most about 2 million literals).
    pub(crate) fn charge_const(&mut self, span: Span, ty: TypeId) -> bool {
        let n = self.p.types.scalar_count(ty);
        if n <= 1 {
            return true;
        }
        let total = self.const_scalars.saturating_add(n);
        let budget = const_budget(self.src.len());
        if n <= MAX_CONST_VALUE_SCALARS && total <= budget {
            self.const_scalars = total;
            return true;
        }
        if self.quiet_eval == 0 {
            let message = if n > MAX_CONST_VALUE_SCALARS {
                format!(
                    "this constant value of type `{}` holds {n} scalars; refract's limit for one value is {MAX_CONST_VALUE_SCALARS}",
                    self.tn(ty)
                )
            } else {
                format!(
                    "the module's constant values hold more than {budget} scalars in all, refract's budget for a source of {} bytes",
                    self.src.len()
                )
            };
            let d = Diagnostic::error(codes::CONST_BUDGET, message)
                .with_primary(span, "this value is past the budget")
                .with_note("values built from other constants count every scalar they hold; use a `var` or a smaller table");
            self.report(d);
        }
        // Past the budget nothing more is charged: one error says it.
        self.const_scalars = u64::MAX;
        false
    }

    // ---- Values and conversions ------------------------------------------------------

    /// Checks `e` as a value: a type or an enumerant is an error, and a memory view is
    /// loaded (the Load Rule). Returns the value's type and stage.
    pub(crate) fn rvalue(&mut self, e: ExprId) -> Option<(TypeId, EvalStage)> {
        let info = self.expr(e);
        self.use_as_value(e, info)
    }

    /// The Load Rule and class checks for an already checked expression.
    pub(crate) fn use_as_value(
        &mut self,
        e: ExprId,
        info: ExprInfo,
    ) -> Option<(TypeId, EvalStage)> {
        match info.class {
            ExprClass::Error => None,
            ExprClass::Type => {
                let what = info
                    .ty
                    .map_or("a type".to_string(), |t| format!("type `{}`", self.tn(t)));
                self.report(
                    Diagnostic::error(
                        codes::NOT_A_VALUE,
                        format!("{what} cannot be used as a value"),
                    )
                    .with_primary(self.span(e), "this is a type")
                    .with_note("to make a value of a type, call its constructor: `T(…)`"),
                );
                self.set(e, ExprInfo::ERROR);
                None
            }
            ExprClass::Enumerant(_) => {
                let text = self.source_text(e);
                self.error(
                    codes::NOT_A_VALUE,
                    self.span(e),
                    format!("`{text}` is an enumerant and cannot be used as a value"),
                    "not a value",
                );
                self.set(e, ExprInfo::ERROR);
                None
            }
            ExprClass::Value => {
                let ty = info.ty?;
                if let TypeKind::Ref { store, access, .. } = self.p.types.kind(ty) {
                    if !access.can_read() {
                        self.error(
                            codes::ACCESS_MODE,
                            self.span(e),
                            format!(
                                "cannot read from `{}`, which has `write` access",
                                self.tn(ty)
                            ),
                            "read here",
                        );
                        return None;
                    }
                    if !self.check_loadable(e, store) {
                        return None;
                    }
                    self.p.exprs[e.index()].loaded = true;
                    self.note_access(e, true, false);
                    return Some((store, info.stage));
                }
                Some((ty, info.stage))
            }
        }
    }

    /// The spec forbids expressions of atomic and runtime-sized array type: such memory
    /// views can be referred to but not loaded.
    fn check_loadable(&mut self, e: ExprId, store: TypeId) -> bool {
        let t = &self.p.types;
        let what = match t.kind(store) {
            TypeKind::Atomic(_) => "an atomic value cannot be loaded directly",
            TypeKind::Array {
                size: crate::sema::types::ArraySize::Runtime,
                ..
            } => "a runtime-sized array cannot be loaded as a whole",
            TypeKind::Texture(_) | TypeKind::Sampler { .. } => return true,
            _ if t.has(store, crate::sema::types::TypeFlags::CONTAINS_ATOMIC) => {
                "a value containing atomics cannot be loaded as a whole"
            }
            _ if t.has(store, crate::sema::types::TypeFlags::CONTAINS_RUNTIME_ARRAY) => {
                "a value containing a runtime-sized array cannot be loaded as a whole"
            }
            TypeKind::Buffer(_) => "a buffer cannot be loaded as a whole",
            _ => return true,
        };
        let hint = match t.kind(store) {
            TypeKind::Atomic(_) => "use `atomicLoad(&x)` to read an atomic",
            _ => "access its elements or members instead",
        };
        self.report(
            Diagnostic::error(codes::INVALID_LOAD, format!("{what}: `{}`", self.tn(store)))
                .with_primary(self.span(e), "loaded here")
                .with_note(hint),
        );
        false
    }

    /// Materializes `e` (already checked, of loaded type `from`) as `to`: abstract values
    /// are converted, with their constant values. Reports a type mismatch when no
    /// automatic conversion exists; `what` says where the value goes ("the initializer").
    pub(crate) fn convert_to(&mut self, e: ExprId, from: TypeId, to: TypeId, what: &str) -> bool {
        if from == to {
            return true;
        }
        if conversion_rank(&self.p.types, from, to).is_none() {
            let d = Diagnostic::error(
                codes::TYPE_MISMATCH,
                format!(
                    "{what} must be of type `{}`, but this is `{}`",
                    self.tn(to),
                    self.tn(from)
                ),
            )
            .with_primary(self.span(e), format!("`{}`", self.tn(from)));
            let d = self.mismatch_hint(d, from, to);
            self.report(d);
            return false;
        }
        self.materialize(e, to)
    }

    /// Records that `e`, an abstract (or already matching) expression, is used as `to`,
    /// converting its constant value. Returns false (after reporting) when the value is
    /// not representable.
    pub(crate) fn materialize(&mut self, e: ExprId, to: TypeId) -> bool {
        let info = self.p.exprs.as_slice()[e.index()];
        let Some(ty) = info.ty else {
            return false;
        };
        if ty == to || info.loaded || !self.p.types.is_abstract(ty) {
            return true;
        }
        let composite = matches!(self.p.values.get(e), Some(Value::Composite(..)));
        if composite && !self.charge_const(self.span(e), to) {
            self.p.values.remove(e);
        }
        if let Some(v) = self.p.values.remove(e) {
            match consteval::convert(&mut self.p.types, &v, to) {
                Ok(c) => {
                    self.p.values.insert(e, c);
                }
                Err(err) => {
                    self.p.values.insert(e, v);
                    let label = format!("this value does not fit `{}`", self.tn(to));
                    self.eval_error_labeled(self.span(e), err, &label);
                    return false;
                }
            }
        }
        self.p.exprs[e.index()].ty = Some(to);
        true
    }

    /// Concretizes an expression's type in place (for `let`, `var`, indices and the other
    /// places the spec concretizes); returns the concrete type.
    pub(crate) fn concretize_expr(&mut self, e: ExprId, ty: TypeId) -> TypeId {
        let c = crate::sema::types::convert::concretize(&mut self.p.types, ty);
        if c != ty {
            self.materialize(e, c);
        }
        c
    }

    fn mismatch_hint(&self, d: Diagnostic, from: TypeId, to: TypeId) -> Diagnostic {
        let t = &self.p.types;
        match (t.kind(from), t.kind(to)) {
            (TypeKind::Scalar(a), TypeKind::Scalar(b))
            | (TypeKind::Vector { scalar: a, .. }, TypeKind::Vector { scalar: b, .. })
                if a.is_numeric() && b.is_numeric() && !a.is_abstract() =>
            {
                d.with_note(format!(
                    "WGSL has no implicit conversions between concrete types; convert explicitly with `{}(…)`",
                    self.tn(to)
                ))
            }
            (TypeKind::Scalar(s), TypeKind::Scalar(_)) if s.is_abstract() && s.is_float() => d
                .with_note("a floating point literal never converts to an integer type"),
            (TypeKind::Ptr { .. }, TypeKind::Ptr { .. }) => d.with_note(
                "pointer types must agree on address space, store type and access mode",
            ),
            _ => d,
        }
    }

    /// The source text of an expression, for messages.
    pub(crate) fn source_text(&self, e: ExprId) -> String {
        match &self.m.expr(e).kind {
            ExprKind::Ident(ie) => self.sym(ie.ident.name).to_string(),
            ExprKind::Call { callee, .. } => format!("{}(…)", self.sym(callee.ident.name)),
            _ => "expression".to_string(),
        }
    }
}
