//! Shrinks a failing generated program while it keeps failing the same way.
//!
//! Greedy reduction over the generator's tree (`generate/ast.rs`): each candidate is the
//! program with one edit applied, in this order so that big cuts come first:
//! 1. delete a helper function or a struct;
//! 2. per statement, top-down: delete it; replace an `if` by one arm; drop an `else`;
//!    cut a loop to one trip; delete a `switch` case;
//! 3. per expression node: replace it by a same-typed operand, or by its type's zero.
//!
//! A candidate is kept when the caller's predicate holds (it must re-validate and re-run
//! the program: an edit can make it invalid, and that is how invalid edits are rejected).
//! Passes repeat until nothing changes or the test budget runs out. Edits cannot break
//! the generator's safety rules: indices, loop counters and output slots are printed by
//! the tree's shapes, not held in deletable statements (except the barrier, never deleted).

use crate::generate::ast::{Expr, Kind, Program, Stmt};

/// Reduces `program` while `interesting` holds, running it at most `max_tests` times.
pub fn reduce(
    program: &Program,
    mut interesting: impl FnMut(&Program) -> bool,
    max_tests: usize,
) -> Program {
    let mut best = program.clone();
    let mut tests = 0;
    for expressions in [false, true] {
        loop {
            let mut progress = false;
            let mut k = 0;
            while let Some(candidate) = mutate(&best, k, expressions) {
                if tests >= max_tests {
                    return best;
                }
                tests += 1;
                if candidate != best && interesting(&candidate) {
                    best = candidate;
                    progress = true;
                } else {
                    k += 1;
                }
            }
            if !progress {
                break;
            }
        }
    }
    best
}

/// The program with its `k`-th edit applied, or `None` when there are fewer edits.
/// With `expressions` false only function and statement edits count.
pub fn mutate(program: &Program, k: usize, expressions: bool) -> Option<Program> {
    let mut p = program.clone();
    let mut k = k;
    if p.functions.len() > k {
        p.functions.remove(k);
        return Some(p);
    }
    k -= p.functions.len();
    if p.structs.len() > k {
        p.structs.remove(k);
        return Some(p);
    }
    k -= p.structs.len();
    let mut e = Editor { k, expressions };
    for f in &mut p.functions {
        if e.block(&mut f.body) {
            return Some(p);
        }
    }
    if e.block(&mut p.main) {
        return Some(p);
    }
    None
}

struct Editor {
    k: usize,
    expressions: bool,
}

impl Editor {
    /// Counts one edit site; true when it is the chosen one.
    fn here(&mut self) -> bool {
        if self.k == 0 {
            return true;
        }
        self.k -= 1;
        false
    }

    fn block(&mut self, stmts: &mut Vec<Stmt>) -> bool {
        for i in 0..stmts.len() {
            if !matches!(stmts[i], Stmt::Barrier) && self.here() {
                stmts.remove(i);
                return true;
            }
            match &mut stmts[i] {
                Stmt::If { then, els, .. } => {
                    if self.here() {
                        let arm = std::mem::take(then);
                        stmts.splice(i..=i, arm);
                        return true;
                    }
                    if !els.is_empty() {
                        if self.here() {
                            let arm = std::mem::take(els);
                            stmts.splice(i..=i, arm);
                            return true;
                        }
                        if self.here() {
                            els.clear();
                            return true;
                        }
                    }
                }
                Stmt::Loop { trips, .. } if *trips > 1 && self.here() => {
                    *trips = 1;
                    return true;
                }
                Stmt::Switch { cases, .. } => {
                    for c in 0..cases.len().saturating_sub(1) {
                        if self.here() {
                            cases.remove(c);
                            return true;
                        }
                    }
                }
                _ => {}
            }
            let done = match &mut stmts[i] {
                Stmt::If { then, els, .. } => self.block(then) || self.block(els),
                Stmt::Loop { body, .. } => self.block(body),
                Stmt::Switch { cases, .. } => cases.iter_mut().any(|(_, body)| self.block(body)),
                _ => false,
            };
            if done {
                return true;
            }
            if self.expressions && self.stmt_exprs(&mut stmts[i]) {
                return true;
            }
        }
        false
    }

    fn stmt_exprs(&mut self, s: &mut Stmt) -> bool {
        match s {
            Stmt::Decl { init, .. } => self.expr(init),
            Stmt::Assign { rhs, .. } => self.expr(rhs),
            Stmt::If { cond, .. } => self.expr(cond),
            Stmt::Switch { selector, .. } => self.expr(selector),
            Stmt::Output { slot, value } => self.expr(slot) || self.expr(value),
            Stmt::Discard(e) | Stmt::Return(Some(e)) => self.expr(e),
            _ => false,
        }
    }

    fn expr(&mut self, e: &mut Expr) -> bool {
        let is_lit = matches!(e.kind, Kind::Lit(_));
        if !is_lit {
            for j in 0..e.args.len() {
                if e.args[j].ty == e.ty && self.here() {
                    *e = e.args[j].clone();
                    return true;
                }
            }
            let zero = e.ty.zero();
            if *e != zero && self.here() {
                *e = zero;
                return true;
            }
        }
        e.args.iter_mut().any(|a| self.expr(a))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::generate;

    #[test]
    fn reduces_to_the_statements_that_matter() {
        // A stand-in failure: "the program writes a slot with a shift in it".
        let program = (0..200)
            .map(generate)
            .find(|p| p.print().contains("<<"))
            .expect("some seed shifts");
        let valid = |p: &Program| crate::reflect::Shader::parse(&p.print()).is_ok();
        let reduced = reduce(&program, |p| valid(p) && p.print().contains("<<"), 20_000);
        let text = reduced.print();
        assert!(text.contains("<<"));
        assert!(valid(&reduced), "{text}");
        assert!(text.len() < program.print().len() / 2, "{text}");
    }
}
