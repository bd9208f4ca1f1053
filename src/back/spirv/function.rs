//! Functions: block order from the structure tree, `OpPhi`s from block parameters,
//! structured terminators, local variables, and the interface of entry points.

use super::encode::Section;
use super::writer::Writer;
use super::{Error, Result};
use crate::ir::cfg::{self, Cfg};
use crate::ir::enums::{
    AddressSpace, BuiltinValue, DepthMode, InterpolationSampling, InterpolationType,
};
use crate::ir::structure::{Exit, Node, RegionId, StructureTree};
use crate::ir::{Block, Func, Inst, Opcode};
use crate::util::map::{Map, Set};
use spirv::{BuiltIn, Capability, Decoration, ExecutionMode, ExecutionModel, Op, StorageClass};

/// Per-function state; reset for each function.
#[derive(Default)]
pub(super) struct FnState {
    /// `OpVariable`s: the first instructions of the entry block.
    pub vars: Section,
    /// After the variables: entry-point input loads and override expressions that are not
    /// specialization constants, computed once per function.
    pub prologue: Section,
    pub body: Section,
    /// Whether instructions go to the prologue rather than the body.
    pub in_prologue: bool,
    /// The ids of module-scope expressions computed in this function.
    pub local_globals: Map<Inst, u32>,
    /// Each loop header's second block, which holds the IR header's instructions.
    pub header_body: Map<Inst, u32>,
    pub reachable: Set<Inst>,
    /// Break-if arms, each mapped to the block holding the `if_else`.
    pub arm_parent: Map<Inst, Inst>,
    /// Break-if `if_else`s and their arms' targets (then, else).
    pub break_ifs: Map<Inst, (Inst, Inst)>,
    /// The edges into each block: the branch's arguments and the IR block it leaves from.
    pub incoming: Map<Inst, Vec<(Inst, Inst)>>,
    /// Unreachable continue targets that branch back to a reachable header, by header.
    pub undef_preds: Map<Inst, Vec<Inst>>,
    /// Continue targets of reachable loops, to their headers.
    pub live_continues: Map<Inst, Inst>,
    /// Unreachable blocks in the body of a loop nested in a continue construct, to that
    /// loop's continue target (see [`Writer::block_order`]).
    pub unreachable_to: Map<Inst, Inst>,
    pub entry: Option<Block>,
    /// The outputs an entry point's `return` stores to.
    pub outputs: Option<IoPlan>,
    /// Instructions not written: an entry point's `extract`s of a structure input, whose
    /// results are the loads of the members, and the `construct`s only its `return`s
    /// use, whose members are stored to the outputs one by one.
    pub skip: Set<Inst>,
    pub last_line: Option<(u32, u32)>,
}

/// How an entry point's parameter or result maps to interface variables.
#[derive(Clone, Debug)]
pub(super) enum IoPlan {
    /// One variable. `sample_mask` values are `array<u32, 1>` in SPIR-V.
    Var {
        var: u32,
        ty: u32,
        sample_mask: bool,
    },
    /// A struct (the IR type) whose members are each an interface value.
    Struct { ty: Inst, fields: Vec<IoPlan> },
}

/// Where a region sits, for the unreachable blocks in it (see [`Writer::block_order`]).
#[derive(Clone, Copy, Default)]
struct RegionCtx {
    /// Inside some loop's continue construct.
    in_continue: bool,
    /// The continue target of the innermost loop whose body holds the region.
    loop_cont: Option<Block>,
}

/// A piece of the block order.
enum Item {
    Block(Block),
    /// The first block of a loop: phis, `OpLoopMerge`, branch to the IR header's body.
    LoopHeader {
        header: Block,
        merge: Block,
        cont: Block,
    },
}

impl Writer<'_> {
    /// Where instructions are written now.
    #[inline]
    pub(super) fn out(&mut self) -> &mut Section {
        if self.fx.in_prologue {
            &mut self.fx.prologue
        } else {
            &mut self.fx.body
        }
    }

    pub(super) fn function(&mut self, f: Func) -> Result<()> {
        let m = self.m;
        self.fx = FnState::default();
        let entry = m
            .entry_block(f)
            .ok_or_else(|| Error::malformed("a function without blocks", f.inst()))?;
        self.fx.entry = Some(entry);
        let stage = stage_of(self, f);
        let fn_id = self.local_id(f.inst());
        let mut head = Section::default();
        let fn_ty = m
            .ty(f.inst())
            .ok_or_else(|| Error::malformed("an untyped function", f.inst()))?;
        let (ret, params) = m
            .fn_parts(fn_ty)
            .ok_or_else(|| Error::malformed("a function whose type is not `fn`", f.inst()))?;
        if let Some(model) = stage {
            let void = self.key_type(super::types::TyKey::Void)?;
            let fty = self.key_type(super::types::TyKey::Function {
                ret: void,
                params: Vec::new(),
            })?;
            head.op(Op::Function, &[void, fn_id, 0, fty]);
            self.entry_point(f, model)?;
        } else {
            let ret_id = self.type_id(ret)?;
            let fty = self.type_id(fn_ty)?;
            head.op(Op::Function, &[ret_id, fn_id, 0, fty]);
            let ps = self.m.block_params(entry);
            if ps.len() != params.len() {
                return Err(Error::malformed(
                    "the entry block's parameters do not match the function type",
                    f.inst(),
                ));
            }
            for p in ps {
                let ty = self.type_of(p.inst())?;
                let id = self.local_id(p.inst());
                head.op(Op::FunctionParameter, &[ty, id]);
                self.name(p.inst(), id);
            }
        }
        self.name(f.inst(), fn_id);
        let entry_label = self.local_id(entry.inst());
        head.op(Op::Label, &[entry_label]);

        let tree = StructureTree::build(m, f).map_err(|e| Error::malformed(e.message, e.at))?;
        let cfg = Cfg::new(m, f);
        for (k, &b) in cfg.blocks.iter().enumerate() {
            if cfg.is_reachable(k as u32) {
                self.fx.reachable.insert(b.inst());
            }
        }
        let order = self.block_order(&tree);
        self.collect_edges(f);
        for item in &order {
            self.item(item)?;
        }

        let mut fx = std::mem::take(&mut self.fx);
        self.functions.append(&mut head);
        self.functions.append(&mut fx.vars);
        self.functions.append(&mut fx.prologue);
        self.functions.append(&mut fx.body);
        self.functions.op(Op::FunctionEnd, &[]);
        Ok(())
    }

    /// The block order: a pre-order walk of the structure tree (headers before their
    /// regions, merges after), with an explicit stack. Break-if arms and the `if_else`'s
    /// unreachable merge (and what follows it in its region) are left out.
    ///
    /// An unreachable block is `OpUnreachable`, an exit of the structured CFG. Inside a
    /// continue construct that breaks the rule that the back-edge block post-dominates
    /// the construct (a loop in `continuing` whose body's `if` arms both `break` leaves
    /// the `if`'s merge unreachable). So there an unreachable block in the body of the
    /// innermost loop branches to that loop's continue target instead: a legal
    /// `continue`, never taken.
    fn block_order(&mut self, tree: &StructureTree) -> Vec<Item> {
        let m = self.m;
        let mut out = Vec::new();
        let mut tasks: Vec<(RegionId, usize, RegionCtx)> =
            vec![(tree.root, 0, RegionCtx::default())];
        while let Some((r, start, ctx)) = tasks.pop() {
            let region = tree.region(r);
            let mut k = start;
            while k < region.len() {
                match tree.node(region[k]) {
                    Node::Block { block, .. } => {
                        if let (true, Some(cont)) = (ctx.in_continue, ctx.loop_cont) {
                            if !self.fx.reachable.contains(&block.inst())
                                && !self.fx.header_body.contains_key(&block.inst())
                            {
                                self.fx.unreachable_to.insert(block.inst(), cont.inst());
                                self.fx
                                    .undef_preds
                                    .entry(cont.inst())
                                    .or_default()
                                    .push(block.inst());
                            }
                        }
                        out.push(Item::Block(*block))
                    }
                    Node::If {
                        header,
                        then_region,
                        else_region,
                        break_if,
                        ..
                    } => {
                        if *break_if {
                            let arm = |reg: RegionId| match tree
                                .region(reg)
                                .first()
                                .map(|&n| tree.node(n))
                            {
                                Some(Node::Block { block, .. }) => Some(*block),
                                _ => None,
                            };
                            if let (Some(t), Some(e)) = (arm(*then_region), arm(*else_region)) {
                                let target =
                                    |b: Block| cfg::terminator(m, b).map(|t| m.operand(t, 0));
                                if let (Some(tt), Some(et)) = (target(t), target(e)) {
                                    if let Some(term) = cfg::terminator(m, *header) {
                                        self.fx.break_ifs.insert(term, (tt, et));
                                    }
                                    self.fx.arm_parent.insert(t.inst(), header.inst());
                                    self.fx.arm_parent.insert(e.inst(), header.inst());
                                }
                            }
                            // The merge and what follows it are unreachable.
                            break;
                        }
                        // An arm that only branches to the merge is not written: the
                        // header branches to the merge itself (one arm at most, so the
                        // merge's phis keep one entry per predecessor).
                        let empty = |reg: RegionId| match tree.region(reg) {
                            [n] => match tree.node(*n) {
                                Node::Block {
                                    block,
                                    exit: Exit::Merge,
                                } if cfg::terminator(m, *block) == m.first_child(block.inst()) => {
                                    Some(*block)
                                }
                                _ => None,
                            },
                            _ => None,
                        };
                        let elided = empty(*else_region)
                            .map(|b| (b, *else_region))
                            .or_else(|| empty(*then_region).map(|b| (b, *then_region)));
                        if let Some((arm, _)) = elided {
                            self.fx.arm_parent.insert(arm.inst(), header.inst());
                        }
                        tasks.push((r, k + 1, ctx));
                        for reg in [*else_region, *then_region] {
                            if elided.is_none_or(|(_, e)| e != reg) {
                                tasks.push((reg, 0, ctx));
                            }
                        }
                        break;
                    }
                    Node::Loop {
                        header,
                        body,
                        continuing,
                        merge,
                        ..
                    } => {
                        let cont =
                            tree.region(*continuing)
                                .first()
                                .and_then(|&n| match tree.node(n) {
                                    Node::Block { block, .. } => Some(*block),
                                    _ => None,
                                });
                        let cont = cont.unwrap_or(*header);
                        let hb = self.alloc();
                        self.fx.header_body.insert(header.inst(), hb);
                        if self.fx.reachable.contains(&header.inst()) {
                            self.fx.live_continues.insert(cont.inst(), header.inst());
                            if !self.fx.reachable.contains(&cont.inst()) {
                                self.fx
                                    .undef_preds
                                    .entry(header.inst())
                                    .or_default()
                                    .push(cont.inst());
                            }
                        }
                        out.push(Item::LoopHeader {
                            header: *header,
                            merge: *merge,
                            cont,
                        });
                        let body_ctx = RegionCtx {
                            in_continue: ctx.in_continue,
                            // Without a continuing block the continue target is the
                            // header, and a second back edge is not allowed.
                            loop_cont: (cont != *header).then_some(cont),
                        };
                        let continuing_ctx = RegionCtx {
                            in_continue: true,
                            loop_cont: None,
                        };
                        tasks.push((r, k + 1, ctx));
                        tasks.push((*continuing, 0, continuing_ctx));
                        tasks.push((*body, 0, body_ctx));
                        break;
                    }
                    Node::Switch { cases, .. } => {
                        tasks.push((r, k + 1, ctx));
                        for &(_, reg) in cases.iter().rev() {
                            tasks.push((reg, 0, ctx));
                        }
                        break;
                    }
                }
                k += 1;
            }
        }
        out
    }

    /// Records every edge that carries block arguments, with the IR block it leaves from
    /// (a break-if arm's edges leave from the arm's `if_else` block).
    fn collect_edges(&mut self, f: Func) {
        let m = self.m;
        for b in m.blocks(f) {
            if !self.fx.reachable.contains(&b.inst()) {
                continue;
            }
            let Some(t) = cfg::terminator(m, b) else {
                continue;
            };
            let target = match m.opcode(t) {
                Opcode::Br | Opcode::Loop => m.operand(t, 0),
                _ => continue,
            };
            let from = self
                .fx
                .arm_parent
                .get(&b.inst())
                .copied()
                .unwrap_or(b.inst());
            self.fx.incoming.entry(target).or_default().push((t, from));
        }
    }

    /// The SPIR-V block an IR block's terminator ends.
    fn exit_label(&mut self, b: Inst) -> u32 {
        match self.fx.header_body.get(&b) {
            Some(&hb) => hb,
            None => self.local_id(b),
        }
    }

    fn item(&mut self, item: &Item) -> Result<()> {
        let m = self.m;
        match *item {
            Item::LoopHeader {
                header,
                merge,
                cont,
            } => {
                let h = self.local_id(header.inst());
                let hb = self.fx.header_body[&header.inst()];
                self.fx.body.op(Op::Label, &[h]);
                self.fx.last_line = None;
                if !self.fx.reachable.contains(&header.inst()) {
                    self.fx.body.op(Op::Unreachable, &[]);
                    return Ok(());
                }
                self.phis(header)?;
                let (ml, cl) = (self.local_id(merge.inst()), self.local_id(cont.inst()));
                self.fx.body.op(Op::LoopMerge, &[ml, cl, 0]);
                self.fx.body.op(Op::Branch, &[hb]);
            }
            Item::Block(b) => {
                let is_entry = Some(b) == self.fx.entry;
                if !is_entry {
                    let label = self.exit_label(b.inst());
                    self.fx.body.op(Op::Label, &[label]);
                    self.fx.last_line = None;
                }
                if !self.fx.reachable.contains(&b.inst()) {
                    let next = (self.fx.live_continues.get(&b.inst()))
                        .or_else(|| self.fx.unreachable_to.get(&b.inst()))
                        .copied();
                    match next {
                        Some(h) => {
                            let h = self.local_id(h);
                            self.fx.body.op(Op::Branch, &[h]);
                        }
                        None => self.fx.body.op(Op::Unreachable, &[]),
                    }
                    return Ok(());
                }
                if !self.fx.header_body.contains_key(&b.inst()) && !is_entry {
                    self.phis(b)?;
                }
                if is_entry {
                    self.name(b.inst(), self.ids[b.inst().index()]);
                } else {
                    let label = self.exit_label(b.inst());
                    self.name(b.inst(), label);
                }
                for i in m.children_vec(b.inst()) {
                    match m.opcode(i) {
                        Opcode::Param => {}
                        _ if self.fx.skip.contains(&i) => {}
                        Opcode::Var => self.local_var(i, is_entry)?,
                        op if op.is_terminator() => self.terminator(i)?,
                        _ => {
                            self.line(i);
                            self.operation(i)?;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// `OpPhi`s for a block's parameters.
    fn phis(&mut self, b: Block) -> Result<()> {
        let m = self.m;
        let params = cfg::params(m, b);
        if params.is_empty() {
            return Ok(());
        }
        let edges = self.fx.incoming.get(&b.inst()).cloned().unwrap_or_default();
        let undef_preds = self
            .fx
            .undef_preds
            .get(&b.inst())
            .cloned()
            .unwrap_or_default();
        for (k, &p) in params.iter().enumerate() {
            let ty = self.type_of(p)?;
            let id = self.local_id(p);
            let mut operands = Vec::with_capacity(2 + 2 * edges.len());
            operands.extend_from_slice(&[ty, id]);
            for &(term, from) in &edges {
                let args = cfg::branch_args(m, term);
                let arg = *args
                    .get(k)
                    .ok_or_else(|| Error::malformed("a branch passes too few arguments", term))?;
                let v = self.value(arg)?;
                let l = self.exit_label(from);
                operands.extend_from_slice(&[v, l]);
            }
            for &c in &undef_preds {
                let u = self.undef(ty)?;
                let l = self.local_id(c);
                operands.extend_from_slice(&[u, l]);
            }
            self.fx.body.op(Op::Phi, &operands);
            self.name(p, id);
        }
        Ok(())
    }

    fn terminator(&mut self, t: Inst) -> Result<()> {
        let m = self.m;
        let parent = m.parent(t);
        if parent.is_some_and(|b| self.fx.arm_parent.contains_key(&b)) {
            // A break-if arm: its edge is part of the `if_else` block's branch.
            return Ok(());
        }
        self.line(t);
        match m.opcode(t) {
            Opcode::Br | Opcode::Loop => {
                let target = self.local_id(m.operand(t, 0));
                self.fx.body.op(Op::Branch, &[target]);
            }
            Opcode::IfElse => {
                let c = self.value(m.operand(t, 0))?;
                if let Some(&(tt, et)) = self.fx.break_ifs.get(&t) {
                    let (a, b) = (self.local_id(tt), self.local_id(et));
                    self.fx.body.op(Op::BranchConditional, &[c, a, b]);
                } else {
                    let merge = self.local_id(m.operand(t, 3));
                    // An elided empty arm (see `block_order`) is the merge itself.
                    let mut arm = |k: usize| match self.fx.arm_parent.contains_key(&m.operand(t, k))
                    {
                        true => merge,
                        false => self.local_id(m.operand(t, k)),
                    };
                    let (a, b) = (arm(1), arm(2));
                    self.fx.body.op(Op::SelectionMerge, &[merge, 0]);
                    self.fx.body.op(Op::BranchConditional, &[c, a, b]);
                }
            }
            Opcode::Switch => {
                let sel = self.value(m.operand(t, 0))?;
                let default = self.local_id(m.operand(t, 1));
                let merge = self.local_id(m.operand(t, 2));
                let mut ops = vec![sel, default];
                let n = m.num_operands(t);
                let mut k = 3;
                while k + 1 < n {
                    let lit = m.literal(m.operand(t, k));
                    let target = self.local_id(m.operand(t, k + 1));
                    ops.extend_from_slice(&[lit, target]);
                    k += 2;
                }
                self.fx.body.op(Op::SelectionMerge, &[merge, 0]);
                self.fx.body.op(Op::Switch, &ops);
            }
            Opcode::Return => {
                if let Some(plan) = self.fx.outputs.clone() {
                    if let Some(v) = m.operand_opt(t, 0) {
                        self.store_output_of(&plan, v)?;
                    }
                    self.fx.body.op(Op::Return, &[]);
                } else if let Some(v) = m.operand_opt(t, 0) {
                    let v = self.value(v)?;
                    self.fx.body.op(Op::ReturnValue, &[v]);
                } else {
                    self.fx.body.op(Op::Return, &[]);
                }
            }
            Opcode::Discard => {
                if self.opts.version() >= super::Version::V1_6 {
                    self.fx.body.op(Op::TerminateInvocation, &[]);
                } else {
                    self.fx.body.op(Op::Kill, &[]);
                }
            }
            Opcode::Unreachable => self.fx.body.op(Op::Unreachable, &[]),
            other => {
                return Err(Error::malformed(
                    format!("`{}` is not a terminator", other.name()),
                    t,
                ));
            }
        }
        Ok(())
    }

    /// A function-scope `var`: its `OpVariable` goes to the entry block. An initializer
    /// that is a constant rides on the variable when it is declared in the entry block;
    /// otherwise the variable is (re)initialized where it is declared, as WGSL
    /// re-initializes a declaration each time it executes (zero when there is no
    /// initializer).
    fn local_var(&mut self, v: Inst, in_entry: bool) -> Result<()> {
        let m = self.m;
        let ptr = self.type_of(v)?;
        let id = self.local_id(v);
        let store_ty = m
            .ty(v)
            .and_then(|t| m.ptr_parts(t))
            .map(|p| p.1)
            .ok_or_else(|| Error::malformed("a variable whose type is not a pointer", v))?;
        let store_id = self.type_id(store_ty)?;
        let init = m.operand_opt(v, 0);
        let constant_init = init.is_none_or(|i| {
            let op = m.opcode(i);
            op.is_constant() || op == Opcode::Override
        });
        let class = StorageClass::Function as u32;
        if in_entry && constant_init {
            let init_id = match init {
                Some(i) => self.value(i)?,
                None => self.null(store_id)?,
            };
            self.fx.vars.op(Op::Variable, &[ptr, id, class, init_id]);
        } else {
            self.fx.vars.op(Op::Variable, &[ptr, id, class]);
            let init_id = match init {
                Some(i) => self.value(i)?,
                None => self.null(store_id)?,
            };
            self.line(v);
            self.out().op(Op::Store, &[id, init_id]);
        }
        self.name(v, id);
        Ok(())
    }

    /// `OpName` for a named instruction, when writing debug info.
    pub(super) fn name(&mut self, i: Inst, id: u32) {
        if !self.opts.debug_info() || id == 0 {
            return;
        }
        if let Some(n) = self.m.name(i) {
            self.names.op_str(Op::Name, &[id], n, &[]);
        }
    }

    /// `OpLine` before an instruction whose source line differs from the last one.
    pub(super) fn line(&mut self, i: Inst) {
        if self.fx.in_prologue {
            return;
        }
        let Some(index) = &self.line_index else {
            return;
        };
        let span = self.m.span(i);
        if span.is_detached() {
            return;
        }
        let (l, c) = index.line_col(span.start);
        let at = (l, c);
        if self.fx.last_line == Some(at) {
            return;
        }
        self.fx.last_line = Some(at);
        let file = self.file_id;
        self.fx.body.op(Op::Line, &[file, at.0, at.1]);
    }

    // ---- entry points -------------------------------------------------------------------

    /// Declares an entry point: its interface variables, the loads of its parameters (in
    /// the prologue), the outputs its `return`s store to, and its execution modes.
    fn entry_point(&mut self, f: Func, model: ExecutionModel) -> Result<()> {
        let m = self.m;
        let fn_id = self.local_id(f.inst());
        let entry = m
            .entry_block(f)
            .ok_or_else(|| Error::malformed("an entry point without blocks", f.inst()))?;
        let mut interface: Vec<u32> = Vec::new();
        self.fx.in_prologue = true;
        for p in m.block_params(entry) {
            let ty = m
                .ty(p.inst())
                .ok_or_else(|| Error::malformed("an untyped parameter", p.inst()))?;
            let plan = self.io_plan(p.inst(), ty, model, true, &mut interface)?;
            self.input_param(p.inst(), &plan)?;
        }
        // Private variables whose initializers are not constants.
        for v in self.uses_of.get(&f.inst()).cloned().unwrap_or_default() {
            let id = self.global_var(v)?;
            if self.deferred_inits.contains(&v) {
                let init = self.value(m.operand(v, 0))?;
                self.out().op(Op::Store, &[id, init]);
            }
        }
        self.fx.in_prologue = false;
        let fn_ty = m.ty(f.inst()).and_then(|t| m.fn_parts(t));
        if let Some((ret, _)) = fn_ty {
            if m.opcode(ret) != Opcode::Void {
                let plan = self.io_plan(f.inst(), ret, model, false, &mut interface)?;
                self.skip_returned_constructs(f, &plan);
                self.fx.outputs = Some(plan);
            }
        }
        // Module-scope variables: SPIR-V 1.4 lists every one the entry point uses.
        if self.opts.version() >= super::Version::V1_4 {
            let used = self.uses_of.get(&f.inst()).cloned().unwrap_or_default();
            for v in used {
                let id = self.global_var(v)?;
                interface.push(id);
            }
        }
        let name = m.name(f.inst()).unwrap_or("main").to_string();
        self.entry_points
            .op_str(Op::EntryPoint, &[model as u32, fn_id], &name, &interface);
        match model {
            ExecutionModel::Fragment => {
                self.exec_modes.op(
                    Op::ExecutionMode,
                    &[fn_id, ExecutionMode::OriginUpperLeft as u32],
                );
                self.depth_modes(f, fn_id);
            }
            ExecutionModel::GLCompute => self.workgroup_size(f, fn_id)?,
            _ => {}
        }
        Ok(())
    }

    /// `DepthReplacing`, and `DepthGreater`/`DepthLess`, for a fragment shader writing
    /// `frag_depth`.
    fn depth_modes(&mut self, f: Func, fn_id: u32) {
        let m = self.m;
        let mut carriers = vec![f.inst()];
        if let Some((ret, _)) = m.ty(f.inst()).and_then(|t| m.fn_parts(t)) {
            carriers.extend(m.struct_fields(ret));
        }
        for c in carriers {
            let Some(d) = m.decoration(c, Opcode::DecoBuiltin) else {
                continue;
            };
            if m.const_u32(m.operand(d, 0))
                .and_then(BuiltinValue::from_u32)
                != Some(BuiltinValue::FragDepth)
            {
                continue;
            }
            self.exec_modes.op(
                Op::ExecutionMode,
                &[fn_id, ExecutionMode::DepthReplacing as u32],
            );
            let mode = m
                .operand_opt(d, 1)
                .and_then(|x| m.const_u32(x))
                .and_then(DepthMode::from_u32);
            match mode {
                Some(DepthMode::Greater) => self.exec_modes.op(
                    Op::ExecutionMode,
                    &[fn_id, ExecutionMode::DepthGreater as u32],
                ),
                Some(DepthMode::Less) => self
                    .exec_modes
                    .op(Op::ExecutionMode, &[fn_id, ExecutionMode::DepthLess as u32]),
                None => {}
            }
        }
    }

    /// `LocalSize` from constant sizes; sizes from overrides use the `WorkgroupSize`
    /// built-in (a specialization-constant composite), which Vulkan 1.1 accepts.
    fn workgroup_size(&mut self, f: Func, fn_id: u32) -> Result<()> {
        let m = self.m;
        let mut sizes = [1u32; 3];
        let mut operands: Vec<Inst> = Vec::new();
        if let Some(d) = m.decoration(f.inst(), Opcode::DecoWorkgroupSize) {
            operands = m.operands(d).collect();
        }
        let all_constant = operands.iter().all(|&x| m.opcode(x) == Opcode::Constant);
        if all_constant {
            for (k, &x) in operands.iter().enumerate().take(3) {
                sizes[k] = m.literal(x).max(1);
            }
            self.exec_modes.op(
                Op::ExecutionMode,
                &[
                    fn_id,
                    ExecutionMode::LocalSize as u32,
                    sizes[0],
                    sizes[1],
                    sizes[2],
                ],
            );
            return Ok(());
        }
        if self.workgroup_size_builtin {
            return Err(Error::unsupported(
                "two compute entry points with override-sized workgroups: SPIR-V for Vulkan 1.1 has one `WorkgroupSize` per module (compile one with `--entry`)",
                f.inst(),
            ));
        }
        self.workgroup_size_builtin = true;
        let u32_ty = self.u32_type()?;
        let mut parts = Vec::with_capacity(3);
        for k in 0..3 {
            let id = match operands.get(k) {
                Some(&x) => {
                    let id = self.spec_value(x)?;
                    let is_signed = m.ty(x).is_some_and(|t| m.opcode(t) == Opcode::I32);
                    if is_signed {
                        // The composite's members are u32. `Bitcast` is not a
                        // specialization-constant operation outside kernels, but `IAdd`
                        // may mix signedness: `x + 0u` reinterprets (glslang's way).
                        let zero = self.const_u32(0)?;
                        let c = self.alloc();
                        self.globals
                            .op(Op::SpecConstantOp, &[u32_ty, c, Op::IAdd as u32, id, zero]);
                        c
                    } else {
                        id
                    }
                }
                None => self.const_u32(1)?,
            };
            parts.push(id);
        }
        let v3 = self.vec_type(u32_ty, 3)?;
        let id = self.alloc();
        self.globals.op(
            Op::SpecConstantComposite,
            &[v3, id, parts[0], parts[1], parts[2]],
        );
        self.annotations.op(
            Op::Decorate,
            &[
                id,
                Decoration::BuiltIn as u32,
                BuiltIn::WorkgroupSize as u32,
            ],
        );
        // LocalSize is still required by some consumers; WorkgroupSize overrides it.
        self.exec_modes.op(
            Op::ExecutionMode,
            &[fn_id, ExecutionMode::LocalSize as u32, 1, 1, 1],
        );
        Ok(())
    }

    /// The interface of one parameter (or the result, `carrier` being the function): an
    /// IO-decorated value gets one variable; a struct gets one per member.
    fn io_plan(
        &mut self,
        carrier: Inst,
        ty: Inst,
        model: ExecutionModel,
        input: bool,
        interface: &mut Vec<u32>,
    ) -> Result<IoPlan> {
        let m = self.m;
        let decorated = m.decoration(carrier, Opcode::DecoBuiltin).is_some()
            || m.decoration(carrier, Opcode::DecoLocation).is_some();
        if !decorated && m.opcode(ty) == Opcode::Struct {
            let mut fields = Vec::new();
            for fld in m.struct_fields(ty) {
                let ft = m
                    .ty(fld)
                    .ok_or_else(|| Error::malformed("an untyped member", fld))?;
                if m.decoration(fld, Opcode::DecoBuiltin).is_none()
                    && m.decoration(fld, Opcode::DecoLocation).is_none()
                {
                    return Err(Error::malformed(
                        "an entry-point structure member without `@builtin` or `@location`",
                        fld,
                    ));
                }
                fields.push(self.io_plan(fld, ft, model, input, interface)?);
            }
            return Ok(IoPlan::Struct { ty, fields });
        }
        if !decorated {
            return Err(Error::malformed(
                "an entry-point parameter or result without `@builtin` or `@location`",
                carrier,
            ));
        }
        let class = if input {
            StorageClass::Input
        } else {
            StorageClass::Output
        };
        let value_ty = self.type_id(ty)?;
        let builtin = m
            .decoration(carrier, Opcode::DecoBuiltin)
            .and_then(|d| m.const_u32(m.operand(d, 0)))
            .and_then(BuiltinValue::from_u32);
        let sample_mask = builtin == Some(BuiltinValue::SampleMask);
        let var_ty = if sample_mask {
            let one = self.const_u32(1)?;
            self.key_type(super::types::TyKey::Array {
                elem: value_ty,
                len: one,
                stride: None,
            })?
        } else {
            value_ty
        };
        if self.contains_f16(ty) {
            self.capability(Capability::StorageInputOutput16);
        }
        let ptr = self.pointer_type(class, var_ty)?;
        let var = self.alloc();
        self.globals.op(Op::Variable, &[ptr, var, class as u32]);
        interface.push(var);
        if self.m.opcode(carrier) != Opcode::Func {
            self.name(carrier, var);
        }
        let deco = |w: &mut Self, d: Decoration, extra: &[u32]| {
            let mut ops = vec![var, d as u32];
            ops.extend_from_slice(extra);
            w.annotations.op(Op::Decorate, &ops);
        };
        let integer = m.scalar_or_vec(ty).is_some_and(|(s, _)| s.is_int());
        if let Some(b) = builtin {
            let spv = self.builtin(b, model, input, carrier)?;
            deco(self, Decoration::BuiltIn, &[spv as u32]);
            // Vulkan wants every integer fragment input `Flat`, built-ins included
            // (VUID-StandaloneSpirv-Flat-04744): `sample_index`, `primitive_index`,
            // `sample_mask`, the subgroup built-ins.
            if model == ExecutionModel::Fragment && input && integer {
                deco(self, Decoration::Flat, &[]);
            }
        }
        if let Some(d) = m.decoration(carrier, Opcode::DecoLocation) {
            let loc = m.const_u32(m.operand(d, 0)).unwrap_or(0);
            deco(self, Decoration::Location, &[loc]);
        }
        if let Some(d) = m.decoration(carrier, Opcode::DecoBlendSrc) {
            let idx = m.const_u32(m.operand(d, 0)).unwrap_or(0);
            deco(self, Decoration::Index, &[idx]);
        }
        if m.decoration(carrier, Opcode::DecoInvariant).is_some() {
            deco(self, Decoration::Invariant, &[]);
        }
        // Interpolation applies to vertex outputs and fragment inputs only.
        let interpolated = (model == ExecutionModel::Vertex && !input)
            || (model == ExecutionModel::Fragment && input);
        if interpolated && builtin.is_none() {
            let interp = m.decoration(carrier, Opcode::DecoInterpolate);
            let kind = interp
                .and_then(|d| m.const_u32(m.operand(d, 0)))
                .and_then(InterpolationType::from_u32);
            let sampling = interp
                .and_then(|d| m.operand_opt(d, 1))
                .and_then(|x| m.const_u32(x))
                .and_then(InterpolationSampling::from_u32);
            match kind {
                Some(InterpolationType::Flat) => deco(self, Decoration::Flat, &[]),
                Some(InterpolationType::Linear) => deco(self, Decoration::NoPerspective, &[]),
                _ if integer => deco(self, Decoration::Flat, &[]),
                _ => {}
            }
            if kind != Some(InterpolationType::Flat) {
                match sampling {
                    Some(InterpolationSampling::Centroid) => deco(self, Decoration::Centroid, &[]),
                    Some(InterpolationSampling::Sample) => {
                        self.capability(Capability::SampleRateShading);
                        deco(self, Decoration::Sample, &[])
                    }
                    _ => {}
                }
            }
        }
        Ok(IoPlan::Var {
            var,
            ty: value_ty,
            sample_mask,
        })
    }

    fn builtin(
        &mut self,
        b: BuiltinValue,
        model: ExecutionModel,
        input: bool,
        at: Inst,
    ) -> Result<BuiltIn> {
        use BuiltinValue as B;
        use Capability as C;
        let (spv, capability) = match b {
            B::VertexIndex => (BuiltIn::VertexIndex, None),
            B::InstanceIndex => (BuiltIn::InstanceIndex, None),
            B::ClipDistances => (BuiltIn::ClipDistance, Some(C::ClipDistance)),
            B::Position if model == ExecutionModel::Fragment && input => (BuiltIn::FragCoord, None),
            B::Position => (BuiltIn::Position, None),
            B::FrontFacing => (BuiltIn::FrontFacing, None),
            B::FragDepth => (BuiltIn::FragDepth, None),
            B::PrimitiveIndex => (BuiltIn::PrimitiveId, Some(C::Geometry)),
            B::SampleIndex => (BuiltIn::SampleId, Some(C::SampleRateShading)),
            B::SampleMask => (BuiltIn::SampleMask, None),
            B::LocalInvocationId => (BuiltIn::LocalInvocationId, None),
            B::LocalInvocationIndex => (BuiltIn::LocalInvocationIndex, None),
            B::GlobalInvocationId => (BuiltIn::GlobalInvocationId, None),
            B::WorkgroupId => (BuiltIn::WorkgroupId, None),
            B::NumWorkgroups => (BuiltIn::NumWorkgroups, None),
            B::SubgroupInvocationId => {
                (BuiltIn::SubgroupLocalInvocationId, Some(C::GroupNonUniform))
            }
            B::SubgroupSize => (BuiltIn::SubgroupSize, Some(C::GroupNonUniform)),
            B::SubgroupId => (BuiltIn::SubgroupId, Some(C::GroupNonUniform)),
            B::NumSubgroups => (BuiltIn::NumSubgroups, Some(C::GroupNonUniform)),
            B::GlobalInvocationIndex | B::WorkgroupIndex => {
                return Err(Error::unsupported(
                    format!(
                        "the built-in value `{}` (the `linear_indexing` extension) is not supported by the SPIR-V back end yet",
                        b.name()
                    ),
                    at,
                ));
            }
        };
        if let Some(c) = capability {
            self.capability(c);
        }
        Ok(spv)
    }

    /// A pointer to element 0 of a `sample_mask` variable (an `array<u32, 1>`).
    fn sample_mask_element(&mut self, class: StorageClass, ty: u32, var: u32) -> Result<u32> {
        let ptr = self.pointer_type(class, ty)?;
        let zero = self.const_u32(0)?;
        let p = self.alloc();
        self.out().op(Op::AccessChain, &[ptr, p, var, zero]);
        Ok(p)
    }

    /// Loads an input into `result` (or a fresh id); returns the id.
    fn load_input(&mut self, plan: &IoPlan, result: Option<u32>) -> Result<u32> {
        let id = result.unwrap_or_else(|| self.alloc());
        match plan {
            IoPlan::Var {
                var,
                ty,
                sample_mask,
            } => {
                if *sample_mask {
                    let p = self.sample_mask_element(StorageClass::Input, *ty, *var)?;
                    self.out().op(Op::Load, &[*ty, id, p]);
                } else {
                    self.out().op(Op::Load, &[*ty, id, *var]);
                }
            }
            IoPlan::Struct { ty, fields } => {
                let mut parts = Vec::with_capacity(fields.len());
                for fld in fields {
                    parts.push(self.load_input(fld, None)?);
                }
                let mut ops = vec![self.type_id(*ty)?, id];
                ops.extend(parts);
                self.out().op(Op::CompositeConstruct, &ops);
            }
        }
        Ok(id)
    }

    /// Loads an entry point's parameter `p`: not at all when nothing uses it; a structure
    /// whose every use is an `extract` of one member, only the members extracted (each
    /// `extract` then is the member's load); any other, whole.
    fn input_param(&mut self, p: Inst, plan: &IoPlan) -> Result<()> {
        let m = self.m;
        if !m.has_uses(p) {
            return Ok(());
        }
        if let IoPlan::Struct { fields, .. } = plan {
            let member = |u: crate::ir::Use| {
                let e = u.user;
                (m.opcode(e) == Opcode::Extract && m.num_operands(e) == 2 && u.index == 0)
                    .then(|| m.const_u32(m.operand(e, 1)))
                    .flatten()
                    .filter(|&k| (k as usize) < fields.len())
                    .map(|k| (e, k as usize))
            };
            // A loop rather than a collect into `Option`: each such chain was its own copy
            // of the iterator code in the package.
            let mut members: Vec<(Inst, usize)> = Vec::new();
            let mut all_members = true;
            for u in m.uses(p) {
                let Some(x) = member(u) else {
                    all_members = false;
                    break;
                };
                members.push(x);
            }
            if all_members {
                let mut loaded: Vec<u32> = vec![0; fields.len()];
                for (e, k) in members {
                    if loaded[k] == 0 {
                        loaded[k] = self.load_input(&fields[k], None)?;
                    }
                    self.ids[e.index()] = loaded[k];
                    self.fx.skip.insert(e);
                }
                return Ok(());
            }
        }
        let id = self.local_id(p);
        self.load_input(plan, Some(id))?;
        self.name(p, id);
        Ok(())
    }

    /// Marks the `construct`s of the structure an entry point returns that nothing but
    /// its `return`s uses: [`Self::store_output_of`] stores their members.
    fn skip_returned_constructs(&mut self, f: Func, plan: &IoPlan) {
        let m = self.m;
        let IoPlan::Struct { fields, .. } = plan else {
            return;
        };
        for b in m.blocks(f) {
            let Some(t) = m.last_child(b.inst()) else {
                continue;
            };
            let Some(v) = (m.opcode(t) == Opcode::Return)
                .then(|| m.operand_opt(t, 0))
                .flatten()
            else {
                continue;
            };
            if m.opcode(v) == Opcode::Construct
                && m.num_operands(v) == fields.len()
                && m.uses(v).all(|u| m.opcode(u.user) == Opcode::Return)
            {
                self.fx.skip.insert(v);
            }
        }
    }

    /// Stores the IR value `v` to the outputs: a structure built by a skipped
    /// `construct` or a constant composite member by member, any other whole.
    fn store_output_of(&mut self, plan: &IoPlan, v: Inst) -> Result<()> {
        let m = self.m;
        if let IoPlan::Struct { fields, .. } = plan {
            let split = (self.fx.skip.contains(&v) || m.opcode(v) == Opcode::Composite)
                && m.num_operands(v) == fields.len();
            if split {
                for (k, fld) in fields.iter().enumerate() {
                    self.store_output_of(fld, m.operand(v, k))?;
                }
                return Ok(());
            }
        }
        let value = self.value(v)?;
        self.store_output(plan, value)
    }

    fn store_output(&mut self, plan: &IoPlan, value: u32) -> Result<()> {
        match plan {
            IoPlan::Var {
                var,
                ty,
                sample_mask,
            } => {
                if *sample_mask {
                    let p = self.sample_mask_element(StorageClass::Output, *ty, *var)?;
                    self.fx.body.op(Op::Store, &[p, value]);
                } else {
                    self.fx.body.op(Op::Store, &[*var, value]);
                }
            }
            IoPlan::Struct { fields, .. } => {
                for (k, fld) in fields.iter().enumerate() {
                    let fty = match fld {
                        IoPlan::Var { ty, .. } => *ty,
                        IoPlan::Struct { ty, .. } => self.type_id(*ty)?,
                    };
                    let part = self.alloc();
                    self.fx
                        .body
                        .op(Op::CompositeExtract, &[fty, part, value, k as u32]);
                    self.store_output(fld, part)?;
                }
            }
        }
        Ok(())
    }

    /// The address space of a pointer value.
    pub(super) fn pointer_space(&self, p: Inst) -> Option<AddressSpace> {
        let m = self.m;
        m.ty(p).and_then(|t| m.ptr_parts(t)).map(|(s, _, _)| s)
    }
}

/// The execution model of an entry point, or `None` for an ordinary function.
fn stage_of(w: &Writer<'_>, f: Func) -> Option<ExecutionModel> {
    let m = w.m;
    for d in m.decorations(f.inst()) {
        match m.opcode(d) {
            Opcode::DecoVertex => return Some(ExecutionModel::Vertex),
            Opcode::DecoFragment => return Some(ExecutionModel::Fragment),
            Opcode::DecoCompute => return Some(ExecutionModel::GLCompute),
            _ => {}
        }
    }
    None
}
