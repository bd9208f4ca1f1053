//! HLSL statements, and how they print.
//!
//! Loops come from the plan with a continuing part and an optional `break if` test,
//! which HLSL has no construct for. A loop whose body never `continue`s prints as
//! `while (true) { body continuing if (c) { break; } }`. One whose body does prints with
//! a first-iteration flag, so that every `continue` (even one inside a `switch`, where a
//! copied `break` would leave the switch instead of the loop) runs the continuing next:
//!
//! ```text
//! bool loop_first = true;
//! while (true) {
//!   if (!loop_first) { continuing  if (c) { break; } }
//!   loop_first = false;
//!   body
//! }
//! ```
//!
//! The continuing then runs in a scope the body's declarations do not reach, so the
//! body's top-level declarations that the continuing reads are declared before the loop
//! and assigned where they were (the plan puts them before the body's first
//! `continue`).

use super::expr::{E, Exprs, Sym};
use super::template::fill_into;
use super::types::Spelled;
use crate::raise::plan::CaseLabel;
use std::fmt::Write;

/// One statement.
#[derive(Clone, Debug)]
pub enum Stmt {
    /// `[const] T name[N] = init;`
    Decl {
        ty: Spelled,
        name: Sym,
        init: Option<E>,
        constant: bool,
        /// The initializer is the zero value the declaration was given for want of one:
        /// an assignment right after it may take its place.
        defaulted: bool,
    },
    /// `lhs = rhs;`
    Assign(E, E),
    /// An expression evaluated for its effect: `f(x);`.
    Expr(E),
    If(E, Vec<Stmt>, Vec<Stmt>),
    Switch(E, Vec<(Vec<CaseLabel>, Vec<Stmt>)>),
    Loop {
        body: Vec<Stmt>,
        continuing: Vec<Stmt>,
        break_if: Option<E>,
        /// The first-iteration flag's name, when the body `continue`s.
        first: Option<Sym>,
    },
    Break,
    Continue,
    Return(Option<E>),
    Discard,
    /// A nested block `{ … }`.
    Block(Vec<Stmt>),
}

/// Whether `stmts` hold a `continue` of the loop they are the body of (not one of a
/// nested loop).
pub fn continues(stmts: &[Stmt]) -> bool {
    stmts.iter().any(|s| match s {
        Stmt::Continue => true,
        Stmt::If(_, a, b) => continues(a) || continues(b),
        Stmt::Switch(_, clauses) => clauses.iter().any(|(_, b)| continues(b)),
        Stmt::Block(b) => continues(b),
        _ => false,
    })
}

/// Folds `T x = 0; x = e;` into `T x = e;` where the zero was only a default and `e`
/// does not read `x`.
pub fn fold_declarations(x: &Exprs, stmts: &mut Vec<Stmt>) {
    let mut k = 0;
    while k + 1 < stmts.len() {
        let fold = match (&stmts[k], &stmts[k + 1]) {
            (
                Stmt::Decl {
                    name,
                    defaulted: true,
                    ..
                },
                Stmt::Assign(lhs, rhs),
            ) => matches!(x.node(*lhs), super::expr::Node::Name(n) if n == name)
                .then_some(*rhs)
                .filter(|&r| !x.mentions(r, *name)),
            _ => None,
        };
        if let Some(value) = fold {
            if let Stmt::Decl {
                init, defaulted, ..
            } = &mut stmts[k]
            {
                *init = Some(value);
                *defaulted = false;
            }
            stmts.remove(k + 1);
        }
        k += 1;
    }
}

/// Whether `stmts` end by leaving: a jump after which nothing in the list runs.
pub fn ends_in_jump(stmts: &[Stmt]) -> bool {
    match stmts.last() {
        Some(Stmt::Break | Stmt::Continue | Stmt::Return(_)) => true,
        Some(Stmt::Block(b)) => ends_in_jump(b),
        Some(Stmt::If(_, a, b)) => ends_in_jump(a) && ends_in_jump(b),
        _ => false,
    }
}

/// Whether any statement of `stmts`, at any depth, mentions name `s`.
pub fn mentions(x: &Exprs, stmts: &[Stmt], s: Sym) -> bool {
    let e = |e: &E| x.mentions(*e, s);
    stmts.iter().any(|st| match st {
        Stmt::Decl { init, .. } => init.as_ref().is_some_and(e),
        Stmt::Assign(a, b) => e(a) || e(b),
        Stmt::Expr(a) => e(a),
        Stmt::If(c, a, b) => e(c) || mentions(x, a, s) || mentions(x, b, s),
        Stmt::Switch(c, clauses) => e(c) || clauses.iter().any(|(_, b)| mentions(x, b, s)),
        Stmt::Loop {
            body,
            continuing,
            break_if,
            ..
        } => mentions(x, body, s) || mentions(x, continuing, s) || break_if.as_ref().is_some_and(e),
        Stmt::Return(v) => v.as_ref().is_some_and(e),
        Stmt::Block(b) => mentions(x, b, s),
        Stmt::Break | Stmt::Continue | Stmt::Discard => false,
    })
}

/// Prints statements at an indentation depth.
pub struct Printer<'a> {
    pub x: &'a Exprs,
    pub names: &'a [String],
    pub out: String,
}

impl Printer<'_> {
    fn indent(&mut self, depth: usize) {
        for _ in 0..depth {
            self.out.push_str("  ");
        }
    }

    fn expr(&mut self, e: E) {
        self.x.print(&mut self.out, self.names, e);
    }

    pub fn stmts(&mut self, stmts: &[Stmt], depth: usize) {
        for s in stmts {
            self.stmt(s, depth);
        }
    }

    fn block(&mut self, stmts: &[Stmt], depth: usize) {
        self.out.push_str("{\n");
        self.stmts(stmts, depth + 1);
        self.indent(depth);
        self.out.push('}');
    }

    fn stmt(&mut self, s: &Stmt, depth: usize) {
        self.indent(depth);
        match s {
            Stmt::Decl {
                ty,
                name,
                init,
                constant,
                ..
            } => {
                if *constant {
                    self.out.push_str("const ");
                }
                let decl = ty.declare(&self.names[name.index()]);
                self.out.push_str(&decl);
                if let Some(i) = init {
                    self.out.push_str(" = ");
                    self.expr(*i);
                }
                self.out.push_str(";\n");
            }
            Stmt::Assign(a, b) => {
                self.expr(*a);
                self.out.push_str(" = ");
                self.expr(*b);
                self.out.push_str(";\n");
            }
            Stmt::Expr(e) => {
                self.expr(*e);
                self.out.push_str(";\n");
            }
            Stmt::If(c, then, otherwise) => {
                self.out.push_str("if (");
                self.expr(*c);
                self.out.push_str(") ");
                self.block(then, depth);
                let mut otherwise = otherwise;
                // `else if` chains read flat.
                while let [Stmt::If(c2, t2, o2)] = otherwise.as_slice() {
                    self.out.push_str(" else if (");
                    self.expr(*c2);
                    self.out.push_str(") ");
                    self.block(t2, depth);
                    otherwise = o2;
                }
                if !otherwise.is_empty() {
                    self.out.push_str(" else ");
                    self.block(otherwise, depth);
                }
                self.out.push('\n');
            }
            Stmt::Switch(sel, clauses) => {
                self.out.push_str("switch (");
                self.expr(*sel);
                self.out.push_str(") {\n");
                for (labels, body) in clauses {
                    self.indent(depth + 1);
                    for (k, l) in labels.iter().enumerate() {
                        if k > 0 {
                            self.out.push(' ');
                        }
                        match l {
                            CaseLabel::Value(v) => {
                                let _ = write!(self.out, "case {v}:");
                            }
                            CaseLabel::Default => self.out.push_str("default:"),
                        }
                    }
                    self.out.push(' ');
                    self.block(body, depth + 1);
                    self.out.push('\n');
                }
                self.indent(depth);
                self.out.push_str("}\n");
            }
            Stmt::Loop {
                body,
                continuing,
                break_if,
                first,
            } => self.loop_(body, continuing, *break_if, *first, depth),
            Stmt::Break => self.out.push_str("break;\n"),
            Stmt::Continue => self.out.push_str("continue;\n"),
            Stmt::Return(None) => self.out.push_str("return;\n"),
            Stmt::Return(Some(e)) => {
                self.out.push_str("return ");
                self.expr(*e);
                self.out.push_str(";\n");
            }
            Stmt::Discard => self.out.push_str("discard;\n"),
            Stmt::Block(b) => {
                self.block(b, depth);
                self.out.push('\n');
            }
        }
    }

    fn exit_test(&mut self, break_if: Option<E>, depth: usize) {
        if let Some(c) = break_if {
            self.indent(depth);
            self.out.push_str("if (");
            self.expr(c);
            self.out.push_str(") {\n");
            self.indent(depth + 1);
            self.out.push_str("break;\n");
            self.indent(depth);
            self.out.push_str("}\n");
        }
    }

    fn loop_(
        &mut self,
        body: &[Stmt],
        continuing: &[Stmt],
        break_if: Option<E>,
        first: Option<Sym>,
        depth: usize,
    ) {
        match first {
            None => {
                self.out.push_str("while (true) {\n");
                self.stmts(body, depth + 1);
                self.stmts(continuing, depth + 1);
                self.exit_test(break_if, depth + 1);
            }
            Some(flag) => {
                let flag = self.names[flag.index()].clone();
                fill_into(&mut self.out, "bool $0 = true;\n", &[&flag]);
                self.indent(depth);
                self.out.push_str("while (true) {\n");
                if !continuing.is_empty() || break_if.is_some() {
                    self.indent(depth + 1);
                    fill_into(&mut self.out, "if (!$0) {\n", &[&flag]);
                    self.stmts(continuing, depth + 2);
                    self.exit_test(break_if, depth + 2);
                    self.indent(depth + 1);
                    self.out.push_str("}\n");
                }
                self.indent(depth + 1);
                fill_into(&mut self.out, "$0 = false;\n", &[&flag]);
                self.stmts(body, depth + 1);
            }
        }
        self.indent(depth);
        self.out.push_str("}\n");
    }
}
