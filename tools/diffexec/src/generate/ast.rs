//! The generator's program tree and its printer.
//!
//! The tree is small and regular so that the reducer can walk and edit it: an expression
//! is a node kind, a type and argument expressions; a statement is one of a few shapes.
//! Everything that keeps a program well defined is built into the shapes and the printer,
//! not into separate statements a reducer could delete:
//! - indexing prints as `a[(i) % N]`, so every index is in bounds;
//! - loop counters are declared, advanced and tested by the loop's own printing, and the
//!   body never names them, so every loop runs at most its trip count;
//! - an output store prints as `out[base + ((slot) % SLOTS)] = value`, so an invocation only
//!   writes its own slots.

use std::fmt::Write as _;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scalar {
    Bool,
    I32,
    U32,
    F32,
}

impl Scalar {
    pub fn name(self) -> &'static str {
        match self {
            Scalar::Bool => "bool",
            Scalar::I32 => "i32",
            Scalar::U32 => "u32",
            Scalar::F32 => "f32",
        }
    }
}

/// A scalar (`n == 1`) or a vector of `n` components.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ty {
    pub s: Scalar,
    pub n: u8,
}

impl Ty {
    pub const fn scalar(s: Scalar) -> Ty {
        Ty { s, n: 1 }
    }

    pub fn name(self) -> String {
        if self.n == 1 {
            self.s.name().to_string()
        } else {
            format!("vec{}<{}>", self.n, self.s.name())
        }
    }

    /// The zero of this type, as a literal.
    pub fn zero(self) -> Expr {
        let lit = match self.s {
            Scalar::Bool => "false",
            Scalar::I32 => "0i",
            Scalar::U32 => "0u",
            Scalar::F32 => "0.0f",
        };
        let scalar = Expr::leaf(Kind::Lit(lit.into()), Ty::scalar(self.s));
        if self.n == 1 {
            scalar
        } else {
            Expr {
                kind: Kind::Call(self.name()),
                ty: self,
                args: vec![scalar],
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    Lit(String),
    Name(String),
    /// `(op a)`
    Prefix(&'static str),
    /// `(a op b)`
    Infix(&'static str),
    /// `name(args)`: builtins, constructors, conversions and user functions.
    Call(String),
    /// `a.name`
    Member(String),
    /// `a[(b) % len]`
    Index(u32),
}

/// An expression: `ty` is its WGSL type when it has one of the generator's value types;
/// composite values (arrays, structs) only appear as the base of `Index`/`Member`.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: Kind,
    pub ty: Ty,
    pub args: Vec<Expr>,
}

impl Expr {
    pub fn leaf(kind: Kind, ty: Ty) -> Expr {
        Expr {
            kind,
            ty,
            args: Vec::new(),
        }
    }

    pub fn new(kind: Kind, ty: Ty, args: Vec<Expr>) -> Expr {
        Expr { kind, ty, args }
    }

    /// True when the expression has no runtime leaf: WGSL would evaluate it at shader
    /// creation, where overflow and division by zero are errors.
    pub fn is_const(&self) -> bool {
        match &self.kind {
            Kind::Lit(_) => true,
            Kind::Name(_) => false,
            Kind::Call(name) if name.starts_with('f') && name[1..].parse::<u32>().is_ok() => false,
            _ => self.args.iter().all(Expr::is_const),
        }
    }

    pub fn print(&self, out: &mut String) {
        match &self.kind {
            Kind::Lit(s) | Kind::Name(s) => out.push_str(s),
            Kind::Prefix(op) => {
                out.push('(');
                out.push_str(op);
                self.args[0].print(out);
                out.push(')');
            }
            Kind::Infix(op) => {
                out.push('(');
                self.args[0].print(out);
                let _ = write!(out, " {op} ");
                self.args[1].print(out);
                out.push(')');
            }
            Kind::Call(name) => {
                out.push_str(name);
                out.push('(');
                for (i, a) in self.args.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    a.print(out);
                }
                out.push(')');
            }
            Kind::Member(name) => {
                self.args[0].print(out);
                out.push('.');
                out.push_str(name);
            }
            Kind::Index(len) => {
                self.args[0].print(out);
                out.push_str("[(");
                self.args[1].print(out);
                let _ = write!(out, ") % {len}u]");
            }
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopShape {
    For,
    While,
    Loop,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// `let name: ty = init;` or `var name: ty = init;`
    Decl {
        mutable: bool,
        name: String,
        ty: String,
        init: Expr,
    },
    /// `lhs op rhs;` with op `=` or a compound operator.
    Assign {
        lhs: Expr,
        op: &'static str,
        rhs: Expr,
    },
    If {
        cond: Expr,
        then: Vec<Stmt>,
        els: Vec<Stmt>,
    },
    /// A loop over counter `var`, at most `trips` times.
    Loop {
        shape: LoopShape,
        var: String,
        trips: u32,
        body: Vec<Stmt>,
    },
    Switch {
        selector: Expr,
        /// (case values, body); the last entry is the default when `values` is empty.
        cases: Vec<(Vec<String>, Vec<Stmt>)>,
    },
    /// `out[base + ((slot) % SLOTS)] = value;`
    Output {
        slot: Expr,
        value: Expr,
    },
    /// `_ = expr;`
    Discard(Expr),
    Return(Option<Expr>),
    Break,
    Continue,
    /// `workgroupBarrier();`, only ever at the top level of the entry point. The reducer
    /// keeps it: without it the two phases race.
    Barrier,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: String,
    /// (name, type) pairs, printed as written.
    pub params: Vec<(String, String)>,
    pub ret: Ty,
    pub body: Vec<Stmt>,
}

/// An `override` of a generated program (`generate_with(seed, true)`): expressions read it
/// as they read a literal of its type (so no operation has only overrides and literals
/// as operands, and none is a divisor or shift amount), `if` conditions too.
#[derive(Clone, Debug, PartialEq)]
pub struct Override {
    pub name: String,
    pub ty: Scalar,
    pub id: Option<u32>,
    /// The initializer, as WGSL text.
    pub default: Option<String>,
    /// The pipeline constant the run gives it (always one when there is no default).
    pub value: Option<f64>,
}

impl Override {
    /// The key WebGPU looks the value up by: the `@id` in decimal, or else the name.
    pub fn key(&self) -> String {
        self.id
            .map_or_else(|| self.name.clone(), |id| id.to_string())
    }
}

/// A whole generated program: fixed declarations, helper functions and the entry body.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    pub seed: u64,
    pub workgroup_size: u32,
    /// Overrides (empty unless asked for). With some, the workgroup size is the override
    /// `wgs` too; its value is `workgroup_size` and its default another size, so a run
    /// that ignored the value would differ. (`wg_vals` keeps a literal count: naga 30's
    /// SPIR-V writer, the reference, panics on a bounds-checked index into an array an
    /// override counts, "Expression [n] is not cached".)
    pub overrides: Vec<Override>,
    pub structs: Vec<String>,
    pub functions: Vec<Function>,
    pub main: Vec<Stmt>,
}

/// Output slots per invocation, and the size of `out`.
pub const SLOTS: u32 = 16;
pub const OUT_LEN: u32 = 1024;

impl Program {
    /// Whether `text` (this program printed) is valid WGSL to naga and its pipeline
    /// constants are valid values for its overrides.
    pub fn check_with_naga(&self, text: &str) -> Result<(), String> {
        let shader = crate::reflect::Shader::parse(text)?;
        let constants = self.pipeline_constants();
        crate::paths::resolve_overrides(&shader.module, &shader.info, "main", &constants)
            .map(|_| ())
    }

    /// The pipeline constants a run gives: `wgs` (its `@id(0)`) and every override with a
    /// value.
    pub fn pipeline_constants(&self) -> Vec<(String, f64)> {
        if self.overrides.is_empty() {
            return Vec::new();
        }
        let mut out = vec![("0".to_string(), f64::from(self.workgroup_size))];
        out.extend(
            self.overrides
                .iter()
                .filter_map(|o| Some((o.key(), o.value?))),
        );
        out
    }

    pub fn print(&self) -> String {
        let mut o = String::new();
        let _ = writeln!(
            o,
            "// refract-diffexec generated program, seed {}",
            self.seed
        );
        o.push_str(PRELUDE);
        let _ = writeln!(
            o,
            "@group(0) @binding(2) var<storage, read_write> out: array<u32, {OUT_LEN}>;"
        );
        // The workgroup size as WGSL spells it: a literal, or the override `wgs`.
        let wgs = if self.overrides.is_empty() {
            self.workgroup_size.to_string()
        } else {
            let other = if self.workgroup_size == 1 { 2 } else { 1 };
            let _ = writeln!(o, "@id(0) override wgs: u32 = {other}u;");
            for ov in &self.overrides {
                let id = ov.id.map(|i| format!("@id({i}) ")).unwrap_or_default();
                let init = ov
                    .default
                    .as_ref()
                    .map(|d| format!(" = {d}"))
                    .unwrap_or_default();
                let _ = writeln!(o, "{id}override {}: {}{init};", ov.name, ov.ty.name());
            }
            "wgs".to_string()
        };
        let _ = writeln!(
            o,
            "var<workgroup> wg_vals: array<u32, {}>;",
            self.workgroup_size
        );
        for s in &self.structs {
            o.push_str(s);
            o.push('\n');
        }
        for f in &self.functions {
            let params: Vec<String> = f.params.iter().map(|(n, t)| format!("{n}: {t}")).collect();
            let _ = writeln!(
                o,
                "\nfn {}({}) -> {} {{",
                f.name,
                params.join(", "),
                f.ret.name()
            );
            print_block(&f.body, 1, &mut o);
            o.push_str("}\n");
        }
        let _ = writeln!(
            o,
            "\n@compute @workgroup_size({wgs})\nfn main(@builtin(local_invocation_index) lid: u32, \
             @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, \
             @builtin(global_invocation_id) gid: vec3<u32>) {{"
        );
        let wgs_u = if self.overrides.is_empty() {
            format!("{wgs}u")
        } else {
            wgs
        };
        let _ = writeln!(
            o,
            "    let base = ((wid.x + wid.y * nwg.x + wid.z * nwg.x * nwg.y) * {wgs_u} + lid) * {SLOTS}u;"
        );
        print_block(&self.main, 1, &mut o);
        o.push_str("}\n");
        o
    }
}

/// Declarations every program shares. The input buffers hold typed values (the harness
/// fills floats with finite values only); `acc`/`wg_acc` slot k only ever sees one atomic
/// operation kind, so the final value does not depend on the order invocations run in.
/// `float_bits` is how a float becomes output bits: both zeros give `0u`, because WGSL
/// lets an implementation ignore the sign of a zero (§ Differences from IEEE-754), and
/// lavapipe does (it computes `x - x` as `-0.0` inside a loop; seed 181).
const PRELUDE: &str = "\
fn float_bits(x: f32) -> u32 { return select(bitcast<u32>(x), 0u, x == 0.0f); }
struct Inputs { u: array<vec4<u32>, 8>, i: array<vec4<i32>, 8>, f: array<vec4<f32>, 8> }
struct Params { u: vec4<u32>, i: vec4<i32>, f: vec4<f32> }
@group(0) @binding(0) var<storage, read> inp: Inputs;
@group(0) @binding(1) var<uniform> params: Params;
@group(0) @binding(3) var<storage, read_write> acc: array<atomic<u32>, 7>;
@group(0) @binding(4) var<storage, read_write> iacc: array<atomic<i32>, 3>;
var<workgroup> wg_acc: array<atomic<u32>, 7>;
var<private> pf: vec4<f32>;
var<private> pi: i32;
";

fn indent(depth: usize, o: &mut String) {
    for _ in 0..depth {
        o.push_str("    ");
    }
}

pub fn print_block(stmts: &[Stmt], depth: usize, o: &mut String) {
    for s in stmts {
        print_stmt(s, depth, o);
    }
}

fn print_stmt(s: &Stmt, depth: usize, o: &mut String) {
    indent(depth, o);
    match s {
        Stmt::Decl {
            mutable,
            name,
            ty,
            init,
        } => {
            let _ = write!(
                o,
                "{} {name}: {ty} = ",
                if *mutable { "var" } else { "let" }
            );
            init.print(o);
            o.push_str(";\n");
        }
        Stmt::Assign { lhs, op, rhs } => {
            lhs.print(o);
            let _ = write!(o, " {op} ");
            rhs.print(o);
            o.push_str(";\n");
        }
        Stmt::If { cond, then, els } => {
            o.push_str("if ");
            cond.print(o);
            o.push_str(" {\n");
            print_block(then, depth + 1, o);
            indent(depth, o);
            if els.is_empty() {
                o.push_str("}\n");
            } else {
                o.push_str("} else {\n");
                print_block(els, depth + 1, o);
                indent(depth, o);
                o.push_str("}\n");
            }
        }
        Stmt::Loop {
            shape,
            var,
            trips,
            body,
        } => match shape {
            LoopShape::For => {
                let _ = writeln!(o, "for (var {var} = 0u; {var} < {trips}u; {var}++) {{");
                print_block(body, depth + 1, o);
                indent(depth, o);
                o.push_str("}\n");
            }
            LoopShape::While => {
                let _ = writeln!(o, "var {var} = 0u;");
                indent(depth, o);
                let _ = writeln!(o, "while {var} < {trips}u {{");
                indent(depth + 1, o);
                let _ = writeln!(o, "{var} += 1u;");
                print_block(body, depth + 1, o);
                indent(depth, o);
                o.push_str("}\n");
            }
            LoopShape::Loop => {
                let _ = writeln!(o, "var {var} = 0u;");
                indent(depth, o);
                o.push_str("loop {\n");
                print_block(body, depth + 1, o);
                indent(depth + 1, o);
                o.push_str("continuing {\n");
                indent(depth + 2, o);
                let _ = writeln!(o, "{var} = {var} + 1u;");
                indent(depth + 2, o);
                let _ = writeln!(o, "break if {var} >= {trips}u;");
                indent(depth + 1, o);
                o.push_str("}\n");
                indent(depth, o);
                o.push_str("}\n");
            }
        },
        Stmt::Switch { selector, cases } => {
            o.push_str("switch ");
            selector.print(o);
            o.push_str(" {\n");
            for (values, body) in cases {
                indent(depth + 1, o);
                if values.is_empty() {
                    o.push_str("default {\n");
                } else {
                    let _ = writeln!(o, "case {} {{", values.join(", "));
                }
                print_block(body, depth + 2, o);
                indent(depth + 1, o);
                o.push_str("}\n");
            }
            indent(depth, o);
            o.push_str("}\n");
        }
        Stmt::Output { slot, value } => {
            o.push_str("out[base + ((");
            slot.print(o);
            let _ = write!(o, ") % {SLOTS}u)] = ");
            value.print(o);
            o.push_str(";\n");
        }
        Stmt::Discard(e) => {
            o.push_str("_ = ");
            e.print(o);
            o.push_str(";\n");
        }
        Stmt::Return(e) => {
            o.push_str("return");
            if let Some(e) = e {
                o.push(' ');
                e.print(o);
            }
            o.push_str(";\n");
        }
        Stmt::Break => o.push_str("break;\n"),
        Stmt::Continue => o.push_str("continue;\n"),
        Stmt::Barrier => o.push_str("workgroupBarrier();\n"),
    }
}
