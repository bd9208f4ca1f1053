//! Analysis: where every block sits in the structure (regions, the scopes of the output),
//! where each value is used, and so how it is written ([`Form`]) and where a variable is
//! declared. Nothing here depends on the language but two numbers: how deep it lets
//! control flow nest, and its name for diagnostics.

use super::facts::{constant_index, is_handle_load, member_count};
use super::tables::{END, Form, InstMap, RegionInfo, RegionKind, Site, Tables};
use crate::ir::cfg::terminator;
use crate::ir::structure::{Exit, Node, RegionId, StructureTree};
use crate::ir::{Block, Inst, InstSet, Module, Opcode};
use crate::raise::error::RaiseError;
use crate::util::map::{Map, Set};

/// A region met under a node: (region, parent site, kind).
type ChildRegion = (RegionId, Option<(RegionId, u32)>, RegionKind);

/// What the analysis finds in one function; the emission walk reads it (and marks the
/// values it binds as it goes).
pub(super) struct Analysis<'m> {
    pub m: &'m Module,
    /// The language's name and nesting limit, for [`RaiseError::too_deep`].
    pub language: &'static str,
    pub max_nesting: u32,
    pub tree: StructureTree,
    pub reachable: InstSet,
    pub regions: Vec<RegionInfo>,
    /// Where each reachable block sits.
    pub block_site: InstMap<Site>,
    /// Position of each instruction in its block.
    pub position: InstMap<u32>,
    /// Per loop body region: index of the first node that holds a `continue`.
    pub first_continue: Map<RegionId, u32>,
    pub form: InstMap<Form>,
    /// Values (and variables) declared away from their definition.
    pub hoisted: InstSet,
    /// Values that must be bound (their expression is used more than once).
    pub force_bind: InstSet,
    /// Use sites of each rewritten pointer ([`Form::Remat`]), through the pointers it
    /// is rewritten into: the sites of its uses.
    pub sites: Map<Inst, Vec<(Inst, Site)>>,
    /// Scratch list of [`Self::classify`].
    site_scratch: Vec<(Inst, Site)>,
    /// Declarations to write before a node (or, for a block node, before the first
    /// assignment in it).
    pub decls_at: Map<(RegionId, u32), Vec<Inst>>,
    /// Next values assigned to their loop header parameter where they are computed.
    pub coalesced: InstMap<Inst>,
    /// Each reachable block's position in emission order.
    pub block_order: InstMap<u32>,
}

impl<'m> Analysis<'m> {
    /// An analysis of a function whose structure tree is `tree`, in the storage of
    /// `tables` (the emission walk takes what is left of the tables).
    pub fn new<N>(
        m: &'m Module,
        tree: StructureTree,
        tables: &mut Tables<N>,
        language: &'static str,
        max_nesting: u32,
    ) -> Analysis<'m> {
        Analysis {
            m,
            language,
            max_nesting,
            tree,
            reachable: std::mem::take(&mut tables.reachable),
            regions: Vec::new(),
            block_site: std::mem::take(&mut tables.block_site),
            position: std::mem::take(&mut tables.position),
            first_continue: Map::default(),
            form: std::mem::take(&mut tables.form),
            hoisted: std::mem::take(&mut tables.hoisted),
            force_bind: std::mem::take(&mut tables.force_bind),
            sites: Map::default(),
            site_scratch: Vec::new(),
            decls_at: Map::default(),
            coalesced: std::mem::take(&mut tables.coalesced),
            block_order: std::mem::take(&mut tables.block_order),
        }
    }

    /// Gives the storage back to `tables`.
    pub fn into_tables<N>(self, tables: &mut Tables<N>) {
        tables.reachable = self.reachable;
        tables.block_site = self.block_site;
        tables.position = self.position;
        tables.form = self.form;
        tables.hoisted = self.hoisted;
        tables.force_bind = self.force_bind;
        tables.coalesced = self.coalesced;
        tables.block_order = self.block_order;
    }
}

impl Analysis<'_> {
    pub(super) fn analyze(&mut self) -> Result<(), RaiseError> {
        let m = self.m;
        let n_regions = self.tree.regions.len();
        self.regions = (0..n_regions)
            .map(|_| RegionInfo {
                parent: None,
                depth: 0,
                kind: RegionKind::Root,
            })
            .collect();
        // Blocks in emission order (reachable only).
        let mut order: Vec<Block> = Vec::new();
        let limit = self.max_nesting;
        // Walk in emission order with an explicit stack of (region, next node index);
        // parents are met before their children, so depths are known in time.
        let mut walk: Vec<(RegionId, usize)> = vec![(self.tree.root, 0)];
        while let Some(&mut (r, ref mut k)) = walk.last_mut() {
            let nodes = self.tree.region(r);
            if *k >= nodes.len() {
                walk.pop();
                continue;
            }
            let idx = *k as u32;
            let node = nodes[*k];
            *k += 1;
            let depth = self.regions[r as usize].depth;
            if depth > limit {
                let at = self.first_block_of(r).map_or(m.root(), |b| b.inst());
                return Err(RaiseError::too_deep(self.language, limit, at));
            }
            let mut children: Vec<ChildRegion> = Vec::new();
            match self.tree.node(node).clone() {
                Node::Block { block, .. } => {
                    if self.reachable.contains(block.inst()) {
                        self.block_site.insert(
                            block.inst(),
                            Site {
                                region: r,
                                index: idx,
                            },
                        );
                        order.push(block);
                    }
                }
                Node::If {
                    then_region,
                    else_region,
                    ..
                } => {
                    children.push((then_region, Some((r, idx)), RegionKind::Arm));
                    children.push((else_region, Some((r, idx)), RegionKind::Arm));
                }
                Node::Loop {
                    body, continuing, ..
                } => {
                    children.push((body, Some((r, idx)), RegionKind::Body));
                    children.push((continuing, Some((body, END)), RegionKind::Continuing));
                }
                Node::Switch { cases, .. } => {
                    for (_, cr) in cases {
                        children.push((cr, Some((r, idx)), RegionKind::Case));
                    }
                }
            }
            for &(c, parent, kind) in &children {
                let pdepth = match parent {
                    Some((p, _)) => self.regions[p as usize].depth,
                    None => 0,
                };
                // The continuing's parent is the body, pushed just before it.
                let pdepth = if kind == RegionKind::Continuing {
                    depth + 1
                } else {
                    pdepth
                };
                self.regions[c as usize] = RegionInfo {
                    parent,
                    depth: pdepth + 1,
                    kind,
                };
            }
            // Visit children in order: push in reverse.
            for &(c, _, _) in children.iter().rev() {
                walk.push((c, 0));
            }
        }
        // Positions.
        for &b in &order {
            for (k, i) in m.children(b.inst()).enumerate() {
                self.position.insert(i, k as u32);
            }
        }
        self.find_first_continues(&order);
        // Forms, users before their operands.
        for &b in order.iter().rev() {
            let insts = m.children_vec(b.inst());
            for &i in insts.iter().rev() {
                let op = m.opcode(i);
                if op.is_terminator() || op == Opcode::Param {
                    continue;
                }
                self.classify(b, i)?;
            }
        }
        self.place_block_params(&order);
        for (k, b) in order.iter().enumerate() {
            self.block_order.insert(b.inst(), k as u32);
        }
        self.coalesce_loop_values();
        Ok(())
    }

    /// The first `continue` of each loop body, for [`Self::visible`].
    fn find_first_continues(&mut self, order: &[Block]) {
        let m = self.m;
        for &b in order {
            let Some(t) = terminator(m, b) else { continue };
            if m.opcode(t) != Opcode::Br {
                continue;
            }
            if let Some(Exit::Continue) = self.exit_of(b) {
                let mut s = self.block_site[&b.inst()];
                while self.regions[s.region as usize].kind != RegionKind::Body {
                    match self.regions[s.region as usize].parent {
                        Some((p, i)) => {
                            s = Site {
                                region: p,
                                index: i,
                            }
                        }
                        None => break,
                    }
                }
                let e = self.first_continue.entry(s.region).or_insert(u32::MAX);
                *e = (*e).min(s.index);
            }
        }
    }

    /// Block parameters: a variable declared where every use and every incoming edge
    /// sees it, or not written when nothing uses it.
    fn place_block_params(&mut self, order: &[Block]) {
        let m = self.m;
        for &b in order {
            let params = crate::ir::cfg::params(m, b);
            if params.is_empty() || b == order[0] {
                continue;
            }
            let preds: Vec<Block> = crate::ir::cfg::predecessors(m, b)
                .into_iter()
                .filter(|p| self.reachable.contains(p.inst()))
                .collect();
            for p in params {
                let mut sites = self.use_sites(p);
                if sites.is_empty() {
                    self.form.insert(p, Form::Dead);
                    continue;
                }
                self.form.insert(p, Form::BlockVar);
                for &pred in &preds {
                    sites.push(self.block_site[&pred.inst()]);
                }
                let decl = self.declaration_site(&sites);
                self.hoisted.insert(p);
                self.decls_at
                    .entry((decl.region, decl.index))
                    .or_default()
                    .push(p);
            }
        }
    }

    /// Finds loop-carried values that can be assigned to their header parameter where
    /// they are computed: the value's only use is the back edge, it is computed in this
    /// loop's iteration (not in a nested loop), and the parameter's old value is not read
    /// after it in the iteration nor after the loop.
    fn coalesce_loop_values(&mut self) {
        let m = self.m;
        // Loops rather than filter_map/filter/collect chains: each chain was its own copy
        // of the iterator code in the package.
        let mut loops: Vec<(Block, Block, RegionId, Block)> = Vec::new();
        for n in &self.tree.nodes {
            if let Node::Loop {
                preheader,
                header,
                body,
                merge,
                ..
            } = *n
            {
                loops.push((preheader, header, body, merge));
            }
        }
        for (preheader, header, body, merge) in loops {
            if !self.reachable.contains(header.inst()) {
                continue;
            }
            let mut back: Vec<Inst> = Vec::new();
            for u in m.uses(header.inst()) {
                if u.index == 0
                    && m.opcode(u.user) == Opcode::Br
                    && m.parent(u.user) != Some(preheader.inst())
                {
                    back.push(u.user);
                }
            }
            let [br] = back.as_slice() else { continue };
            let br = *br;
            for (k, p) in crate::ir::cfg::params(m, header).into_iter().enumerate() {
                if self.form.get(&p) != Some(&Form::BlockVar) {
                    continue;
                }
                let Some(a) = m.operand_opt(br, k + 1) else {
                    continue;
                };
                if self.can_coalesce(p, a, body, merge) {
                    self.form.insert(a, Form::Assigned);
                    self.coalesced.insert(a, p);
                }
            }
        }
    }

    fn can_coalesce(&self, p: Inst, a: Inst, body: RegionId, merge: Block) -> bool {
        let m = self.m;
        if a == p || m.is_global(a) || m.opcode(a) == Opcode::Param {
            return false;
        }
        if !matches!(self.form.get(&a), Some(Form::Inline | Form::Let)) || self.hoisted.contains(a)
        {
            return false;
        }
        if m.uses(a).count() != 1 {
            return false;
        }
        let Some(d) = m.parent(a) else { return false };
        let Some(&d_site) = self.block_site.get(&d) else {
            return false;
        };
        // Computed once per iteration of this loop: no loop between it and the body.
        let mut r = d_site.region;
        while r != body {
            let info = &self.regions[r as usize];
            if r != body && matches!(info.kind, RegionKind::Body) {
                return false;
            }
            match info.parent {
                Some((q, _)) => r = q,
                None => return false,
            }
        }
        // The expression of `a`: it reads `p` before the assignment.
        let mut tree: Set<Inst> = Set::default();
        let mut stack = vec![a];
        while let Some(x) = stack.pop() {
            if !tree.insert(x) {
                continue;
            }
            for o in m.operands(x) {
                if m.parent(o) == Some(d) && self.form.get(&o) == Some(&Form::Inline) {
                    stack.push(o);
                }
            }
        }
        let d_order = self.block_order[&d];
        let a_pos = self.position[&a];
        // Every exit of the loop comes before the assignment in the iteration, so an
        // exit always sees the value the iteration started with.
        let late_exit = crate::ir::cfg::predecessors(m, merge)
            .iter()
            .filter_map(|b| self.block_order.get(&b.inst()))
            .any(|&o| o >= d_order);
        if late_exit {
            return false;
        }
        for u in m.uses(p) {
            let user = u.user;
            if tree.contains(&user) {
                continue;
            }
            let Some(ub) = m.parent(user) else {
                return false;
            };
            let Some(&uo) = self.block_order.get(&ub) else {
                continue; // unreachable: not written
            };
            // Read after the loop: every exit comes before the assignment (above).
            let site = self.block_site[&ub];
            if !self.region_within(site.region, body) {
                continue;
            }
            let bound_here = matches!(
                self.form.get(&user),
                Some(Form::Let | Form::Effect | Form::MemVar | Form::InsertTemp)
            );
            let ok = if uo < d_order {
                !matches!(self.form.get(&user), Some(Form::Remat))
            } else if ub == d {
                !m.opcode(user).is_terminator() && self.position[&user] < a_pos && bound_here
            } else {
                false
            };
            if !ok {
                return false;
            }
        }
        true
    }

    /// Whether region `r` is `outer` or nested in it.
    pub(super) fn region_within(&self, mut r: RegionId, outer: RegionId) -> bool {
        loop {
            if r == outer {
                return true;
            }
            match self.regions[r as usize].parent {
                Some((q, _)) => r = q,
                None => return false,
            }
        }
    }

    pub(super) fn first_block_of(&self, r: RegionId) -> Option<Block> {
        self.tree
            .region(r)
            .iter()
            .find_map(|&n| match self.tree.node(n) {
                Node::Block { block, .. } => Some(*block),
                _ => None,
            })
    }

    /// The exit of a block's leaf node.
    pub(super) fn exit_of(&self, b: Block) -> Option<Exit> {
        let s = self.block_site.get(&b.inst())?;
        let n = self.tree.region(s.region)[s.index as usize];
        match self.tree.node(n) {
            Node::Block { exit, .. } => Some(*exit),
            _ => None,
        }
    }

    pub(super) fn site_of_user(&self, user: Inst) -> Option<Site> {
        let b = self.m.parent(user)?;
        self.block_site.get(&b).copied()
    }

    /// The sites where a value is used by written code (through rewritten pointers).
    pub(super) fn use_sites(&self, v: Inst) -> Vec<Site> {
        let mut out = Vec::new();
        for u in self.m.uses(v) {
            match self.form.get(&u.user) {
                Some(Form::Remat) => {
                    if let Some(list) = self.sites.get(&u.user) {
                        out.extend(list.iter().map(|&(_, s)| s));
                    }
                }
                Some(Form::Dead) => {}
                _ => {
                    if let Some(s) = self.site_of_user(u.user) {
                        out.push(s);
                    }
                }
            }
        }
        out
    }

    /// Like [`Self::use_sites`], with the user blocks (for the single-use-same-block test),
    /// into `out` (cleared first).
    pub(super) fn use_sites_with_blocks(&self, v: Inst, out: &mut Vec<(Inst, Site)>) {
        out.clear();
        for u in self.m.uses(v) {
            match self.form.get(&u.user) {
                Some(Form::Remat) => {
                    if let Some(list) = self.sites.get(&u.user) {
                        out.extend(list.iter().copied());
                    }
                }
                Some(Form::Dead) => {}
                _ => {
                    if let (Some(b), Some(s)) = (self.m.parent(u.user), self.site_of_user(u.user)) {
                        out.push((b, s));
                    }
                }
            }
        }
    }

    pub(super) fn classify(&mut self, b: Block, i: Inst) -> Result<(), RaiseError> {
        let m = self.m;
        let op = m.opcode(i);
        let has_value = m.ty(i).is_some_and(|t| m.opcode(t) != Opcode::Void);
        // A scratch list: only rewritten pointers keep their sites.
        let mut sites = std::mem::take(&mut self.site_scratch);
        sites.clear();
        if has_value {
            self.use_sites_with_blocks(i, &mut sites);
        }
        let remat = matches!(
            op,
            Opcode::Access | Opcode::BufferView | Opcode::BufferArrayView
        ) || is_handle_load(m, i);
        let form = if op == Opcode::Var {
            Form::MemVar
        } else if remat {
            Form::Remat
        } else if !has_value {
            Form::Effect
        } else if sites.is_empty() {
            if op.has_side_effects() {
                Form::Effect
            } else {
                Form::Dead
            }
        } else if op == Opcode::Insert && !self.insert_as_constructor(i) {
            Form::InsertTemp
        } else if sites.len() == 1 && sites[0].0 == b.inst() && !self.force_bind.contains(i) {
            Form::Inline
        } else {
            Form::Let
        };
        if op == Opcode::Insert && form != Form::InsertTemp {
            let comp = m.operand(i, 0);
            if !m.is_global(comp) {
                self.force_bind.insert(comp);
            }
        }
        self.form.insert(i, form);
        if form == Form::Remat {
            self.sites.insert(i, sites.clone());
            self.site_scratch = sites;
            return Ok(());
        }
        let def = self.block_site[&b.inst()];
        if matches!(form, Form::MemVar | Form::Let | Form::InsertTemp) {
            let visible = sites.iter().all(|&(_, s)| self.visible(def, s));
            if !visible {
                let ty = m
                    .ty(i)
                    .ok_or_else(|| RaiseError::malformed(i, "value type"))?;
                let storable = form == Form::MemVar || m.is_constructible(ty);
                if !storable {
                    return Err(RaiseError::unsupported(
                        self.language,
                        i,
                        "a value of a type that cannot be stored in a variable, used outside the scope that computes it",
                    ));
                }
                let mut all: Vec<Site> = sites.iter().map(|&(_, s)| s).collect();
                all.push(def);
                let decl = self.declaration_site(&all);
                self.hoisted.insert(i);
                self.decls_at
                    .entry((decl.region, decl.index))
                    .or_default()
                    .push(i);
            }
        }
        self.site_scratch = sites;
        Ok(())
    }

    /// Whether an `insert` can be written as a constructor of its composite (constant
    /// indices, small composites: the same bound `const-fold` expands inserts within).
    pub(super) fn insert_as_constructor(&self, i: Inst) -> bool {
        let m = self.m;
        let Some(mut t) = m.ty(i) else { return false };
        for k in 2..m.num_operands(i) {
            let Some(ix) = constant_index(m, m.operand(i, k)) else {
                return false;
            };
            let count = member_count(m, t);
            if count.is_none_or(|c| c > crate::ir::eval::MAX_EXPANDED_MEMBERS) {
                return false;
            }
            match m.member_type(t, Some(ix)) {
                Some(mt) => t = mt,
                None => return false,
            }
        }
        true
    }

    /// Climbs `s` up to depth `depth`. Also says whether the last step entered the
    /// target region from a loop's continuing.
    pub(super) fn climb(&self, mut s: Site, depth: u32) -> (Site, bool) {
        let mut from_continuing = false;
        while self.regions[s.region as usize].depth > depth {
            let info = &self.regions[s.region as usize];
            from_continuing = info.kind == RegionKind::Continuing;
            match info.parent {
                Some((p, idx)) => {
                    s = Site {
                        region: p,
                        index: idx,
                    }
                }
                None => break,
            }
        }
        (s, from_continuing)
    }

    /// Whether a declaration at `def` is in scope at `use_site`.
    pub(super) fn visible(&self, def: Site, use_site: Site) -> bool {
        let dd = self.regions[def.region as usize].depth;
        if self.regions[use_site.region as usize].depth < dd {
            return false;
        }
        let (s, from_continuing) = self.climb(use_site, dd);
        if s.region != def.region || s.index < def.index {
            return false;
        }
        // `continue` may not skip a declaration the continuing uses.
        !(from_continuing
            && self
                .first_continue
                .get(&def.region)
                .is_some_and(|&c| c < def.index))
    }

    /// The innermost region holding every site, and the node before which to declare.
    pub(super) fn declaration_site(&self, sites: &[Site]) -> Site {
        let mut cur: Vec<Site> = sites.to_vec();
        let min_depth = cur
            .iter()
            .map(|s| self.regions[s.region as usize].depth)
            .min()
            .unwrap_or(0);
        let mut from_cont = vec![false; cur.len()];
        for (k, s) in cur.iter_mut().enumerate() {
            let (c, f) = self.climb(*s, min_depth);
            *s = c;
            from_cont[k] = f;
        }
        while cur.iter().any(|s| s.region != cur[0].region) {
            for (k, s) in cur.iter_mut().enumerate() {
                let info = &self.regions[s.region as usize];
                if let Some((p, idx)) = info.parent {
                    from_cont[k] = info.kind == RegionKind::Continuing;
                    *s = Site {
                        region: p,
                        index: idx,
                    };
                }
            }
        }
        let region = cur.first().map_or(self.tree.root, |s| s.region);
        let mut index = cur.iter().map(|s| s.index).min().unwrap_or(0);
        let via_continuing = cur
            .iter()
            .zip(&from_cont)
            .any(|(s, &f)| f && s.index == END);
        if via_continuing && self.first_continue.get(&region).is_some_and(|&c| c < index) {
            index = 0;
        }
        if index == END {
            index = 0;
        }
        Site { region, index }
    }

    /// Whether block parameter `p` is read outside the loop whose body region is `body`.
    pub(super) fn read_outside(&self, p: Inst, body: RegionId) -> bool {
        let sites = self.use_sites(p);
        sites.iter().any(|&s| {
            let mut r = Some(s.region);
            while let Some(x) = r {
                if x == body {
                    return false;
                }
                r = self.regions[x as usize].parent.map(|(q, _)| q);
            }
            true
        })
    }
}
