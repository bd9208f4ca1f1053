//! WGSL's behaviour analysis (spec §"Behavior Analysis") over raised statements, so the
//! raiser can add what the analysis needs where the IR knows the code is unreachable.

use crate::syntax::ast::{Module, StmtId, StmtKind};
use crate::util::map::Map;

pub const NEXT: u8 = 1;
pub const RETURN: u8 = 2;
pub const BREAK: u8 = 4;
pub const CONTINUE: u8 = 8;

/// Memoized behaviours of statements.
#[derive(Default)]
pub struct Behaviors {
    memo: Map<StmtId, u8>,
}

impl Behaviors {
    /// The behaviour of a statement sequence.
    pub fn seq(&mut self, m: &Module, stmts: &[StmtId]) -> u8 {
        let mut acc = NEXT;
        for &s in stmts {
            if acc & NEXT == 0 {
                break;
            }
            acc = (acc & !NEXT) | self.stmt(m, s);
        }
        acc
    }

    /// The behaviour of `loop { body continuing { cont; break if … } }`.
    pub fn loop_of(&mut self, m: &Module, body: &[StmtId], cont: &[StmtId], break_if: bool) -> u8 {
        let b1 = self.seq(m, body);
        let mut b2 = self.seq(m, cont);
        if break_if && b2 & NEXT != 0 {
            b2 |= BREAK;
        }
        loop_rule(b1, b2)
    }

    pub fn stmt(&mut self, m: &Module, s: StmtId) -> u8 {
        if let Some(&b) = self.memo.get(&s) {
            return b;
        }
        let b = match &m.stmt(s).kind {
            StmtKind::Return(_) => RETURN,
            StmtKind::Break => BREAK,
            StmtKind::Continue => CONTINUE,
            StmtKind::Block(b) => self.seq(m, &b.stmts),
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => {
                let t = self.seq(m, &then_branch.stmts);
                let e = match else_branch {
                    Some(e) => self.stmt(m, *e),
                    None => NEXT,
                };
                t | e
            }
            StmtKind::Loop {
                body, continuing, ..
            } => {
                let (cont, bi) = match continuing {
                    Some(c) => (c.body.stmts.clone(), c.break_if.is_some()),
                    None => (Vec::new(), false),
                };
                self.loop_of(m, &body.stmts, &cont, bi)
            }
            StmtKind::For {
                cond, update, body, ..
            } => {
                let head = if cond.is_some() { NEXT | BREAK } else { NEXT };
                let b = self.seq(m, &body.stmts);
                let b1 = if head & NEXT != 0 {
                    (head & !NEXT) | b
                } else {
                    head
                };
                let b2 = match update {
                    Some(u) => self.stmt(m, *u),
                    None => NEXT,
                };
                loop_rule(b1, b2)
            }
            StmtKind::While { body, .. } => {
                let b = self.seq(m, &body.stmts);
                loop_rule(BREAK | b, NEXT)
            }
            StmtKind::Switch { clauses, .. } => {
                let mut u = 0;
                for c in clauses {
                    u |= self.seq(m, &c.body.stmts);
                }
                if u & BREAK != 0 {
                    (u | NEXT) & !BREAK
                } else {
                    u
                }
            }
            _ => NEXT,
        };
        self.memo.insert(s, b);
        b
    }
}

/// The spec's table for `loop {s1 continuing {s2}}` with behaviours `b1`, `b2`.
fn loop_rule(b1: u8, b2: u8) -> u8 {
    if b1 == RETURN {
        return RETURN;
    }
    let u = b1 | b2;
    if u & BREAK != 0 {
        (u | NEXT) & !(BREAK | CONTINUE)
    } else {
        u & !(CONTINUE | NEXT)
    }
}
