//! Phase 2: exploring a function's graph, and the diagnostics of failures.
//!
//! Rules:
//! - For each severity in order (error, warning, info), a breadth-first search from its
//!   `RequiredToBeUniform` node over the interior nodes no earlier search visited.
//!   Reaching `MayBeNonUniform` is a failure, reported along the search tree's path;
//!   otherwise the special nodes reached give the function's call-site and parameter tags.
//! - What the return value and the pointer parameters' contents on return depend on is
//!   one reachability question for all of them at once, answered by an iterative Tarjan
//!   search over strongly connected components: linear in the graph, no recursion.
//! - The buffers are kept from one function to the next, and the inner loops index
//!   slices, not `Vec`s (at opt-level "z", the wasm build's, indexing a `Vec` is a call).

use crate::util::map::Map;

use super::{
    CF_START, Cause, FnTags, GraphBuffers, MAY_BE_NON_UNIFORM, Node, ParamTags, RTU, Requirement,
    Sev, Trigger, Walker, What, Why, at_least, refill,
};
use crate::diag::{Diagnostic, Severity, codes};
use crate::sema::program::{DeclId, DeclInfo};
use crate::sema::types::AddressSpace;
use crate::syntax::ast::{GlobalDeclKind, Module};

/// The buffers of [`Tarjan::reachable_targets`], kept from one function to the next.
#[derive(Default)]
pub(super) struct Tarjan {
    target_bit: Vec<u32>,
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    comp: Vec<u32>,
    /// `words` words per component.
    comp_bits: Vec<u64>,
    stack: Vec<Node>,
    /// The explicit call stack: (node, next successor position in `adj`, end of its
    /// successors).
    calls: Vec<(Node, u32, u32)>,
    /// The answer: `words` words per source.
    out: Vec<u64>,
}

impl Tarjan {
    /// For each source node, the set of `targets` it reaches (bit `i` for `targets[i]`),
    /// in a graph given as compressed adjacency: `words` words per source, in order. One
    /// pass: strongly connected components are found with an iterative Tarjan search,
    /// and each component's set is its own targets plus the sets of the components it
    /// reaches, which Tarjan's order has computed before it.
    fn reachable_targets(
        &mut self,
        n: usize,
        start: &[u32],
        adj: &[u32],
        targets: &[Node],
        sources: &[Node],
    ) -> (&[u64], usize) {
        let words = targets.len().div_ceil(64).max(1);
        const UNSEEN: u32 = u32::MAX;
        // Each node's bit among the targets (the first, for a node listed twice).
        // Slices rather than `Vec`s: at opt-level "z" (the wasm build) indexing a `Vec` is a
        // call, and these are indexed in the innermost loops.
        refill(&mut self.target_bit, n, UNSEEN);
        let target_bit = self.target_bit.as_mut_slice();
        for (i, &t) in targets.iter().enumerate() {
            if let Some(slot) = target_bit.get_mut(t as usize).filter(|b| **b == UNSEEN) {
                *slot = i as u32;
            }
        }
        refill(&mut self.index, n, UNSEEN);
        refill(&mut self.on_stack, n, false);
        refill(&mut self.comp, n, UNSEEN);
        let index = self.index.as_mut_slice();
        // Written when a node is first indexed, before it is read.
        let low = at_least(&mut self.low, n);
        let on_stack = self.on_stack.as_mut_slice();
        let comp = self.comp.as_mut_slice();
        // Fixed-size stacks with explicit tops (at opt-level "z" each `Vec` push and pop
        // is a call): every node is pushed at most once, and a function has at most as
        // many components as nodes. Each component's words are zeroed when it is made.
        let comp_bits = at_least(&mut self.comp_bits, n * words);
        let mut ncomps = 0usize;
        let stack = at_least(&mut self.stack, n);
        let mut sp = 0;
        let calls = at_least(&mut self.calls, n);
        let mut counter = 0u32;
        // Successor lists are walked by position in `adj`, without a closure: at
        // opt-level "z" a closure used in several places is a call.
        let span_of = |x: Node| (start[x as usize], start[x as usize + 1]);
        for &root in sources {
            if index[root as usize] != UNSEEN {
                continue;
            }
            let mut depth = 0;
            // The node to enter next: the root, then each successor not yet indexed.
            let mut entering = Some(root);
            loop {
                if let Some(w) = entering.take() {
                    index[w as usize] = counter;
                    low[w as usize] = counter;
                    counter += 1;
                    stack[sp] = w;
                    sp += 1;
                    on_stack[w as usize] = true;
                    let (from, to) = span_of(w);
                    calls[depth] = (w, from, to);
                    depth += 1;
                }
                if depth == 0 {
                    break;
                }
                let (v, pos, end) = calls[depth - 1];
                if pos < end {
                    calls[depth - 1].1 = pos + 1;
                    let w = adj[pos as usize];
                    if index[w as usize] == UNSEEN {
                        entering = Some(w);
                    } else if on_stack[w as usize] {
                        low[v as usize] = low[v as usize].min(index[w as usize]);
                    }
                    continue;
                }
                depth -= 1;
                if depth > 0 {
                    let parent = calls[depth - 1].0 as usize;
                    low[parent] = low[parent].min(low[v as usize]);
                }
                if low[v as usize] == index[v as usize] {
                    // `v` roots a component: its members are the stack down to `v`.
                    let id = ncomps as u32;
                    ncomps += 1;
                    let top = sp;
                    loop {
                        sp -= 1;
                        let w = stack[sp];
                        on_stack[w as usize] = false;
                        comp[w as usize] = id;
                        if w == v {
                            break;
                        }
                    }
                    let at = id as usize * words;
                    comp_bits[at..at + words].fill(0);
                    for &w in &stack[sp..top] {
                        let b = target_bit[w as usize];
                        if b != UNSEEN {
                            comp_bits[at + b as usize / 64] |= 1 << (b % 64);
                        }
                        let (from, to) = span_of(w);
                        for &x in &adj[from as usize..to as usize] {
                            let c = comp[x as usize];
                            if c != id && c != UNSEEN {
                                let from = c as usize * words;
                                for k in 0..words {
                                    comp_bits[at + k] |= comp_bits[from + k];
                                }
                            }
                        }
                    }
                }
            }
        }
        self.out.clear();
        for &s in sources {
            let at = comp[s as usize] as usize * words;
            self.out.extend_from_slice(&comp_bits[at..at + words]);
        }
        (&self.out, words)
    }
}

impl GraphBuffers {
    /// Lays out the edges as compressed adjacency: the successors of node `x` are
    /// `adj[start[x]..start[x + 1]]`.
    fn compress(&mut self, n: usize, edges: &[(Node, Node)]) {
        refill(&mut self.start, n + 1, 0);
        // Slices rather than `Vec`s, as in `reachable_targets`.
        let start = self.start.as_mut_slice();
        for &(a, _) in edges {
            start[a as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        self.fill.clear();
        self.fill.extend_from_slice(start);
        let fill = self.fill.as_mut_slice();
        // Every slot is written: each edge fills one.
        let adj = at_least(&mut self.adj, edges.len());
        for &(a, b) in edges {
            adj[fill[a as usize] as usize] = b;
            fill[a as usize] += 1;
        }
    }
}

impl<'a> Walker<'a> {
    // ---- Exploring the graph ---------------------------------------------------------

    /// Explores the graph with the buffers `g`: reports failures and records the
    /// function's tags.
    pub(super) fn finish(&mut self, m: &Module, g: &mut GraphBuffers, diags: &mut Vec<Diagnostic>) {
        let tags = self.explore(m, g, diags);
        self.tags[self.decl.index()] = tags;
    }

    fn explore(&self, m: &Module, g: &mut GraphBuffers, diags: &mut Vec<Diagnostic>) -> FnTags<'a> {
        let n = self.count as usize;
        g.compress(n, &self.edges);
        let (start, adj) = (g.start.as_slice(), &g.adj[..self.edges.len()]);
        // Special (non-interior) nodes are never marked visited: the fixed ones, the
        // parameters, the pointer parameters' contents and the return value, which
        // `function` creates first.
        let first_interior = self.first_interior;
        let nparams = self.param_nodes.len();
        let mut tags = FnTags {
            params: crate::sema::filled(nparams, ParamTags::default),
            ..FnTags::default()
        };
        refill(&mut g.visited, n, false);
        refill(&mut g.parent, n, u32::MAX);
        refill(&mut g.seen_here, n, false);
        let visited = g.visited.as_mut_slice();
        let parent = g.parent.as_mut_slice();
        let seen_here = g.seen_here.as_mut_slice();
        // Each node is queued at most once per search.
        let queue = at_least(&mut g.queue, n);
        for (sev, &root) in RTU.iter().enumerate() {
            // Breadth-first from RequiredToBeUniform.sev over unvisited nodes.
            seen_here.fill(false);
            queue[0] = root;
            let mut tail = 1;
            seen_here[root as usize] = true;
            let mut head = 0;
            let mut failed = false;
            while head < tail {
                let x = queue[head];
                head += 1;
                let succ = &adj[start[x as usize] as usize..start[x as usize + 1] as usize];
                for &y in succ {
                    if seen_here[y as usize] || visited[y as usize] {
                        continue;
                    }
                    seen_here[y as usize] = true;
                    parent[y as usize] = x;
                    queue[tail] = y;
                    tail += 1;
                    if y == MAY_BE_NON_UNIFORM && !failed {
                        failed = true;
                    }
                }
            }
            for &x in &queue[..tail] {
                if x >= first_interior {
                    visited[x as usize] = true;
                }
            }
            if failed {
                if let Some(d) = self.failure(m, sev, parent) {
                    diags.push(d);
                }
                continue;
            }
            // No failure: record the requirements on callers.
            if seen_here[CF_START as usize] && tags.call_site.is_none() {
                if let Some(cause) = self.first_cause(sev, CF_START, parent) {
                    tags.call_site = Some(Requirement { sev, cause });
                }
            }
            for k in 0..nparams {
                let p = self.param_nodes[k];
                if seen_here[p as usize] && tags.params[k].required.is_none() {
                    if let Some(cause) = self.first_cause(sev, p, parent) {
                        tags.params[k].required = Some(Requirement { sev, cause });
                    }
                }
                if let Some((_, c, _)) = self.ptr_params[k] {
                    if seen_here[c as usize] && tags.params[k].contents_required.is_none() {
                        if let Some(cause) = self.first_cause(sev, c, parent) {
                            tags.params[k].contents_required = Some(Requirement { sev, cause });
                        }
                    }
                }
            }
        }
        self.effects(n, g, &mut tags);
        tags
    }

    /// The return value's and the pointer parameters' effects: which of MayBeNonUniform,
    /// the parameters and the pointer parameters' contents each of Value_return and
    /// Value_return_i_contents reaches, into `tags`.
    fn effects(&self, n: usize, g: &mut GraphBuffers, tags: &mut FnTags<'a>) {
        let nparams = self.param_nodes.len();
        let sources = &mut g.sources;
        sources.clear();
        sources.extend(self.value_return);
        sources.extend(self.ptr_params.iter().flatten().map(|&(_, _, r)| r));
        if sources.is_empty() {
            return;
        }
        let targets = &mut g.targets;
        targets.clear();
        targets.push(MAY_BE_NON_UNIFORM);
        targets.extend(&self.param_nodes);
        let contents_at = targets.len();
        targets.extend(self.ptr_params.iter().flatten().map(|&(_, c, _)| c));
        let (start, adj) = (g.start.as_slice(), &g.adj[..self.edges.len()]);
        let (bits, words) = g.tarjan.reachable_targets(n, start, adj, targets, sources);
        let set_of = |source: usize| &bits[source * words..(source + 1) * words];
        let has = |set: &[u64], t: usize| set[t / 64] >> (t % 64) & 1 == 1;
        let mut next_source = 0;
        let mut groups: Map<(Vec<u32>, Vec<u32>), u32> = Map::default();
        if self.value_return.is_some() {
            let vr = set_of(next_source);
            next_source += 1;
            tags.returns_non_uniform = has(vr, 0);
            for k in 0..nparams {
                tags.params[k].return_depends = has(vr, 1 + k);
            }
        }
        for k in 0..nparams {
            if self.ptr_params[k].is_none() {
                continue;
            }
            let vr = set_of(next_source);
            next_source += 1;
            tags.params[k].pointee_non_uniform = has(vr, 0);
            let mut values = Vec::new();
            let mut from_contents = Vec::new();
            let mut c_index = contents_at;
            for (j, c) in self.ptr_params.iter().enumerate() {
                if has(vr, 1 + j) {
                    values.push(j as u32);
                }
                if c.is_some() {
                    if has(vr, c_index) {
                        from_contents.push(j as u32);
                    }
                    c_index += 1;
                }
            }
            if values.is_empty() && from_contents.is_empty() {
                continue;
            }
            let key = (values, from_contents);
            let g = match groups.get(&key) {
                Some(&g) => g,
                None => {
                    let g = tags.pointee_sources.len() as u32;
                    tags.pointee_sources.push(key.clone());
                    groups.insert(key, g);
                    g
                }
            };
            tags.params[k].pointee_from = Some(g);
        }
    }

    /// Walks the BFS tree from `to` back towards RequiredToBeUniform.sev, calling
    /// `visit` on each node after `to`; returns the path's first hop.
    fn walk_back(sev: Sev, to: Node, parent: &[u32], mut visit: impl FnMut(Node)) -> Node {
        let mut x = to;
        let mut guard = 0;
        while parent[x as usize] != u32::MAX
            && parent[x as usize] != RTU[sev]
            && guard < parent.len()
        {
            x = parent[x as usize];
            visit(x);
            guard += 1;
        }
        x
    }

    /// The path from RequiredToBeUniform.sev to `to`, from its first hop.
    fn path(&self, sev: Sev, to: Node, parent: &[u32]) -> Vec<Node> {
        let mut path = vec![to];
        Self::walk_back(sev, to, parent, |x| path.push(x));
        path.reverse();
        path
    }

    /// The cause of the first hop of the path from RequiredToBeUniform.sev to `to`.
    fn first_cause(&self, sev: Sev, to: Node, parent: &[u32]) -> Option<Cause<'a>> {
        let first = Self::walk_back(sev, to, parent, |_| {});
        self.causes.get(&(sev, first)).copied()
    }

    /// The diagnostic of a uniformity failure found by the exploration from
    /// RequiredToBeUniform.sev.
    fn failure(&self, m: &Module, sev: Sev, parent: &[u32]) -> Option<Diagnostic> {
        let path = self.path(sev, MAY_BE_NON_UNIFORM, parent);
        let first = *path.first()?;
        let cause = self.causes.get(&(sev, first))?;
        let (code, rule_note) = match cause.trigger {
            Trigger::Derivative => (
                codes::DERIVATIVE_UNIFORMITY,
                Some(
                    "derivatives need all invocations of a quad to execute the call together; if this is intended, `@diagnostic(off, derivative_uniformity)` silences it",
                ),
            ),
            Trigger::Subgroup => (
                codes::SUBGROUP_UNIFORMITY,
                Some(
                    "subgroup operations need all invocations of the subgroup to execute the call together; if this is intended, `@diagnostic(off, subgroup_uniformity)` silences it",
                ),
            ),
            Trigger::Barrier => (codes::BARRIER_UNIFORMITY, None),
        };
        let severity = match sev {
            0 => Severity::Error,
            1 => Severity::Warning,
            _ => Severity::Note,
        };
        let (origin_span, origin_name) = &cause.origin;
        let message = match &cause.origin_param {
            Some(param) => format!("the `{param}` argument of `{origin_name}` must be uniform"),
            None => format!("`{origin_name}` must only be called from uniform control flow"),
        };
        let label = if cause.origin_param.is_some() {
            "may differ between invocations"
        } else {
            "called where control flow may not be uniform"
        };
        let mut d = Diagnostic::new(severity, code, message).with_primary(*origin_span, label);
        if cause.call_span != cause.call_span_of_origin() {
            let what = match &cause.arg {
                Some((arg_span, param)) => {
                    d = d.with_secondary(
                        *arg_span,
                        format!(
                            "passed as parameter `{param}` of `{}`, which must be uniform",
                            cause.callee
                        ),
                    );
                    None
                }
                None => Some(format!(
                    "`{}` is called here, where control flow may not be uniform",
                    cause.callee
                )),
            };
            if let Some(w) = what {
                d = d.with_secondary(cause.call_span, w);
            }
        }
        let mut conditions = 0;
        for x in &path {
            match self.why.get(x) {
                Some(Why::Condition(span)) if conditions < 3 => {
                    conditions += 1;
                    d = d.with_secondary(*span, "control flow depends on this value");
                }
                Some(Why::Source(span, what) | Why::Result(span, what)) => {
                    d = d.with_secondary(*span, "this value may differ between invocations");
                    d = d.with_note(self.what_text(*what));
                    break;
                }
                Some(Why::Param(i)) => {
                    if let GlobalDeclKind::Fn(f) = &m.decls[self.decl.index()].kind {
                        if let Some(p) = f.params.get(*i as usize) {
                            d = d.with_secondary(
                                p.name.span,
                                format!("parameter `{}`", m.name(p.name.name)),
                            );
                        }
                    }
                }
                _ => {}
            }
        }
        if let Some(n) = rule_note {
            d = d.with_note(n);
        }
        Some(d)
    }

    /// The note a diagnostic gives for a value that may differ between invocations.
    fn what_text(&self, what: What) -> String {
        match what {
            What::Input {
                name,
                builtin: true,
            } => format!("the builtin input `{name}` differs between invocations"),
            What::Input {
                name,
                builtin: false,
            } => format!("the shader input `{name}` differs between invocations"),
            What::WritablePointee => {
                "memory reached through a writable pointer parameter may differ between invocations"
                    .to_string()
            }
            What::Global(g) => self.global_text(g),
            What::CallResult(callee) => {
                format!("the result of `{callee}` may differ between invocations")
            }
            What::Pointee(callee) => {
                format!("`{callee}` may store a non-uniform value through this pointer")
            }
        }
    }

    fn global_text(&self, g: DeclId) -> String {
        let name = crate::sema::resolve::decl_name(&self.m.decls[g.index()].kind)
            .map_or("?", |i| self.m.name(i.name));
        let space = match self.fin.program.decl(g) {
            DeclInfo::Var(v) => v.space,
            _ => AddressSpace::Private,
        };
        match space {
            AddressSpace::Storage => format!(
                "`{name}` is a writable storage buffer, whose contents may differ between invocations"
            ),
            AddressSpace::Workgroup => format!(
                "`{name}` is a workgroup variable, whose contents may differ between invocations (read it with `workgroupUniformLoad` for a uniform value)"
            ),
            _ => format!(
                "`{name}` is a mutable module-scope variable, whose contents may differ between invocations"
            ),
        }
    }
}
