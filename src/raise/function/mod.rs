//! One function: from its structure tree to statements (see the module essay in
//! [`super`] for the rules).
//!
//! Two phases. **Analysis** walks the structure tree once to place every block in a
//! region (a WGSL scope) and decides, per value, its form: inlined into its single user,
//! bound by a `let`, a `var` (block parameters, and values used outside their scope),
//! rewritten at each use (pointers and handles), or not written at all. Uses are located
//! as (region, node index) sites; a declaration goes in the innermost region holding all
//! of a variable's sites. **Emission** walks the tree again, writing each block's
//! instructions in order with the pending-expression machinery that keeps effects in
//! order, then the construct that follows it.

mod control;
use control::check_depth;
mod scope;
mod tables;
use crate::ir::InstSet;
use tables::InstMap;
pub(crate) use tables::Tables;
mod values;

use super::behavior::{self, Behaviors};
use super::build::Ast;
use super::expr::{
    abstract_int, constant_expr, constant_index, eval_order, member_expr, op_expr, zero_expr,
};
use super::module::{global_value_expr, io_attributes, stage_attributes, stage_of};
use super::names::Namer;
use super::types::type_expr;
use super::{Cx, RaiseError};
use crate::ir::cfg::{Cfg, terminator};
use crate::ir::structure::{Exit, Node, RegionId, StructureTree};
use crate::ir::{Block, Func, Inst, Module, Opcode};
use crate::syntax::ast::{self, ExprId, ExprKind, StmtId, StmtKind, UnaryOp};
use crate::util::Symbol;
use rustc_hash::{FxHashMap, FxHashSet};

/// Index "after every node" of a region: where a loop's continuing sits in its body.
const END: u32 = u32::MAX;

/// What an instruction does to memory, for ordering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Effect {
    Pure,
    Reads,
    Writes,
}

fn conflicts(a: Effect, b: Effect) -> bool {
    (a == Effect::Writes && b != Effect::Pure) || (b == Effect::Writes && a != Effect::Pure)
}

fn effect_of(m: &Module, i: Inst) -> Effect {
    let op = m.opcode(i);
    if op.has_side_effects() {
        Effect::Writes
    } else if op.reads() {
        if op == Opcode::Load && is_handle_load(m, i) {
            Effect::Pure
        } else {
            Effect::Reads
        }
    } else {
        Effect::Pure
    }
}

fn is_handle_load(m: &Module, i: Inst) -> bool {
    m.opcode(i) == Opcode::Load && m.ty(i).is_some_and(|t| m.is_handle_type(t))
}

/// How a value is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// A function parameter, by name.
    FnParam,
    /// A block parameter: a `var` assigned on every incoming edge.
    BlockVar,
    /// A function-scope `var` (memory), by name.
    MemVar,
    /// Written again at each use: access chains, buffer views, handle loads.
    Remat,
    /// Used once in its own block: pending until its user is written.
    Inline,
    /// A `let` at its definition (or a `var` declared elsewhere when `hoisted`).
    Let,
    /// `insert` through a temporary `var`.
    InsertTemp,
    /// Written as a statement for its effect; no value is used.
    Effect,
    /// Not written.
    Dead,
    /// Assigned at its definition to the loop header parameter it is the next value of
    /// (`sum = sum + x;` in the body rather than a copy at the back edge).
    Assigned,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RegionKind {
    Root,
    Arm,
    Body,
    Continuing,
    Case,
}

struct RegionInfo {
    parent: Option<(RegionId, u32)>,
    depth: u32,
    kind: RegionKind,
}

/// A place in the structure: a region and the index of the node in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Site {
    region: RegionId,
    index: u32,
}

/// An expression not yet written, waiting for its single user in the same block.
struct Pending {
    inst: Inst,
    expr: ExprId,
    effect: Effect,
    /// Positions (in the block) of the reads and effects in the tree, in evaluation order.
    /// Evaluation order agrees with position order on every conflicting pair; two reads
    /// may be evaluated in either order.
    leaves: Vec<u32>,
}

/// An operand's expression with what it reads or does.
struct Piece {
    expr: ExprId,
    effect: Effect,
    leaves: Vec<u32>,
}

impl Piece {
    fn pure(expr: ExprId) -> Piece {
        Piece {
            expr,
            effect: Effect::Pure,
            leaves: Vec::new(),
        }
    }
}

/// A pointer operand: a reference expression (`x`, `a[i]`) or a pointer value (`p`).
struct Place {
    expr: ExprId,
    is_ref: bool,
    effect: Effect,
    leaves: Vec<u32>,
}

pub(super) fn raise_function(
    cx: &Cx<'_>,
    ast: &mut Ast,
    base: &Namer,
    tables: &mut Tables,
    f: Func,
) -> Result<ast::FnDecl, RaiseError> {
    let m = cx.m;
    let entry = m
        .entry_block(f)
        .ok_or_else(|| cx.malformed(f.inst(), "function without blocks"))?;
    let tree = StructureTree::build(m, f).map_err(|e| {
        RaiseError::new(
            crate::diag::codes::RAISE_MALFORMED,
            format!("the IR module is malformed: {}", e.message),
            e.at,
        )
    })?;
    let cfg = Cfg::new(m, f);
    let Tables {
        mut reachable,
        block_site,
        position,
        form,
        hoisted,
        force_bind,
        names,
        declared,
        coalesced,
        block_order,
    } = std::mem::take(tables);
    for (k, b) in cfg.blocks.iter().enumerate() {
        if cfg.is_reachable(k as u32) {
            reachable.insert(b.inst());
        }
    }
    let fn_ty = m
        .ty(f.inst())
        .ok_or_else(|| cx.malformed(f.inst(), "function type"))?;
    let (result_ty, _) = m
        .fn_parts(fn_ty)
        .ok_or_else(|| cx.malformed(f.inst(), "function type"))?;
    let result_ty = (m.opcode(result_ty) != Opcode::Void).then_some(result_ty);
    let mut r = FnRaiser {
        cx,
        m,
        ast,
        namer: base.fork(),
        tree,
        reachable,
        result_ty,
        regions: Vec::new(),
        block_site,
        position,
        leaf_effects: Vec::new(),
        first_continue: FxHashMap::default(),
        form,
        hoisted,
        force_bind,
        sites: FxHashMap::default(),
        peeked: Default::default(),
        operand_scratch: Vec::new(),
        site_scratch: Vec::new(),
        names,
        decls_at: FxHashMap::default(),
        lazy: Vec::new(),
        declared,
        pending: Vec::new(),
        out: Vec::new(),
        break_if: None,
        behaviors: Behaviors::default(),
        loop_stack: Vec::new(),
        construct_decls: Vec::new(),
        carry: None,
        coalesced,
        block_order,
    };
    // Parameters.
    let mut params = Vec::new();
    for p in m.block_params(entry) {
        let p = p.inst();
        let name = r.namer.name(m.name(p), "p");
        let name = r.ast.module.symbols.intern(&name);
        r.names.insert(p, name);
        r.form.insert(p, Form::FnParam);
        let ty = m.ty(p).ok_or_else(|| cx.malformed(p, "parameter"))?;
        let attributes = io_attributes(cx, r.ast, p)?;
        let ty = type_expr(cx, r.ast, ty)?;
        let name = Ast::ident(name);
        params.push(ast::Param {
            attributes,
            name,
            ty,
            span: crate::diag::Span::DETACHED,
        });
    }
    r.analyze()?;
    let root = r.tree.root;
    let mut body = r.region_stmts(root)?;
    if let Some(rt) = result_ty {
        let b = r.behaviors.seq(&r.ast.module, &body);
        if b & behavior::NEXT != 0 {
            let z = zero_expr(cx, r.ast, rt)?;
            body.push(r.ast.stmt(StmtKind::Return(Some(z))));
        }
        r.return_after_tail_loops(&mut body, rt, 0)?;
    }
    check_depth(cx, r.ast, &body, f.inst())?;
    let ret = match result_ty {
        Some(rt) => {
            let attributes = io_attributes(cx, r.ast, f.inst())?;
            let ty = type_expr(cx, r.ast, rt)?;
            Some(ast::FnReturn { attributes, ty })
        }
        None => None,
    };
    let attributes = if stage_of(m, f.inst()).is_some() {
        stage_attributes(cx, r.ast, f.inst())?
    } else {
        Vec::new()
    };
    let name = r.ast.ident_of(cx.global_name(f.inst()).unwrap_or("f"));
    let body = r.ast.block(body);
    *tables = Tables {
        reachable: r.reachable,
        block_site: r.block_site,
        position: r.position,
        form: r.form,
        hoisted: r.hoisted,
        force_bind: r.force_bind,
        names: r.names,
        declared: r.declared,
        coalesced: r.coalesced,
        block_order: r.block_order,
    };
    tables.clear();
    Ok(ast::FnDecl {
        attributes,
        name,
        params,
        ret,
        body,
    })
}

struct FnRaiser<'a, 'm> {
    cx: &'a Cx<'m>,
    m: &'m Module,
    ast: &'a mut Ast,
    namer: Namer<'a>,
    tree: StructureTree,
    reachable: InstSet,
    result_ty: Option<Inst>,
    regions: Vec<RegionInfo>,
    /// Where each reachable block sits.
    block_site: InstMap<Site>,
    /// Position of each instruction in its block.
    position: InstMap<u32>,
    /// What the instruction at each position of the block being written does to memory:
    /// the effect of a leaf (see [`Pending::leaves`]).
    leaf_effects: Vec<Effect>,
    /// Per loop body region: index of the first node that holds a `continue`.
    first_continue: FxHashMap<RegionId, u32>,
    form: InstMap<Form>,
    /// Values (and variables) declared away from their definition.
    hoisted: InstSet,
    /// Values that must be bound (their expression is used more than once).
    force_bind: InstSet,
    /// Use sites of each rewritten pointer ([`Form::Remat`]), through the pointers it
    /// is rewritten into: the sites of its uses.
    sites: FxHashMap<Inst, Vec<(Inst, Site)>>,
    /// Scratch lists of [`Self::prepare`] (consumed items, leaves), kept to reuse their
    /// allocations: it runs for every instruction written.
    peeked: (Vec<Inst>, Vec<u32>),
    /// Scratch list of [`Self::prepare_operands`].
    operand_scratch: Vec<Inst>,
    /// Scratch list of [`Self::classify`].
    site_scratch: Vec<(Inst, Site)>,
    names: InstMap<Symbol>,
    /// Declarations to write before a node (or, for a block node, before the first
    /// assignment in it).
    decls_at: FxHashMap<(RegionId, u32), Vec<Inst>>,
    lazy: Vec<Inst>,
    declared: InstSet,
    pending: Vec<Pending>,
    out: Vec<StmtId>,
    /// The `break if` condition of the continuing being written.
    break_if: Option<ExprId>,
    behaviors: Behaviors,
    /// Loops being written: (header, body region, merge).
    loop_stack: Vec<(Block, RegionId, Block)>,
    /// Declarations waiting for the construct being written.
    construct_decls: Vec<Inst>,
    /// A pending expression handed from a construct to the block after it (the value
    /// of `a && b`).
    carry: Option<Pending>,
    /// Next values assigned to their loop header parameter where they are computed.
    coalesced: InstMap<Inst>,
    /// Each reachable block's position in emission order.
    block_order: InstMap<u32>,
}

/// The shape of `a && b` / `a || b` as lowering makes it: the merge's one `bool`
/// parameter receives a constant from one arm and a computed value from the other.
struct ShortCircuit {
    param: Inst,
    /// The arm that computes the right-hand side.
    long_arm: Block,
    /// `&&` (the short arm passes `false`) or `||` (it passes `true`).
    op: ast::BinaryOp,
    /// Whether the long arm is the `then` arm (`&&`) or the `else` arm (`||`).
    long_is_then: bool,
    short_value: Inst,
}
