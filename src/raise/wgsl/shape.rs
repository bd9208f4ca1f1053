//! WGSL's shaping of statements: `else if` chains and flipped empty arms, `while` and
//! `for` loops with `for` initializers, compound assignments, and what WGSL's behaviour
//! analysis and parser need (`break if false` on a loop with no way out, `return T();`
//! after a function's trailing loop, the nesting bound).

use super::behavior::Behaviors;
use super::build::Ast;
use super::cx::Cx;
use super::expr::zero_expr;
use crate::ir::Inst;
use crate::raise::error::RaiseError;
use crate::syntax::ast::{self, ExprId, ExprKind, StmtId, StmtKind};
use crate::util::Symbol;
use crate::util::map::Set;

/// The parser's nesting rule, checked on the raised body: each statement, `else if`,
/// clause and `continuing` is a level, and an expression adds its height.
pub(super) fn check_depth(
    cx: &Cx<'_>,
    ast: &Ast,
    body: &[StmtId],
    at: Inst,
) -> Result<(), RaiseError> {
    let m = &ast.module;
    let limit = crate::syntax::MAX_NESTING_DEPTH as u32;
    // Loops rather than map/collect chains: each chain was its own copy of the iterator
    // code in the package.
    let mut stack: Vec<(StmtId, u32)> = Vec::with_capacity(body.len());
    for &s in body {
        stack.push((s, 1));
    }
    let (mut exprs, mut nested) = (Vec::new(), Vec::new());
    while let Some((s, d)) = stack.pop() {
        if d > limit {
            return Err(cx.too_deep(at));
        }
        exprs.clear();
        nested.clear();
        super::build::stmt_parts(&m.stmt(s).kind, &mut exprs, &mut nested);
        for &(e, extra) in &exprs {
            if d + extra + ast.height(e) > limit {
                return Err(cx.too_deep(at));
            }
        }
        for &(x, extra) in &nested {
            stack.push((x, d + extra));
        }
    }
    Ok(())
}

/// Adds `return T();` after every loop that ends a function with a result (at the
/// end of the body, or at the end of a branch that ends it). WGSL's behaviour
/// analysis already accepts such a loop when it can only return, but some compilers
/// (naga) append an implicit `return;` after a trailing loop and then reject it; the
/// added statement is unreachable, which WGSL allows.
pub(super) fn return_after_tail_loops(
    cx: &Cx<'_>,
    ast: &mut Ast,
    stmts: &mut Vec<StmtId>,
    rt: Inst,
    depth: u32,
) -> Result<(), RaiseError> {
    let Some(&last) = stmts.last() else {
        return Ok(());
    };
    if depth > crate::syntax::MAX_NESTING_DEPTH as u32 {
        return Ok(());
    }
    match ast.module.stmt(last).kind.clone() {
        StmtKind::Loop { .. } | StmtKind::For { .. } | StmtKind::While { .. } => {
            let z = zero_expr(cx, ast, rt)?;
            stmts.push(ast.stmt(StmtKind::Return(Some(z))));
        }
        StmtKind::Block(mut b) => {
            return_after_tail_loops(cx, ast, &mut b.stmts, rt, depth + 1)?;
            ast.module.stmts[last.index()].kind = StmtKind::Block(b);
        }
        StmtKind::If {
            attributes,
            cond,
            mut then_branch,
            else_branch,
        } => {
            return_after_tail_loops(cx, ast, &mut then_branch.stmts, rt, depth + 1)?;
            if let Some(e) = else_branch {
                let mut list = vec![e];
                return_after_tail_loops(cx, ast, &mut list, rt, depth + 1)?;
                if list.len() > 1 {
                    // The `else` was a lone loop: it becomes a block with the return.
                    let b = ast.block(list);
                    let new_else = ast.stmt(StmtKind::Block(b));
                    ast.module.stmts[last.index()].kind = StmtKind::If {
                        attributes,
                        cond,
                        then_branch,
                        else_branch: Some(new_else),
                    };
                    return Ok(());
                }
            }
            ast.module.stmts[last.index()].kind = StmtKind::If {
                attributes,
                cond,
                then_branch,
                else_branch,
            };
        }
        StmtKind::Switch {
            attributes,
            selector,
            body_attributes,
            mut clauses,
        } => {
            for c in &mut clauses {
                return_after_tail_loops(cx, ast, &mut c.body.stmts, rt, depth + 1)?;
            }
            ast.module.stmts[last.index()].kind = StmtKind::Switch {
                attributes,
                selector,
                body_attributes,
                clauses,
            };
        }
        _ => {}
    }
    Ok(())
}

/// `if`, flipping an empty `then` and chaining `else if`.
pub(super) fn push_if(
    ast: &mut Ast,
    out: &mut Vec<StmtId>,
    cond: ExprId,
    then_stmts: Vec<StmtId>,
    else_stmts: Vec<StmtId>,
) {
    let (cond, then_stmts, else_stmts) = if then_stmts.is_empty() && !else_stmts.is_empty() {
        (negate(ast, cond), else_stmts, Vec::new())
    } else {
        (cond, then_stmts, else_stmts)
    };
    let else_branch = if else_stmts.is_empty() {
        None
    } else if else_stmts.len() == 1
        && matches!(ast.module.stmt(else_stmts[0]).kind, StmtKind::If { .. })
    {
        Some(else_stmts[0])
    } else {
        let b = ast.block(else_stmts);
        Some(ast.stmt(StmtKind::Block(b)))
    };
    let then_branch = ast.block(then_stmts);
    out.push(ast.stmt(StmtKind::If {
        attributes: Vec::new(),
        cond,
        then_branch,
        else_branch,
    }));
}

pub(super) fn negate(ast: &mut Ast, e: ExprId) -> ExprId {
    ast.negation(e)
}

/// `loop`, or `while` / `for` for the shapes that have one.
pub(super) fn push_loop(
    cx: &Cx<'_>,
    ast: &mut Ast,
    behaviors: &mut Behaviors,
    out: &mut Vec<StmtId>,
    body: Vec<StmtId>,
    cont: Vec<StmtId>,
    break_if: Option<ExprId>,
) {
    let mut cont = cont;
    let mut break_if = break_if;
    // A loop that can neither break nor return has no behaviour, which WGSL rejects
    // ("obviously infinite"): `break if false` (never taken) gives it one.
    let b = behaviors.loop_of(&ast.module, &body, &cont, break_if.is_some());
    if b == 0 && break_if.is_none() {
        break_if = Some(ast.bool_lit(false));
    }
    if cx.options.loop_sugar && break_if.is_none() {
        if let Some(s) = while_or_for(ast, &body, &cont) {
            out.push(s);
            return;
        }
    }
    let body_block = ast.block(body);
    let continuing = if cont.is_empty() && break_if.is_none() {
        None
    } else {
        Some(Box::new(ast::Continuing {
            body: ast.block(std::mem::take(&mut cont)),
            break_if,
            span: crate::diag::Span::DETACHED,
        }))
    };
    out.push(ast.stmt(StmtKind::Loop {
        attributes: Vec::new(),
        body: body_block,
        continuing,
    }));
}

/// `while c { … }` for `loop { if !c { break; } … }`, and `for (; c; u) { … }` when the
/// continuing is one simple statement.
fn while_or_for(ast: &mut Ast, body: &[StmtId], cont: &[StmtId]) -> Option<StmtId> {
    let (&first, rest) = body.split_first()?;
    let StmtKind::If {
        cond,
        then_branch,
        else_branch: None,
        ..
    } = &ast.module.stmt(first).kind
    else {
        return None;
    };
    if then_branch.stmts.len() != 1
        || !matches!(ast.module.stmt(then_branch.stmts[0]).kind, StmtKind::Break)
    {
        return None;
    }
    let cond = *cond;
    if cont.is_empty() {
        let c = negate(ast, cond);
        let b = ast.block(rest.to_vec());
        return Some(ast.stmt(StmtKind::While {
            attributes: Vec::new(),
            cond: c,
            body: b,
        }));
    }
    if cont.len() != 1 {
        return None;
    }
    let update = cont[0];
    let simple = matches!(
        &ast.module.stmt(update).kind,
        StmtKind::Assign { lhs: Some(_), .. }
            | StmtKind::Increment(_)
            | StmtKind::Decrement(_)
            | StmtKind::Call(_)
    );
    if !simple {
        return None;
    }
    // The update may not refer to declarations of the body.
    let mut declared: Vec<Symbol> = Vec::new();
    for &s in rest {
        match &ast.module.stmt(s).kind {
            StmtKind::Var(v) => declared.push(v.name.name),
            StmtKind::Let(v) | StmtKind::Const(v) => declared.push(v.name.name),
            _ => {}
        }
    }
    let update_exprs: Vec<ExprId> = match &ast.module.stmt(update).kind {
        StmtKind::Assign { lhs, rhs, .. } => match lhs {
            Some(l) => vec![*l, *rhs],
            None => vec![*rhs],
        },
        StmtKind::Increment(e) | StmtKind::Decrement(e) | StmtKind::Call(e) => vec![*e],
        _ => Vec::new(),
    };
    if declared
        .iter()
        .any(|&s| update_exprs.iter().any(|&e| ast.mentions(e, s)))
    {
        return None;
    }
    let c = negate(ast, cond);
    // The declaration right before the loop moves into the header when nothing after
    // the loop uses it: done by `fold_for_init` once the enclosing list is complete.
    let b = ast.block(rest.to_vec());
    Some(ast.stmt(StmtKind::For {
        attributes: Vec::new(),
        init: None,
        cond: Some(c),
        update: Some(update),
        body: b,
    }))
}

/// `lhs = rhs`, or `lhs op= e` when `rhs` is `lhs op e` (and `lhs++` / `lhs--` for an
/// integer 1): the reference is the same expression without calls, so evaluating
/// it once instead of twice changes nothing.
pub(super) fn assignment(ast: &Ast, lhs: ExprId, rhs: ExprId) -> StmtKind {
    let plain = StmtKind::Assign {
        lhs: Some(lhs),
        op: None,
        rhs,
    };
    let ExprKind::Binary { op, lhs: l, rhs: r } = ast.module.expr(rhs).kind else {
        return plain;
    };
    if !op.is_compound_assignable() || !same_expr(&ast.module, lhs, l, 0) {
        return plain;
    }
    if let ExprKind::Literal(ast::Literal {
        value:
            ast::LiteralValue::Int {
                value: 1,
                suffix: ast::IntSuffix::I | ast::IntSuffix::U,
            },
        ..
    }) = ast.module.expr(r).kind
    {
        match op {
            ast::BinaryOp::Add => return StmtKind::Increment(lhs),
            ast::BinaryOp::Sub => return StmtKind::Decrement(lhs),
            _ => {}
        }
    }
    StmtKind::Assign {
        lhs: Some(lhs),
        op: Some(op),
        rhs: r,
    }
}

/// The names an expression mentions (identifiers and callees).
pub(super) fn expr_names(m: &ast::Module, e: ExprId, out: &mut Vec<Symbol>) {
    super::build::walk_names(m, e, &mut |s| out.push(s));
}

/// The names a statement (with everything nested in it) mentions.
pub(super) fn stmt_names(m: &ast::Module, s: StmtId, out: &mut Vec<Symbol>) {
    let mut stack = vec![s];
    let (mut exprs, mut nested) = (Vec::new(), Vec::new());
    while let Some(s) = stack.pop() {
        exprs.clear();
        nested.clear();
        super::build::stmt_parts(&m.stmt(s).kind, &mut exprs, &mut nested);
        for &(e, _) in &exprs {
            expr_names(m, e, out);
        }
        stack.extend(nested.iter().map(|&(x, _)| x));
    }
}

/// Moves `var x = e;` into the header of the `for` loop whose update assigns `x`, when
/// the declaration is among the `var`s right before the loop and nothing after the loop
/// mentions `x`: `for (var x = e; …; x++)`. A declaration moves past other `var`s only
/// when its initializer calls nothing and theirs do not mention `x`. `later` holds the
/// names mentioned by code that runs after the list and sees its declarations (a loop's
/// continuing block, for the loop's body).
pub(super) fn fold_for_init(m: &mut ast::Module, stmts: &mut Vec<StmtId>, later: &[Symbol]) {
    let var_of = |m: &ast::Module, s: StmtId| match &m.stmt(s).kind {
        StmtKind::Var(v) => v.init.map(|init| (v.name.name, init)),
        _ => None,
    };
    let updated = |m: &ast::Module, s: StmtId| -> Option<Symbol> {
        let StmtKind::For {
            init: None,
            update: Some(u),
            ..
        } = m.stmt(s).kind
        else {
            return None;
        };
        let target = match &m.stmt(u).kind {
            StmtKind::Increment(e) | StmtKind::Decrement(e) => *e,
            StmtKind::Assign { lhs: Some(e), .. } => *e,
            _ => return None,
        };
        match &m.expr(target).kind {
            ExprKind::Ident(i) => Some(i.ident.name),
            _ => None,
        }
    };
    let calls = |m: &ast::Module, e: ExprId| {
        let mut found = false;
        let mut stack = vec![e];
        while let Some(x) = stack.pop() {
            let kind = &m.expr(x).kind;
            found |= matches!(kind, ExprKind::Call { .. });
            super::build::for_each_child(kind, |c| stack.push(c));
        }
        found
    };
    // (for index, declaration index, name)
    let mut plans: Vec<(usize, usize, Symbol)> = Vec::new();
    for k in 1..stmts.len() {
        let Some(x) = updated(m, stmts[k]) else {
            continue;
        };
        let mut j = k;
        while j > 0 {
            j -= 1;
            let Some((name, init)) = var_of(m, stmts[j]) else {
                break;
            };
            if name == x {
                let movable = j + 1 == k
                    || (!calls(m, init)
                        && stmts[j + 1..k].iter().all(|&s| {
                            var_of(m, s).is_some_and(|(_, e)| !super::build::mentions(m, e, x))
                        }));
                if movable {
                    plans.push((k, j, x));
                }
                break;
            }
        }
    }
    if plans.is_empty() {
        return;
    }
    let candidates: Set<Symbol> = plans.iter().map(|p| p.2).collect();
    // Names mentioned after each position, for the candidates only.
    let mut mentioned_after: Vec<Set<Symbol>> = vec![Set::default(); stmts.len() + 1];
    mentioned_after[stmts.len()].extend(later.iter().filter(|n| candidates.contains(n)));
    let mut names = Vec::new();
    for k in (0..stmts.len()).rev() {
        let mut set = mentioned_after[k + 1].clone();
        names.clear();
        stmt_names(m, stmts[k], &mut names);
        set.extend(names.iter().filter(|n| candidates.contains(n)));
        mentioned_after[k] = set;
    }
    let mut removals = Vec::new();
    for &(k, j, x) in plans.iter().rev() {
        if mentioned_after[k + 1].contains(&x) {
            continue;
        }
        let decl = stmts[j];
        if let StmtKind::For { init, .. } = &mut m.stmts[stmts[k].index()].kind {
            *init = Some(decl);
        }
        removals.push(j);
    }
    crate::util::sort::by_key(&mut removals, |&j| j as u64);
    for j in removals.into_iter().rev() {
        stmts.remove(j);
    }
}

/// Whether two expressions are the same tree (names, literals, members, indices and
/// operators; never calls, which may not be evaluated fewer times).
fn same_expr(m: &ast::Module, a: ExprId, b: ExprId, depth: u32) -> bool {
    if depth > 32 {
        return false;
    }
    let same = |x: ExprId, y: ExprId| same_expr(m, x, y, depth + 1);
    match (&m.expr(a).kind, &m.expr(b).kind) {
        (ExprKind::Ident(x), ExprKind::Ident(y)) => {
            x.ident.name == y.ident.name && x.template_args.is_none() && y.template_args.is_none()
        }
        (ExprKind::Literal(x), ExprKind::Literal(y)) => x.spelling == y.spelling,
        (
            ExprKind::Member {
                base: x,
                member: mx,
            },
            ExprKind::Member {
                base: y,
                member: my,
            },
        ) => mx.name == my.name && same(*x, *y),
        (ExprKind::Index { base: x, index: ix }, ExprKind::Index { base: y, index: iy }) => {
            same(*x, *y) && same(*ix, *iy)
        }
        (ExprKind::Unary { op: ox, operand: x }, ExprKind::Unary { op: oy, operand: y }) => {
            ox == oy && same(*x, *y)
        }
        (
            ExprKind::Binary {
                op: ox,
                lhs: lx,
                rhs: rx,
            },
            ExprKind::Binary {
                op: oy,
                lhs: ly,
                rhs: ry,
            },
        ) => ox == oy && same(*lx, *ly) && same(*rx, *ry),
        (ExprKind::Paren(x), ExprKind::Paren(y)) => same(*x, *y),
        _ => false,
    }
}
