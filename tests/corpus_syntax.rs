//! The syntax layer over every in-scope corpus file:
//! - `parse` accepts the file (no error diagnostics);
//! - `format` succeeds, and formatting its output again changes nothing;
//! - where naga (parse + validate) accepts the original, it accepts the formatted output;
//! - the formatted output parses to the same tree as the original (spans aside);
//! - printing the tree as if built by code (parentheses removed, spans detached) gives
//!   text that parses back to the same tree, so the printer's own parentheses are right;
//! - parse + format of one file takes less than 5 s, and nothing panics.
//!
//! It prints the counts and rates, and fails below 99.9 % on any of them.

mod common;

use common::ast_dump::{dump, synthesized};
use common::corpus::{self, CorpusFile};
use refract::syntax::{self, ast};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

const THRESHOLD: f64 = 0.999;
const TIME_LIMIT: Duration = Duration::from_secs(5);

#[derive(Default)]
struct Outcome {
    panicked: bool,
    parsed: bool,
    formatted: bool,
    idempotent: bool,
    naga_original: bool,
    naga_formatted: bool,
    same_tree: bool,
    synthesized_round_trip: bool,
    seconds: f64,
    depth: usize,
    first_error: Option<String>,
}

fn naga_accepts(source: &str) -> bool {
    let Ok(module) = naga::front::wgsl::parse_str(source) else {
        return false;
    };
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&module)
    .is_ok()
}

/// How deep the tree nests: statements and expressions, counted as `MAX_NESTING_DEPTH`
/// counts them. Walked with an explicit stack.
fn tree_depth(m: &ast::Module) -> usize {
    let mut expr_height = vec![0usize; m.exprs.len()];
    for (i, e) in m.exprs.iter().enumerate() {
        let mut h = 1;
        let mut child = |c: ast::ExprId| h = h.max(expr_height[c.index()] + 1);
        match &e.kind {
            ast::ExprKind::Literal(_) => {}
            ast::ExprKind::Ident(id) => id.templates().iter().for_each(|&a| child(a)),
            ast::ExprKind::Call { callee, args } => {
                callee.templates().iter().for_each(|&a| child(a));
                args.iter().for_each(|&a| child(a));
            }
            ast::ExprKind::Paren(x) | ast::ExprKind::Member { base: x, .. } => child(*x),
            ast::ExprKind::Unary { operand, .. } => child(*operand),
            ast::ExprKind::Index { base, index } => {
                child(*base);
                child(*index);
            }
            ast::ExprKind::Binary { lhs, rhs, .. } => {
                child(*lhs);
                child(*rhs);
            }
        }
        expr_height[i] = h;
    }
    let mut deepest = expr_height.iter().copied().max().unwrap_or(0);
    let mut stack: Vec<(ast::StmtId, usize)> = Vec::new();
    for d in &m.decls {
        if let ast::GlobalDeclKind::Fn(f) = &d.kind {
            stack.extend(f.body.stmts.iter().map(|&s| (s, 1)));
        }
    }
    while let Some((s, depth)) = stack.pop() {
        let mut exprs: Vec<ast::ExprId> = Vec::new();
        let mut blocks: Vec<&ast::Block> = Vec::new();
        let mut children: Vec<ast::StmtId> = Vec::new();
        match &m.stmt(s).kind {
            ast::StmtKind::Block(b) => blocks.push(b),
            ast::StmtKind::Var(v) => exprs.extend(v.init),
            ast::StmtKind::Let(v) | ast::StmtKind::Const(v) => exprs.push(v.init),
            ast::StmtKind::Assign { lhs, rhs, .. } => {
                exprs.extend(*lhs);
                exprs.push(*rhs);
            }
            ast::StmtKind::Increment(e)
            | ast::StmtKind::Decrement(e)
            | ast::StmtKind::Call(e)
            | ast::StmtKind::ConstAssert(e) => exprs.push(*e),
            ast::StmtKind::Return(e) => exprs.extend(*e),
            ast::StmtKind::If {
                cond,
                then_branch,
                else_branch,
                ..
            } => {
                exprs.push(*cond);
                blocks.push(then_branch);
                children.extend(*else_branch);
            }
            ast::StmtKind::Switch {
                selector, clauses, ..
            } => {
                exprs.push(*selector);
                blocks.extend(clauses.iter().map(|c| &c.body));
            }
            ast::StmtKind::Loop {
                body, continuing, ..
            } => {
                blocks.push(body);
                if let Some(c) = continuing {
                    blocks.push(&c.body);
                    exprs.extend(c.break_if);
                }
            }
            ast::StmtKind::For {
                init,
                cond,
                update,
                body,
                ..
            } => {
                children.extend(*init);
                children.extend(*update);
                exprs.extend(*cond);
                blocks.push(body);
            }
            ast::StmtKind::While { cond, body, .. } => {
                exprs.push(*cond);
                blocks.push(body);
            }
            _ => {}
        }
        for e in exprs {
            deepest = deepest.max(depth + expr_height[e.index()]);
        }
        deepest = deepest.max(depth);
        for b in blocks {
            stack.extend(b.stmts.iter().map(|&c| (c, depth + 1)));
        }
        stack.extend(children.into_iter().map(|c| (c, depth + 1)));
    }
    deepest
}

fn check(file: &CorpusFile) -> Outcome {
    let mut out = Outcome {
        naga_original: naga_accepts(&file.source),
        ..Outcome::default()
    };
    let start = Instant::now();
    let run = catch_unwind(AssertUnwindSafe(|| {
        let (module, diags) = syntax::parse(&file.source);
        let depth = tree_depth(&module);
        let errors: Vec<_> = diags.iter().filter(|d| d.is_error()).collect();
        let first_error = errors
            .first()
            .map(|d| format!("{}: {} at {:?}", d.code, d.message, d.primary_span()));
        let formatted = syntax::format(&file.source).ok();
        let again = formatted.as_deref().map(syntax::format);
        let same_tree = formatted.as_deref().is_some_and(|text| {
            let (back, diags) = syntax::parse(text);
            diags.is_empty() && dump(&back, false) == dump(&module, false)
        });
        let printed = syntax::print(&synthesized(&module));
        let (back, diags) = syntax::parse(&printed);
        let synthesized_round_trip =
            !diags.iter().any(|d| d.is_error()) && dump(&back, true) == dump(&module, true);
        (
            errors.is_empty(),
            first_error,
            depth,
            formatted,
            again,
            same_tree,
            synthesized_round_trip,
        )
    }));
    out.seconds = start.elapsed().as_secs_f64();
    match run {
        Err(_) => out.panicked = true,
        Ok((parsed, first_error, depth, formatted, again, same_tree, round_trip)) => {
            out.parsed = parsed;
            out.first_error = first_error;
            out.depth = depth;
            out.same_tree = same_tree;
            out.synthesized_round_trip = parsed && round_trip;
            if let Some(text) = formatted {
                out.formatted = true;
                out.idempotent = matches!(&again, Some(Ok(t)) if *t == text);
                if out.naga_original {
                    out.naga_formatted = naga_accepts(&text);
                }
            }
        }
    }
    out
}

fn rate(n: usize, of: usize) -> f64 {
    if of == 0 { 1.0 } else { n as f64 / of as f64 }
}

#[test]
fn corpus_parse_format_idempotent_naga() {
    let files = corpus::in_scope();
    let started = Instant::now();
    let outcomes = corpus::par_map(&files, check);
    let total = files.len();
    let count = |f: &dyn Fn(&Outcome) -> bool| outcomes.iter().filter(|o| f(o)).count();
    let parsed = count(&|o| o.parsed);
    let formatted = count(&|o| o.formatted);
    let idempotent = count(&|o| o.idempotent);
    let naga_original = count(&|o| o.naga_original);
    let naga_kept = count(&|o| o.naga_original && o.naga_formatted);
    let same_tree = count(&|o| o.same_tree);
    let round_trip = count(&|o| o.synthesized_round_trip);
    let panics = count(&|o| o.panicked);
    let slow = count(&|o| o.seconds > TIME_LIMIT.as_secs_f64());
    let slowest = outcomes
        .iter()
        .zip(&files)
        .max_by(|a, b| a.0.seconds.total_cmp(&b.0.seconds));
    let deepest = outcomes.iter().zip(&files).max_by_key(|(o, _)| o.depth);

    let list = |label: &str, f: &dyn Fn(&Outcome) -> bool| {
        let failing: Vec<_> = outcomes.iter().zip(&files).filter(|(o, _)| f(o)).collect();
        if !failing.is_empty() {
            println!("{label} ({}):", failing.len());
            for (o, file) in failing.iter().take(25) {
                println!(
                    "  {}{}",
                    file.rel,
                    o.first_error
                        .as_deref()
                        .map(|e| format!("  [{e}]"))
                        .unwrap_or_default()
                );
            }
        }
    };
    list("panicked", &|o| o.panicked);
    list("parse failed", &|o| !o.parsed && !o.panicked);
    list("fmt failed", &|o| !o.formatted && !o.panicked);
    list("fmt not idempotent", &|o| o.formatted && !o.idempotent);
    list("naga rejects the formatted output", &|o| {
        o.naga_original && o.formatted && !o.naga_formatted
    });
    list("formatted output parses to a different tree", &|o| {
        o.formatted && !o.same_tree
    });
    list("printed synthesized tree does not read back", &|o| {
        o.parsed && !o.synthesized_round_trip
    });
    list("over 5 s", &|o| o.seconds > TIME_LIMIT.as_secs_f64());

    println!(
        "corpus-syntax: {total} in-scope files, {:.1} s",
        started.elapsed().as_secs_f64()
    );
    println!(
        "  parse ok:            {parsed:>6} / {total}  ({:.3} %)",
        100.0 * rate(parsed, total)
    );
    println!(
        "  fmt ok:              {formatted:>6} / {total}  ({:.3} %)",
        100.0 * rate(formatted, total)
    );
    println!(
        "  fmt idempotent:      {idempotent:>6} / {total}  ({:.3} %)",
        100.0 * rate(idempotent, total)
    );
    println!(
        "  naga still accepts:  {naga_kept:>6} / {naga_original}  ({:.3} %) of the files naga validates",
        100.0 * rate(naga_kept, naga_original)
    );
    println!(
        "  same tree after fmt: {same_tree:>6} / {total}  ({:.3} %)",
        100.0 * rate(same_tree, total)
    );
    println!(
        "  print of synthesized tree reads back: {round_trip:>6} / {total}  ({:.3} %)",
        100.0 * rate(round_trip, total)
    );
    println!("  panics: {panics}, over 5 s: {slow}");
    if let Some((o, f)) = slowest {
        println!("  slowest file: {} ({:.3} s)", f.rel, o.seconds);
    }
    if let Some((o, f)) = deepest {
        println!(
            "  deepest tree: {} levels ({}), limit {}",
            o.depth,
            f.rel,
            syntax::MAX_NESTING_DEPTH
        );
    }

    assert_eq!(panics, 0, "no corpus file may make the syntax layer panic");
    assert_eq!(slow, 0, "no corpus file may take 5 s or more");
    assert!(
        rate(formatted, total) >= THRESHOLD,
        "fmt success rate below 99.9 %"
    );
    assert!(
        rate(idempotent, total) >= THRESHOLD,
        "fmt idempotence rate below 99.9 %"
    );
    assert!(
        rate(naga_kept, naga_original) >= THRESHOLD,
        "naga acceptance of formatted output below 99.9 %"
    );
    assert!(
        rate(same_tree, total) >= THRESHOLD,
        "fmt changed the tree of too many files"
    );
    assert!(
        rate(round_trip, total) >= THRESHOLD,
        "printed synthesized trees read back wrong too often"
    );
}
