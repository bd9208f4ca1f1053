//! One function through the plan: its structure tree, the analysis, then the emission
//! walk, handing everything to the emitter.

use super::analysis::Analysis;
use super::emitter::{Emitter, Finish, StmtId, Symbol};
use super::state::Walker;
use super::tables::{Form, Tables};
use crate::ir::cfg::Cfg;
use crate::ir::structure::StructureTree;
use crate::ir::{Func, Inst, Module, Opcode};
use crate::raise::error::RaiseError;
use crate::raise::names::Namer;

/// Writes function `f` of `m` through `em`. Local names avoid every name `base` has given
/// (the module-scope names); `tables` is storage shared by a module's functions (see
/// [`Tables`]).
pub fn function<E: Finish>(
    em: &mut E,
    m: &Module,
    base: &Namer,
    tables: &mut Tables<Symbol>,
    f: Func,
) -> Result<E::Function, RaiseError> {
    let (body, result_ty) = walk(em, m, base, tables, f)?;
    em.function(f, body, result_ty)
}

/// [`function`] up to the emitter's own function: the parameters, then the body and the
/// result type. Not generic: every language's emitter goes through this one copy.
fn walk(
    em: &mut dyn Emitter,
    m: &Module,
    base: &Namer,
    tables: &mut Tables<Symbol>,
    f: Func,
) -> Result<(Vec<StmtId>, Option<Inst>), RaiseError> {
    let entry = m
        .entry_block(f)
        .ok_or_else(|| RaiseError::malformed(f.inst(), "function without blocks"))?;
    let tree = StructureTree::build(m, f).map_err(|e| {
        RaiseError::new(
            crate::diag::codes::RAISE_MALFORMED,
            format!("the IR module is malformed: {}", e.message),
            e.at,
        )
    })?;
    let cfg = Cfg::new(m, f);
    let mut a = Analysis::new(m, tree, tables, em.language(), em.max_nesting());
    for (k, b) in cfg.blocks.iter().enumerate() {
        if cfg.is_reachable(k as u32) {
            a.reachable.insert(b.inst());
        }
    }
    let fn_ty = m
        .ty(f.inst())
        .ok_or_else(|| RaiseError::malformed(f.inst(), "function type"))?;
    let (result_ty, _) = m
        .fn_parts(fn_ty)
        .ok_or_else(|| RaiseError::malformed(f.inst(), "function type"))?;
    let result_ty = (m.opcode(result_ty) != Opcode::Void).then_some(result_ty);
    let mut w = Walker {
        m,
        em,
        a,
        namer: base.fork(),
        result_ty,
        leaf_effects: Vec::new(),
        peeked: Default::default(),
        operand_scratch: Vec::new(),
        names: std::mem::take(&mut tables.names),
        lazy: Vec::new(),
        declared: std::mem::take(&mut tables.declared),
        pending: Vec::new(),
        out: Vec::new(),
        break_if: None,
        loop_stack: Vec::new(),
        construct_decls: Vec::new(),
        carry: None,
    };
    for p in m.block_params(entry) {
        let p = p.inst();
        let name = w.namer.name(m.name(p), "p");
        let name = w.em.intern(&name);
        w.names.insert(p, name);
        w.a.form.insert(p, Form::FnParam);
        w.em.param(p, name)?;
    }
    w.a.analyze()?;
    let root = w.a.tree.root;
    let body = w.region_stmts(root)?;
    tables.names = w.names;
    tables.declared = w.declared;
    w.a.into_tables(tables);
    tables.clear();
    Ok((body, result_ty))
}
