//! A seeded generator of random WGSL compute programs that are valid, terminate, and
//! compute one well-defined answer (in the spirit of wgslsmith).
//!
//! Same seed, same program. Programs use expressions over `bool`, `i32`, `u32`, `f32` and
//! their vectors (and matrix × vector products), `let`/`var` (sometimes shadowing a name
//! of an enclosing block), local arrays and structs, `if`/`switch`, three loop shapes
//! with bounded trip counts, `break`/`continue`, helper functions (value and pointer
//! parameters, early returns), private and workgroup variables, storage and workgroup
//! atomics, and a workgroup barrier.
//!
//! Rules that keep every program free of undefined and implementation-defined behaviour
//! (each is enforced by construction, `ast.rs` says which by printing):
//! - **Indices** are reduced modulo the array length; **loops** are counted; an invocation
//!   writes only its own output slots and its own workgroup slot.
//! - **Floats never become NaN or infinite.** Every float value with a name (variables,
//!   `let`s, parameters, results) is clamped to ±2^20; operands of `*` are clamped to
//!   ±1024 and divisors are `abs(d) + 1`, so an expression of depth ≤ [`MAX_DEPTH`] stays
//!   below 2^31 in magnitude. Float→int conversions clamp first. No transcendental
//!   builtins, no `bitcast` to float.
//! - **Integers** wrap, which WGSL defines, and division or remainder by zero and
//!   `MIN / -1` are defined too, so they are used freely, except that a constant divisor
//!   would be a shader-creation error, so divisors are never constant (nor, for naga's
//!   validator, which is stricter than the spec here, vectors with a literal component). No operation has only literal
//!   operands: such an expression is evaluated at shader creation, where overflow is an
//!   error.
//! - **Concurrency.** Phase one may write this invocation's workgroup slot and apply
//!   atomics (slot k of an atomic array only ever sees one commutative operation); then
//!   `workgroupBarrier()` at the top level (uniform control flow); then phase two may read
//!   any workgroup slot and `atomicLoad` the workgroup atomics. Atomic results are never
//!   used.
//! - **Zeros.** WGSL lets an implementation ignore the sign of a float zero, so floats
//!   become output bits through `float_bits`, which writes both zeros as `0u`.

pub mod ast;

use crate::rng::Rng;
use ast::*;

/// Deepest expression nesting.
pub const MAX_DEPTH: u32 = 4;
const F_CLAMP: &str = "1048576.0f";
const MUL_CLAMP: &str = "1024.0f";

const INT: Ty = Ty::scalar(Scalar::I32);
const UINT: Ty = Ty::scalar(Scalar::U32);
const FLOAT: Ty = Ty::scalar(Scalar::F32);
const BOOL: Ty = Ty::scalar(Scalar::Bool);

/// The atomic operation each slot of `acc`/`wg_acc` takes (u32), and of `iacc` (i32).
const U_ATOMICS: [&str; 7] = [
    "atomicAdd",
    "atomicSub",
    "atomicMax",
    "atomicMin",
    "atomicOr",
    "atomicAnd",
    "atomicXor",
];
const I_ATOMICS: [&str; 3] = ["atomicAdd", "atomicMax", "atomicMin"];

/// A name visible to generated code.
#[derive(Clone, Debug)]
struct Var {
    name: String,
    ty: Ty,
    mutable: bool,
}

/// A local array or struct the generator declared: `arrays` hold `len` values of `ty`.
#[derive(Clone, Debug)]
struct Aggregate {
    name: String,
    kind: AggKind,
}

#[derive(Clone, Debug)]
enum AggKind {
    Array {
        ty: Ty,
        len: u32,
    },
    /// A struct local with these fields.
    Struct {
        fields: Vec<(String, Ty)>,
    },
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Before the barrier: may write own workgroup slot and apply atomics.
    Before,
    /// After it: may read every workgroup slot and load workgroup atomics.
    After,
    /// In a helper function: no workgroup access at all.
    Helper,
}

struct Gen {
    rng: Rng,
    scopes: Vec<Vec<Var>>,
    aggregates: Vec<Vec<Aggregate>>,
    /// Signatures of the helper functions made so far: (name, params, ret).
    functions: Vec<(String, Vec<ParamKind>, Ty)>,
    /// Per helper function: whether it loops, itself or through a call. A loop body only
    /// calls functions that do not, so running time stays polynomial in the trip counts
    /// (at most three nested loops of five trips, plus additive call chains).
    heavy: Vec<bool>,
    /// Whether the function being generated loops so far.
    current_heavy: bool,
    /// `let`s whose value has a constant part (see `has_literal_part`).
    literal_lets: std::collections::HashSet<String>,
    structs: Vec<(String, Vec<(String, Ty)>)>,
    next_name: u32,
    loop_depth: u32,
    in_switch_or_loop: bool,
    phase: Phase,
    /// Return type of the function being generated (`None` in main).
    ret: Option<Ty>,
    /// Statements left in this program's budget.
    budget: u32,
    workgroup_size: u32,
    /// The program's overrides, read where a literal of their type could be.
    overrides: Vec<Override>,
}

/// Override `k`: its type, `@id` (half of them), default (two thirds) and value (always
/// without a default, else three times in four), drawn like literals.
fn make_override(rng: &mut Rng, k: u32) -> Override {
    let ty = *rng.pick(&[Scalar::I32, Scalar::U32, Scalar::F32, Scalar::Bool]);
    let value = |rng: &mut Rng| -> (f64, String) {
        match ty {
            Scalar::Bool => {
                let b = rng.chance(1, 2);
                (f64::from(u8::from(b)), b.to_string())
            }
            Scalar::I32 => {
                let v = rng.range_i32(-10, 10);
                (f64::from(v), format!("{v}i"))
            }
            Scalar::U32 => {
                let v = rng.below(12);
                (f64::from(v), format!("{v}u"))
            }
            Scalar::F32 => {
                let v = rng.range_i32(-64, 64) as f32 / 8.0;
                (f64::from(v), format!("{v:?}f"))
            }
        }
    };
    let id = rng.chance(1, 2).then_some(100 + k);
    let default = rng.chance(2, 3).then(|| value(rng).1);
    let given = default.is_none() || rng.chance(3, 4);
    Override {
        name: format!("ov{k}"),
        ty,
        id,
        default,
        value: given.then(|| value(rng).0),
    }
}

#[derive(Clone, Copy, Debug)]
enum ParamKind {
    Value(Ty),
    /// `ptr<function, T>` to a scalar or vector.
    Pointer(Ty),
}

/// The program for `seed`.
pub fn generate(seed: u64) -> Program {
    generate_with(seed, false)
}

/// The program for `seed`, declaring overrides when `overrides` is true (another program
/// than `generate(seed)`, as reproducible): one to four of `i32`, `u32`, `f32` or `bool`,
/// some with an `@id`, some without a default, read in expressions and `if` conditions
/// where a literal of their type could be, and the workgroup size as the override `wgs`.
/// Their values ([`Program::pipeline_constants`])
/// are drawn like literals, so every rule above holds for them.
pub fn generate_with(seed: u64, overrides: bool) -> Program {
    let mut rng = Rng::new(seed);
    let workgroup_size = *rng.pick(&[1u32, 2, 4, 8, 16]);
    let overrides = if overrides {
        let mut orng = rng.fork(0x0BE2);
        (0..1 + orng.below(4))
            .map(|k| make_override(&mut orng, k))
            .collect()
    } else {
        Vec::new()
    };
    let mut g = Gen {
        overrides: overrides.clone(),
        rng,
        scopes: vec![Vec::new()],
        aggregates: vec![Vec::new()],
        functions: Vec::new(),
        heavy: Vec::new(),
        current_heavy: false,
        literal_lets: Default::default(),
        structs: Vec::new(),
        next_name: 0,
        loop_depth: 0,
        in_switch_or_loop: false,
        phase: Phase::Helper,
        ret: None,
        budget: 0,
        workgroup_size,
    };
    for i in 0..g.rng.below(3) {
        let fields: Vec<(String, Ty)> = (0..1 + g.rng.below(4))
            .map(|k| (format!("m{k}"), g.value_type()))
            .collect();
        g.structs.push((format!("S{i}"), fields));
    }
    let mut functions = Vec::new();
    for i in 0..g.rng.below(4) {
        functions.push(g.function(i));
    }
    g.phase = Phase::Before;
    g.ret = None;
    g.budget = 30 + g.rng.below(30);
    g.scopes = vec![builtins()];
    g.scopes[0].extend(privates());
    g.aggregates = vec![Vec::new()];
    let len = 4 + g.rng.below(8);
    let mut main = g.statements(3, 0, len);
    main.push(Stmt::Barrier);
    g.phase = Phase::After;
    g.budget = 10 + g.rng.below(20);
    let len = 2 + g.rng.below(6);
    main.extend(g.statements(3, 0, len));
    // Observe every top-level value at the end.
    let observed: Vec<Var> = g.scopes[0]
        .iter()
        .filter(|v| !is_builtin(&v.name) && !is_private(&v.name))
        .cloned()
        .collect();
    for (k, v) in observed.iter().enumerate() {
        let value = g.as_output(Expr::leaf(Kind::Name(v.name.clone()), v.ty));
        main.push(Stmt::Output {
            slot: lit_u(k as u32),
            value,
        });
    }
    if observed.is_empty() {
        let value = g.expr(UINT, 0);
        main.push(Stmt::Output {
            slot: lit_u(0),
            value,
        });
    }
    Program {
        seed,
        workgroup_size,
        overrides,
        structs: g
            .structs
            .iter()
            .map(|(name, fields)| {
                let f: Vec<String> = fields
                    .iter()
                    .map(|(n, t)| format!("{n}: {}", t.name()))
                    .collect();
                format!("struct {name} {{ {} }}", f.join(", "))
            })
            .collect(),
        functions,
        main,
    }
}

fn builtins() -> Vec<Var> {
    ["lid", "base"]
        .into_iter()
        .map(|n| Var {
            name: n.into(),
            ty: UINT,
            mutable: false,
        })
        .chain(["gid", "wid"].into_iter().map(|n| Var {
            name: n.into(),
            ty: Ty {
                s: Scalar::U32,
                n: 3,
            },
            mutable: false,
        }))
        .collect()
}

fn is_builtin(name: &str) -> bool {
    matches!(name, "lid" | "base" | "gid" | "wid")
}

/// The private globals, visible to every function and writable.
fn privates() -> Vec<Var> {
    vec![
        Var {
            name: "pf".into(),
            ty: Ty {
                s: Scalar::F32,
                n: 4,
            },
            mutable: true,
        },
        Var {
            name: "pi".into(),
            ty: INT,
            mutable: true,
        },
    ]
}

fn is_private(name: &str) -> bool {
    matches!(name, "pf" | "pi")
}

fn lit_u(v: u32) -> Expr {
    Expr::leaf(Kind::Lit(format!("{v}u")), UINT)
}

fn call(name: &str, ty: Ty, args: Vec<Expr>) -> Expr {
    Expr::new(Kind::Call(name.into()), ty, args)
}

fn infix(op: &'static str, ty: Ty, a: Expr, b: Expr) -> Expr {
    Expr::new(Kind::Infix(op), ty, vec![a, b])
}

impl Gen {
    fn fresh(&mut self, prefix: &str) -> String {
        self.next_name += 1;
        format!("{prefix}{}", self.next_name)
    }

    fn value_type(&mut self) -> Ty {
        let s = *self.rng.pick(&[
            Scalar::I32,
            Scalar::U32,
            Scalar::F32,
            Scalar::F32,
            Scalar::Bool,
            Scalar::I32,
        ]);
        let n = if self.rng.chance(1, 3) {
            2 + self.rng.below(3) as u8
        } else {
            1
        };
        Ty { s, n }
    }

    fn function(&mut self, index: u32) -> Function {
        let name = format!("f{index}");
        let ret = self.value_type();
        let mut params = Vec::new();
        let mut kinds = Vec::new();
        self.scopes = vec![privates()];
        self.aggregates = vec![Vec::new()];
        for k in 0..self.rng.below(4) {
            let ty = self.value_type();
            let pname = format!("p{k}");
            if self.rng.chance(1, 5) {
                params.push((pname.clone(), format!("ptr<function, {}>", ty.name())));
                kinds.push(ParamKind::Pointer(ty));
                self.scopes[0].push(Var {
                    name: format!("(*{pname})"),
                    ty,
                    mutable: true,
                });
            } else {
                params.push((pname.clone(), ty.name()));
                kinds.push(ParamKind::Value(ty));
                self.scopes[0].push(Var {
                    name: pname,
                    ty,
                    mutable: false,
                });
            }
        }
        self.phase = Phase::Helper;
        self.current_heavy = false;
        self.ret = Some(ret);
        self.budget = 6 + self.rng.below(12);
        let mut body = self.block(2, 0);
        let value = self.expr(ret, 0);
        body.push(Stmt::Return(Some(self.bounded(value))));
        self.functions.push((name.clone(), kinds, ret));
        self.heavy.push(self.current_heavy);
        Function {
            name,
            params,
            ret,
            body,
        }
    }

    // ---- statements ----

    fn block(&mut self, max_nest: u32, nest: u32) -> Vec<Stmt> {
        self.scopes.push(Vec::new());
        self.aggregates.push(Vec::new());
        let len = 1 + self.rng.below(6);
        let out = self.statements(max_nest, nest, len);
        self.scopes.pop();
        self.aggregates.pop();
        out
    }

    /// Up to `len` statements in the current scope.
    fn statements(&mut self, max_nest: u32, nest: u32, len: u32) -> Vec<Stmt> {
        let mut out = Vec::new();
        for _ in 0..len {
            if self.budget == 0 {
                break;
            }
            self.budget -= 1;
            self.statement(max_nest, nest, &mut out);
        }
        out
    }

    fn statement(&mut self, max_nest: u32, nest: u32, out: &mut Vec<Stmt>) {
        let nested_ok = nest < max_nest;
        match self.rng.below(23) {
            0..=3 => out.push(self.decl()),
            // The same expression twice (what `gvn` merges).
            20 => {
                let ty = self.value_type();
                let init = self.expr(ty, 1);
                let init = self.bounded(init);
                for _ in 0..2 {
                    out.push(self.named_decl(ty, init.clone(), false));
                }
            }
            // A branch on a constant (what `sccp` and `simplify-cfg` decide).
            21 if nested_ok => {
                let cond = self.literal(BOOL);
                let then = self.block(max_nest, nest + 1);
                let els = self.block(max_nest, nest + 1);
                out.push(Stmt::If { cond, then, els });
            }
            4..=6 => {
                if let Some(s) = self.assign() {
                    out.push(s);
                }
            }
            7 if nested_ok => {
                let cond = self.expr(BOOL, 0);
                let then = self.block(max_nest, nest + 1);
                let els = if self.rng.chance(1, 2) {
                    self.block(max_nest, nest + 1)
                } else {
                    Vec::new()
                };
                out.push(Stmt::If { cond, then, els });
            }
            8 | 9 if nested_ok && self.loop_depth < 3 => {
                let shape = *self
                    .rng
                    .pick(&[LoopShape::For, LoopShape::While, LoopShape::Loop]);
                let var = self.fresh("k");
                self.current_heavy = true;
                let trips = 1 + self.rng.below(5);
                // A value of what is visible before the loop, computed in its body (what
                // `licm` hoists).
                let invariant = self.rng.chance(1, 2).then(|| {
                    let ty = self.value_type();
                    let init = self.expr(ty, 1);
                    (ty, self.bounded(init))
                });
                self.loop_depth += 1;
                let saved = self.in_switch_or_loop;
                self.in_switch_or_loop = true;
                self.scopes.push(vec![Var {
                    name: var.clone(),
                    ty: UINT,
                    mutable: false,
                }]);
                let first = invariant.map(|(ty, init)| self.named_decl(ty, init, true));
                let mut body = self.block(max_nest, nest + 1);
                body.splice(0..0, first);
                self.scopes.pop();
                self.in_switch_or_loop = saved;
                self.loop_depth -= 1;
                out.push(Stmt::Loop {
                    shape,
                    var,
                    trips,
                    body,
                });
            }
            10 if nested_ok => {
                let ty = if self.rng.chance(1, 2) { INT } else { UINT };
                let selector = self.expr(ty, 1);
                let mut values: Vec<i32> = Vec::new();
                let mut cases = Vec::new();
                for _ in 0..1 + self.rng.below(3) {
                    let mut labels = Vec::new();
                    for _ in 0..1 + self.rng.below(2) {
                        let v = self.rng.range_i32(0, 6);
                        if !values.contains(&v) {
                            values.push(v);
                            labels.push(if ty == INT {
                                format!("{v}i")
                            } else {
                                format!("{v}u")
                            });
                        }
                    }
                    if labels.is_empty() {
                        continue;
                    }
                    let saved = self.in_switch_or_loop;
                    self.in_switch_or_loop = true;
                    let body = self.block(max_nest, nest + 1);
                    self.in_switch_or_loop = saved;
                    cases.push((labels, body));
                }
                let saved = self.in_switch_or_loop;
                self.in_switch_or_loop = true;
                let default = self.block(max_nest, nest + 1);
                self.in_switch_or_loop = saved;
                cases.push((Vec::new(), default));
                out.push(Stmt::Switch { selector, cases });
            }
            11 | 12 if self.ret.is_none() => {
                let slot = self.expr(UINT, 1);
                let ty = self.value_type();
                let value = self.expr(ty, 0);
                let value = self.as_output(value);
                out.push(Stmt::Output { slot, value });
            }
            13 if self.loop_depth > 0 => {
                // Guarded, so the rest of the loop body is still reachable.
                let cond = self.expr(BOOL, 1);
                let jump = if self.rng.chance(1, 2) {
                    Stmt::Break
                } else {
                    Stmt::Continue
                };
                out.push(Stmt::If {
                    cond,
                    then: vec![jump],
                    els: Vec::new(),
                });
            }
            14 if self.ret.is_some() => {
                let cond = self.expr(BOOL, 1);
                let ret = self.ret.expect("in a function");
                let value = self.expr(ret, 1);
                let value = self.bounded(value);
                out.push(Stmt::If {
                    cond,
                    then: vec![Stmt::Return(Some(value))],
                    els: Vec::new(),
                });
            }
            15 => {
                if let Some(s) = self.atomic() {
                    out.push(s);
                }
            }
            16 if self.phase == Phase::Before => {
                let ty = self.value_type();
                let value = self.expr(ty, 0);
                let value = self.as_output(value);
                out.push(Stmt::Assign {
                    lhs: Expr::leaf(Kind::Name("wg_vals[lid]".into()), UINT),
                    op: "=",
                    rhs: value,
                });
            }
            17 => out.push(self.aggregate_decl()),
            18 => {
                if let Some(s) = self.aggregate_store() {
                    out.push(s);
                }
            }
            _ => {
                if !self.functions.is_empty() {
                    let ty = self.functions[self.rng.below(self.functions.len() as u32) as usize].2;
                    if let Some(e) = self.user_call(ty, 1) {
                        out.push(Stmt::Discard(e));
                        return;
                    }
                }
                out.push(self.decl());
            }
        }
    }

    /// A fresh `let` (a `var` when `init` is constant: see [`Self::decl`]) of `init`,
    /// visible in the current scope; `hidden` names it so that no nested `let` shadows
    /// it (a loop's first statement, declared in the scope of its counter but printed in
    /// its body's block, where a shadowing name would be a redefinition).
    fn named_decl(&mut self, ty: Ty, init: Expr, hidden: bool) -> Stmt {
        let mutable = init.is_const();
        let name = self.fresh(match (hidden, mutable) {
            (true, _) => "h",
            (false, true) => "v",
            (false, false) => "l",
        });
        self.declare(name, ty, mutable, init)
    }

    /// Declares `name` in the innermost scope (noting a `let` with a literal part).
    fn declare(&mut self, name: String, ty: Ty, mutable: bool, init: Expr) -> Stmt {
        if !mutable && self.has_literal_part(&init) {
            self.literal_lets.insert(name.clone());
        }
        self.scopes.last_mut().expect("scope").push(Var {
            name: name.clone(),
            ty,
            mutable,
        });
        Stmt::Decl {
            mutable,
            name,
            ty: ty.name(),
            init,
        }
    }

    fn decl(&mut self) -> Stmt {
        let ty = self.value_type();
        let init = self.expr(ty, 0);
        let init = self.bounded(init);
        // naga folds a `let` of a constant into a constant, and its validator then applies
        // const-only rules (zero divisors, shift widths) to uses of it: such values are
        // `var`s instead.
        let mutable = self.rng.chance(1, 2) || init.is_const();
        // Sometimes shadow a generated name of an enclosing scope (never a builtin, a
        // private global or a loop counter, which the printer names by text): a compiler
        // that flattens scopes must rename one of them.
        // A helper's parameters live until the end of its body, like the body's own
        // top-level names, so only blocks nested deeper may shadow them.
        let first = usize::from(self.ret.is_some() && self.scopes.len() == 2);
        let outer: Vec<String> = if self.scopes.len() > 1 {
            self.scopes[first..self.scopes.len() - 1]
                .iter()
                .flatten()
                .map(|v| v.name.clone())
                .filter(|n| n.starts_with(['v', 'l', 'p']) && !is_builtin(n) && !is_private(n))
                .filter(|n| {
                    !self
                        .scopes
                        .last()
                        .expect("scope")
                        .iter()
                        .any(|v| &v.name == n)
                })
                .collect()
        } else {
            Vec::new()
        };
        let name = if !outer.is_empty() && self.rng.chance(1, 6) {
            self.rng.pick(&outer).clone()
        } else {
            self.fresh(if mutable { "v" } else { "l" })
        };
        self.declare(name, ty, mutable, init)
    }

    /// The names in scope, innermost first; a shadowed name appears once, as its inner
    /// declaration.
    fn visible(&self) -> Vec<Var> {
        let mut seen = std::collections::HashSet::new();
        let mut out = Vec::new();
        for scope in self.scopes.iter().rev() {
            for v in scope.iter().rev() {
                if seen.insert(v.name.clone()) {
                    out.push(v.clone());
                }
            }
        }
        out
    }

    fn assign(&mut self) -> Option<Stmt> {
        let targets: Vec<Var> = self.visible().into_iter().filter(|v| v.mutable).collect();
        if targets.is_empty() {
            return None;
        }
        let v = self.rng.pick(&targets).clone();
        // Sometimes a single vector component.
        let (lhs, ty) = if v.ty.n > 1 && self.rng.chance(1, 3) {
            let c = ["x", "y", "z", "w"][self.rng.below(u32::from(v.ty.n)) as usize];
            let base = Expr::leaf(Kind::Name(v.name.clone()), v.ty);
            (
                Expr::new(Kind::Member(c.into()), Ty::scalar(v.ty.s), vec![base]),
                Ty::scalar(v.ty.s),
            )
        } else {
            (Expr::leaf(Kind::Name(v.name.clone()), v.ty), v.ty)
        };
        let compound = match ty.s {
            Scalar::I32 | Scalar::U32 => {
                ["=", "+=", "-=", "*=", "^=", "|=", "&="][self.rng.below(7) as usize]
            }
            // A compound float operator would bypass the clamps.
            Scalar::F32 | Scalar::Bool => "=",
        };
        let rhs = self.expr(ty, 0);
        let rhs = self.bounded(rhs);
        Some(Stmt::Assign {
            lhs,
            op: compound,
            rhs,
        })
    }

    fn atomic(&mut self) -> Option<Stmt> {
        match self.phase {
            Phase::Helper => None,
            phase => {
                let workgroup = phase == Phase::Before && self.rng.chance(1, 2);
                let signed = !workgroup && self.rng.chance(1, 3);
                let (array, ops, ty) = if workgroup {
                    ("wg_acc", &U_ATOMICS[..], UINT)
                } else if signed {
                    ("iacc", &I_ATOMICS[..], INT)
                } else {
                    ("acc", &U_ATOMICS[..], UINT)
                };
                let slot = self.rng.below(ops.len() as u32) as usize;
                let value = self.expr(ty, 1);
                let target = Expr::leaf(Kind::Name(format!("&{array}[{slot}]")), ty);
                Some(Stmt::Discard(call(ops[slot], ty, vec![target, value])))
            }
        }
    }

    fn aggregate_decl(&mut self) -> Stmt {
        let name = self.fresh("a");
        if !self.structs.is_empty() && self.rng.chance(1, 2) {
            let (sname, fields) =
                self.structs[self.rng.below(self.structs.len() as u32) as usize].clone();
            let args: Vec<Expr> = fields
                .iter()
                .map(|&(_, t)| {
                    let e = self.expr(t, 1);
                    self.bounded(e)
                })
                .collect();
            self.aggregates.last_mut().expect("scope").push(Aggregate {
                name: name.clone(),
                kind: AggKind::Struct { fields },
            });
            return Stmt::Decl {
                mutable: true,
                name,
                ty: sname.clone(),
                init: call(&sname, FLOAT, args),
            };
        }
        let ty = self.value_type();
        let len = 2 + self.rng.below(5);
        let args: Vec<Expr> = (0..len)
            .map(|_| {
                let e = self.expr(ty, 2);
                self.bounded(e)
            })
            .collect();
        let tname = format!("array<{}, {len}>", ty.name());
        self.aggregates.last_mut().expect("scope").push(Aggregate {
            name: name.clone(),
            kind: AggKind::Array { ty, len },
        });
        Stmt::Decl {
            mutable: true,
            name,
            ty: tname.clone(),
            init: call(&tname, FLOAT, args),
        }
    }

    /// A store into an element of a local array or a field of a local struct.
    fn aggregate_store(&mut self) -> Option<Stmt> {
        let aggs: Vec<Aggregate> = self.aggregates.iter().flatten().cloned().collect();
        if aggs.is_empty() {
            return None;
        }
        let a = self.rng.pick(&aggs).clone();
        let (lhs, ty) = self.aggregate_access(&a);
        let rhs = self.expr(ty, 0);
        let rhs = self.bounded(rhs);
        Some(Stmt::Assign { lhs, op: "=", rhs })
    }

    fn aggregate_access(&mut self, a: &Aggregate) -> (Expr, Ty) {
        let base = Expr::leaf(Kind::Name(a.name.clone()), FLOAT);
        match &a.kind {
            AggKind::Array { ty, len } => {
                let index = self.expr(UINT, 2);
                (Expr::new(Kind::Index(*len), *ty, vec![base, index]), *ty)
            }
            AggKind::Struct { fields } => {
                let (f, ty) = self.rng.pick(fields).clone();
                (Expr::new(Kind::Member(f), ty, vec![base]), ty)
            }
        }
    }

    // ---- expressions ----

    /// True when `e` is constant, or a vector constructor or splat with a constant
    /// component, or a `let` bound to one: what naga's validator looks through (a `let` is
    /// only a name for its expression there) when it rejects zero divisors and oversized
    /// shift amounts.
    fn has_literal_part(&self, e: &Expr) -> bool {
        match &e.kind {
            _ if e.is_const() => true,
            Kind::Name(n) => self.literal_lets.contains(n),
            Kind::Call(name) if name.starts_with("vec") => {
                e.args.iter().any(|a| self.has_literal_part(a))
            }
            _ => false,
        }
    }

    /// A runtime leaf of `ty` without a constant part, for divisors and shift amounts.
    fn opaque_leaf(&mut self, ty: Ty) -> Expr {
        for _ in 0..8 {
            let e = self.leaf(ty, false);
            if !self.has_literal_part(&e) {
                return e;
            }
        }
        self.input(ty)
    }

    /// Clamps a float expression to the named-value range (see the module essay).
    fn bounded(&mut self, e: Expr) -> Expr {
        if e.ty.s != Scalar::F32 {
            return e;
        }
        let lo = self.splat_lit(&format!("-{F_CLAMP}"), e.ty);
        let hi = self.splat_lit(F_CLAMP, e.ty);
        call("clamp", e.ty, vec![e, lo, hi])
    }

    fn splat_lit(&self, lit: &str, ty: Ty) -> Expr {
        let s = Expr::leaf(Kind::Lit(lit.into()), Ty::scalar(ty.s));
        if ty.n == 1 {
            s
        } else {
            call(&ty.name(), ty, vec![s])
        }
    }

    /// Any value as a u32, for output.
    fn as_output(&mut self, e: Expr) -> Expr {
        let scalar = if e.ty.n > 1 {
            let c = ["x", "y", "z", "w"][self.rng.below(u32::from(e.ty.n)) as usize];
            Expr::new(Kind::Member(c.into()), Ty::scalar(e.ty.s), vec![e])
        } else {
            e
        };
        match scalar.ty.s {
            Scalar::U32 => scalar,
            Scalar::I32 => call("bitcast<u32>", UINT, vec![scalar]),
            // The sign of a zero is the implementation's choice: see `float_bits`.
            Scalar::F32 => call("float_bits", UINT, vec![scalar]),
            Scalar::Bool => call("select", UINT, vec![lit_u(0), lit_u(1), scalar]),
        }
    }

    fn expr(&mut self, ty: Ty, depth: u32) -> Expr {
        let e = self.expr_inner(ty, depth);
        debug_assert_eq!(e.ty, ty);
        e
    }

    fn expr_inner(&mut self, ty: Ty, depth: u32) -> Expr {
        if depth >= MAX_DEPTH || self.rng.chance(depth + 1, 6) {
            return self.leaf(ty, true);
        }
        let d = depth + 1;
        match self.rng.below(12) {
            0..=3 => self.arith(ty, d),
            4 => self.unary(ty, d),
            5 => {
                let cond_ty = if ty.n > 1 && self.rng.chance(1, 2) {
                    Ty {
                        s: Scalar::Bool,
                        n: ty.n,
                    }
                } else {
                    BOOL
                };
                let c = self.expr(cond_ty, d);
                let a = self.expr(ty, d);
                let b = self.expr(ty, d);
                call("select", ty, vec![a, b, c])
            }
            6 => self.builtin(ty, d),
            7 => self.convert(ty, d),
            8 if ty.n > 1 => {
                // A constructor from scalars or a swizzle of a wider vector.
                if self.rng.chance(1, 2) {
                    let args = (0..ty.n).map(|_| self.expr(Ty::scalar(ty.s), d)).collect();
                    call(&ty.name(), ty, args)
                } else {
                    let src = Ty { s: ty.s, n: 4 };
                    let v = self.expr(src, d);
                    let pattern: String = (0..ty.n)
                        .map(|_| *self.rng.pick(&['x', 'y', 'z', 'w']))
                        .collect();
                    Expr::new(Kind::Member(pattern), ty, vec![v])
                }
            }
            8 => {
                // One component of a vector.
                let n = 2 + self.rng.below(3) as u8;
                let v = self.expr(Ty { s: ty.s, n }, d);
                let c = ["x", "y", "z", "w"][self.rng.below(u32::from(n)) as usize];
                Expr::new(Kind::Member(c.into()), ty, vec![v])
            }
            9 => self
                .user_call(ty, d)
                .unwrap_or_else(|| self.leaf(ty, false)),
            10 if ty.s == Scalar::Bool => self.compare(ty, d),
            11 if ty.s == Scalar::F32 && ty.n > 1 => self.matrix_times_vector(ty, d),
            _ => self.leaf(ty, false),
        }
    }

    fn arith(&mut self, ty: Ty, d: u32) -> Expr {
        match ty.s {
            Scalar::Bool => {
                if ty.n == 1 && self.rng.chance(1, 2) {
                    let op = if self.rng.chance(1, 2) { "&&" } else { "||" };
                    let (a, b) = self.operands(ty, ty, d);
                    infix(op, ty, a, b)
                } else if self.rng.chance(1, 2) {
                    self.compare(ty, d)
                } else {
                    let op = *self.rng.pick(&["&", "|", "==", "!="]);
                    let (a, b) = self.operands(ty, ty, d);
                    infix(op, ty, a, b)
                }
            }
            Scalar::I32 | Scalar::U32 => {
                let op = *self
                    .rng
                    .pick(&["+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "+", "-"]);
                if op == "<<" || op == ">>" {
                    // The shift amount is u32 (vector of u32 for vectors); WGSL takes it
                    // modulo 32 at run time.
                    let amount_ty = Ty {
                        s: Scalar::U32,
                        n: ty.n,
                    };
                    let (a, b) = self.operands(ty, amount_ty, d);
                    let b = if b.is_const() {
                        let k = self.rng.below(32);
                        self.splat_lit(&format!("{k}u"), amount_ty)
                    } else if self.has_literal_part(&b) {
                        // naga rejects a vector with a literal component >= 32 as a shift
                        // amount even when other components are runtime values.
                        self.opaque_leaf(amount_ty)
                    } else {
                        b
                    };
                    return infix(op, ty, a, b);
                }
                let (mut a, mut b) = self.operands(ty, ty, d);
                if matches!(op, "/" | "%") && (b.is_const() || self.has_literal_part(&b)) {
                    // A constant zero divisor is a shader-creation error; naga also rejects
                    // a vector divisor with a literal zero component, runtime or not.
                    b = self.opaque_leaf(ty);
                }
                // Mixed scalar/vector operands, which WGSL allows for arithmetic.
                if ty.n > 1 && matches!(op, "+" | "-" | "*") && self.rng.chance(1, 4) {
                    b = self.expr(Ty::scalar(ty.s), d);
                    if a.is_const() && b.is_const() {
                        a = self.leaf(ty, false);
                    }
                }
                infix(op, ty, a, b)
            }
            Scalar::F32 => {
                let op = *self.rng.pick(&["+", "-", "*", "/", "+", "-", "*"]);
                let (a, b) = self.operands(ty, ty, d);
                match op {
                    "*" => {
                        let lo = self.splat_lit(&format!("-{MUL_CLAMP}"), ty);
                        let hi = self.splat_lit(MUL_CLAMP, ty);
                        let a = call("clamp", ty, vec![a, lo.clone(), hi.clone()]);
                        let b = call("clamp", ty, vec![b, lo, hi]);
                        infix("*", ty, a, b)
                    }
                    "/" => {
                        let one = self.splat_lit("1.0f", ty);
                        let divisor = infix("+", ty, call("abs", ty, vec![b]), one);
                        infix("/", ty, a, divisor)
                    }
                    _ => infix(op, ty, a, b),
                }
            }
        }
    }

    /// An expression of `ty` with at least one runtime leaf.
    fn runtime_expr(&mut self, ty: Ty, d: u32) -> Expr {
        let e = self.expr(ty, d);
        if e.is_const() {
            self.leaf(ty, false)
        } else {
            e
        }
    }

    /// `matKxN<f32>(columns) * vecK<f32>`, operands clamped like every float product.
    fn matrix_times_vector(&mut self, ty: Ty, d: u32) -> Expr {
        let k = 2 + self.rng.below(3) as u8;
        let column = Ty {
            s: Scalar::F32,
            n: ty.n,
        };
        let columns: Vec<Expr> = (0..k)
            .map(|_| {
                let c = self.expr(column, d);
                self.clamp_product_operand(c)
            })
            .collect();
        let matrix = call(&format!("mat{k}x{}<f32>", ty.n), ty, columns);
        let v = self.runtime_expr(
            Ty {
                s: Scalar::F32,
                n: k,
            },
            d,
        );
        let v = self.clamp_product_operand(v);
        infix("*", ty, matrix, v)
    }

    fn clamp_product_operand(&mut self, e: Expr) -> Expr {
        let lo = self.splat_lit(&format!("-{MUL_CLAMP}"), e.ty);
        let hi = self.splat_lit(MUL_CLAMP, e.ty);
        call("clamp", e.ty, vec![e, lo, hi])
    }

    /// Two operands, not both constant.
    fn operands(&mut self, ta: Ty, tb: Ty, d: u32) -> (Expr, Expr) {
        let a = self.expr(ta, d);
        let mut b = self.expr(tb, d);
        if a.is_const() && b.is_const() {
            b = self.leaf(tb, false);
        }
        (a, b)
    }

    fn compare(&mut self, ty: Ty, d: u32) -> Expr {
        let s = *self.rng.pick(&[Scalar::I32, Scalar::U32, Scalar::F32]);
        let operand = Ty { s, n: ty.n };
        let op = *self.rng.pick(&["<", "<=", ">", ">=", "==", "!="]);
        let (a, b) = self.operands(operand, operand, d);
        infix(op, ty, a, b)
    }

    fn unary(&mut self, ty: Ty, d: u32) -> Expr {
        let a = self.expr(ty, d);
        let op = match ty.s {
            Scalar::Bool => "!",
            Scalar::I32 => *self.rng.pick(&["-", "~"]),
            Scalar::U32 => "~",
            Scalar::F32 => "-",
        };
        if a.is_const() {
            // `-(-2147483647i - 1i)`-style constant folding traps are avoided by never
            // applying an operator to constants only.
            return Expr::new(Kind::Prefix(op), ty, vec![self.leaf(ty, false)]);
        }
        Expr::new(Kind::Prefix(op), ty, vec![a])
    }

    fn builtin(&mut self, ty: Ty, d: u32) -> Expr {
        match ty.s {
            Scalar::Bool => {
                let n = 2 + self.rng.below(3) as u8;
                let v = self.expr(Ty { s: Scalar::Bool, n }, d);
                if ty.n == 1 {
                    call(
                        if self.rng.chance(1, 2) { "any" } else { "all" },
                        ty,
                        vec![v],
                    )
                } else {
                    self.compare(ty, d)
                }
            }
            Scalar::I32 | Scalar::U32 => {
                let f = *self.rng.pick(&[
                    "abs",
                    "min",
                    "max",
                    "clamp",
                    "countOneBits",
                    "reverseBits",
                    "firstLeadingBit",
                    "firstTrailingBit",
                    "countLeadingZeros",
                    "countTrailingZeros",
                    "dot",
                ]);
                match f {
                    "min" | "max" => {
                        let (a, b) = self.operands(ty, ty, d);
                        call(f, ty, vec![a, b])
                    }
                    "clamp" => {
                        // Literal bounds with low <= high; WGSL leaves low > high undefined
                        // for SPIR-V's clamp.
                        let x = self.rng.range_i32(-20, 20);
                        let y = self.rng.range_i32(-20, 20);
                        let (lo, hi) = if ty.s == Scalar::U32 {
                            (
                                format!("{}u", x.unsigned_abs().min(y.unsigned_abs())),
                                format!("{}u", x.unsigned_abs().max(y.unsigned_abs())),
                            )
                        } else {
                            (format!("{}i", x.min(y)), format!("{}i", x.max(y)))
                        };
                        let e = self.runtime_expr(ty, d);
                        call(
                            "clamp",
                            ty,
                            vec![e, self.splat_lit(&lo, ty), self.splat_lit(&hi, ty)],
                        )
                    }
                    "dot" if ty.n == 1 => {
                        let n = 2 + self.rng.below(3) as u8;
                        let (a, b) = self.operands(Ty { s: ty.s, n }, Ty { s: ty.s, n }, d);
                        call("dot", ty, vec![a, b])
                    }
                    "abs" if ty.s == Scalar::U32 => self.leaf(ty, false),
                    "dot" => self.leaf(ty, false),
                    _ => {
                        let a = self.runtime_expr(ty, d);
                        call(f, ty, vec![a])
                    }
                }
            }
            Scalar::F32 => {
                let f = *self.rng.pick(&[
                    "abs", "min", "max", "floor", "ceil", "trunc", "round", "fract", "sign",
                    "clamp", "sqrt", "dot",
                ]);
                match f {
                    "min" | "max" => {
                        let (a, b) = self.operands(ty, ty, d);
                        call(f, ty, vec![a, b])
                    }
                    "clamp" => {
                        let x = self.rng.range_i32(-64, 64) as f32 / 4.0;
                        let y = self.rng.range_i32(-64, 64) as f32 / 4.0;
                        let e = self.runtime_expr(ty, d);
                        let lo = self.splat_lit(&format!("{:?}f", x.min(y)), ty);
                        let hi = self.splat_lit(&format!("{:?}f", x.max(y)), ty);
                        call("clamp", ty, vec![e, lo, hi])
                    }
                    "sqrt" => {
                        let a = self.runtime_expr(ty, d);
                        call("sqrt", ty, vec![call("abs", ty, vec![a])])
                    }
                    "dot" if ty.n == 1 => {
                        let n = 2 + self.rng.below(3) as u8;
                        let vt = Ty { s: Scalar::F32, n };
                        let lo = self.splat_lit(&format!("-{MUL_CLAMP}"), vt);
                        let hi = self.splat_lit(MUL_CLAMP, vt);
                        let (a, b) = self.operands(vt, vt, d);
                        let a = call("clamp", vt, vec![a, lo.clone(), hi.clone()]);
                        let b = call("clamp", vt, vec![b, lo, hi]);
                        call("dot", ty, vec![a, b])
                    }
                    "dot" => self.leaf(ty, false),
                    _ => {
                        let a = self.runtime_expr(ty, d);
                        call(f, ty, vec![a])
                    }
                }
            }
        }
    }

    fn convert(&mut self, ty: Ty, d: u32) -> Expr {
        let from_s = *self
            .rng
            .pick(&[Scalar::I32, Scalar::U32, Scalar::F32, Scalar::Bool]);
        let from = Ty { s: from_s, n: ty.n };
        let a = self.runtime_expr(from, d);
        if from_s == ty.s {
            return a;
        }
        match (from_s, ty.s) {
            (Scalar::F32, Scalar::I32) => {
                let lo = self.splat_lit("-2147483520.0f", from);
                let hi = self.splat_lit("2147483520.0f", from);
                call(&ty.name(), ty, vec![call("clamp", from, vec![a, lo, hi])])
            }
            (Scalar::F32, Scalar::U32) => {
                let lo = self.splat_lit("0.0f", from);
                let hi = self.splat_lit("4294967040.0f", from);
                call(&ty.name(), ty, vec![call("clamp", from, vec![a, lo, hi])])
            }
            (Scalar::I32, Scalar::U32) | (Scalar::U32, Scalar::I32) if self.rng.chance(1, 2) => {
                call(&format!("bitcast<{}>", ty.name()), ty, vec![a])
            }
            _ => call(&ty.name(), ty, vec![a]),
        }
    }

    fn user_call(&mut self, ty: Ty, d: u32) -> Option<Expr> {
        let candidates: Vec<usize> = (0..self.functions.len())
            .filter(|&i| self.functions[i].2 == ty && (self.loop_depth == 0 || !self.heavy[i]))
            .collect();
        if candidates.is_empty() {
            return None;
        }
        let chosen = *self.rng.pick(&candidates);
        self.current_heavy |= self.heavy[chosen];
        let (name, params, _) = self.functions[chosen].clone();
        let mut args = Vec::new();
        let mut passed: Vec<String> = Vec::new();
        for p in params {
            match p {
                ParamKind::Value(t) => {
                    let e = self.expr(t, d.max(2));
                    args.push(self.bounded(e));
                }
                ParamKind::Pointer(t) => {
                    // Only plain local variables can be passed by pointer.
                    let vars: Vec<Var> = self
                        .visible()
                        .into_iter()
                        .filter(|v| {
                            v.mutable
                                && v.ty == t
                                && !v.name.starts_with('(')
                                && !is_private(&v.name)
                                && !passed.contains(&v.name)
                        })
                        .collect();
                    if vars.is_empty() {
                        return None;
                    }
                    let v = self.rng.pick(&vars).clone();
                    passed.push(v.name.clone());
                    args.push(Expr::leaf(Kind::Name(format!("&{}", v.name)), t));
                }
            }
        }
        Some(call(&name, ty, args))
    }

    /// A literal, a named value, a buffer read or another leaf of type `ty`. With
    /// `literals` false, only runtime leaves.
    fn leaf(&mut self, ty: Ty, literals: bool) -> Expr {
        if literals && self.rng.chance(1, 4) {
            return self.literal(ty);
        }
        let names: Vec<Var> = self.visible().into_iter().filter(|v| v.ty == ty).collect();
        if !names.is_empty() && self.rng.chance(2, 3) {
            return Expr::leaf(Kind::Name(self.rng.pick(&names).name.clone()), ty);
        }
        let aggs: Vec<Aggregate> = self
            .aggregates
            .iter()
            .flatten()
            .filter(|a| match &a.kind {
                AggKind::Array { ty: t, .. } => *t == ty,
                AggKind::Struct { fields } => fields.iter().any(|(_, t)| *t == ty),
            })
            .cloned()
            .collect();
        if !aggs.is_empty() && self.rng.chance(1, 2) {
            let a = self.rng.pick(&aggs).clone();
            let base = Expr::leaf(Kind::Name(a.name.clone()), FLOAT);
            return match a.kind {
                AggKind::Array { len, .. } => {
                    let index = self.leaf(UINT, false);
                    Expr::new(Kind::Index(len), ty, vec![base, index])
                }
                AggKind::Struct { fields } => {
                    let matching: Vec<&(String, Ty)> =
                        fields.iter().filter(|(_, t)| *t == ty).collect();
                    let (f, _) = (*self.rng.pick(&matching)).clone();
                    Expr::new(Kind::Member(f), ty, vec![base])
                }
            };
        }
        self.input(ty)
    }

    /// A read of the inputs (storage or uniform), the private globals, the workgroup
    /// slots or atomics, or the invocation's ids, shaped to `ty`.
    fn input(&mut self, ty: Ty) -> Expr {
        let v4 = Ty { s: ty.s, n: 4 };
        let source = match ty.s {
            Scalar::Bool => {
                let n = ty.n.max(1);
                let t = Ty { s: Scalar::I32, n };
                let a = self.input(t);
                let zero = t.zero();
                let op = *self.rng.pick(&["<", ">", "==", "!="]);
                return infix(op, ty, a, zero);
            }
            s => {
                let field = match s {
                    Scalar::U32 => "u",
                    Scalar::I32 => "i",
                    _ => "f",
                };
                match self.rng.below(6) {
                    0 => Expr::leaf(Kind::Name(format!("params.{field}")), v4),
                    1 if s == Scalar::F32 && self.phase != Phase::Helper => {
                        Expr::leaf(Kind::Name("pf".into()), v4)
                    }
                    2 if s == Scalar::U32 && self.phase == Phase::After => {
                        let index = self.leaf(UINT, false);
                        let slot = Expr::new(
                            Kind::Index(self.workgroup_size),
                            UINT,
                            vec![Expr::leaf(Kind::Name("wg_vals".into()), UINT), index],
                        );
                        return self.widen(slot, ty);
                    }
                    3 if s == Scalar::U32 && self.phase == Phase::After => {
                        let k = self.rng.below(7);
                        let load = call(
                            "atomicLoad",
                            UINT,
                            vec![Expr::leaf(Kind::Name(format!("&wg_acc[{k}]")), UINT)],
                        );
                        return self.widen(load, ty);
                    }
                    4 if s == Scalar::U32 && self.phase != Phase::Helper => {
                        return self.widen(Expr::leaf(Kind::Name("lid".into()), UINT), ty);
                    }
                    _ => {
                        let index = if self.phase == Phase::Helper {
                            lit_u(self.rng.below(8))
                        } else {
                            Expr::leaf(Kind::Name("lid".into()), UINT)
                        };
                        Expr::new(
                            Kind::Index(8),
                            v4,
                            vec![Expr::leaf(Kind::Name(format!("inp.{field}")), v4), index],
                        )
                    }
                }
            }
        };
        if ty.n == 4 {
            return source;
        }
        let pattern: String = (0..ty.n)
            .map(|_| *self.rng.pick(&['x', 'y', 'z', 'w']))
            .collect();
        Expr::new(Kind::Member(pattern), ty, vec![source])
    }

    /// A u32 scalar as `ty` (a u32 scalar or vector).
    fn widen(&mut self, e: Expr, ty: Ty) -> Expr {
        if ty.n == 1 {
            e
        } else {
            call(&ty.name(), ty, vec![e])
        }
    }

    fn literal(&mut self, ty: Ty) -> Expr {
        let scalar = |g: &mut Gen| -> Expr {
            let own: Vec<String> = g
                .overrides
                .iter()
                .filter(|o| o.ty == ty.s)
                .map(|o| o.name.clone())
                .collect();
            if !own.is_empty() && g.rng.chance(1, 3) {
                let name = g.rng.pick(&own).clone();
                return Expr::leaf(Kind::Lit(name), Ty::scalar(ty.s));
            }
            let s = match ty.s {
                Scalar::Bool => (if g.rng.chance(1, 2) { "true" } else { "false" }).to_string(),
                Scalar::I32 => {
                    let v = match g.rng.below(4) {
                        0 => g.rng.range_i32(-2147483647, 2147483647),
                        _ => g.rng.range_i32(-10, 10),
                    };
                    format!("{v}i")
                }
                Scalar::U32 => {
                    let v = match g.rng.below(4) {
                        0 => g.rng.next_u32(),
                        _ => g.rng.below(12),
                    };
                    format!("{v}u")
                }
                Scalar::F32 => format!("{:?}f", g.rng.range_i32(-64, 64) as f32 / 8.0),
            };
            Expr::leaf(Kind::Lit(s), Ty::scalar(ty.s))
        };
        if ty.n == 1 {
            return scalar(self);
        }
        let args = if self.rng.chance(1, 2) {
            vec![scalar(self)]
        } else {
            (0..ty.n).map(|_| scalar(self)).collect()
        };
        call(&ty.name(), ty, args)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_program() {
        for seed in 0..20 {
            assert_eq!(generate(seed).print(), generate(seed).print());
        }
        assert_ne!(generate(1).print(), generate(2).print());
    }

    #[test]
    fn programs_with_overrides_are_valid_with_their_values() {
        for seed in 0..300 {
            let program = generate_with(seed, true);
            assert!(!program.overrides.is_empty());
            let text = program.print();
            if let Err(e) = program.check_with_naga(&text) {
                panic!("seed {seed} is invalid:\n{e}\n{text}");
            }
        }
        // Without overrides, the same programs as before.
        assert_eq!(generate_with(7, false), generate(7));
    }

    #[test]
    fn programs_are_valid_wgsl() {
        for seed in 0..300 {
            let text = generate(seed).print();
            if let Err(e) = crate::reflect::Shader::parse(&text) {
                panic!("seed {seed} is invalid:\n{e}\n{text}");
            }
        }
    }
}
