//! The uniformity analysis of §"Uniformity", as the spec defines it.
//!
//! Each function is analyzed once, callees first (the dependency order), in two phases:
//! 1. **Build a graph.** Walking the function's syntax with the spec's rules for
//!    statements, expressions and calls adds nodes (control flow points, values, the
//!    values of function-scope variables at each point) and edges ("if this must be
//!    uniform, then that must be too"). Special nodes are `RequiredToBeUniform.{error,
//!    warning, info}`, `MayBeNonUniform`, `CF_start`, one node per parameter, the return
//!    value, and for each `function`-space pointer parameter the contents it points to
//!    on entry and on return. Function-scope variables are followed through assignments
//!    (full and partial), control-flow joins and loops, and pointers are desugared: a
//!    `function`-space pointer parameter acts as a local variable, and a `let` of pointer
//!    type stands for its initializer.
//! 2. **Explore it.** For each severity, the nodes reachable from its
//!    `RequiredToBeUniform` node either include `MayBeNonUniform`, which triggers a
//!    uniformity failure, or give the function's tags: must its call sites be in uniform
//!    control flow, must each argument (or the memory it points to) be uniform, does the
//!    result depend on each argument, may it be non-uniform anyway, and what a call does
//!    to the memory behind `function`-space pointer arguments. Callers use the tags in
//!    their own graphs.
//!
//! Builtins follow the spec's table: barriers and `workgroupUniformLoad` need uniform
//! control flow (an error no filter changes); derivatives and implicit-derivative texture
//! sampling need it under the `derivative_uniformity` rule; subgroup and quad operations
//! under `subgroup_uniformity`, and their shuffle `delta`/`mask` must be uniform. Because
//! refract supports the `subgroup_uniformity` language feature, the analysis runs once for
//! the workgroup (or draw) scope and, when the module calls subgroup or quad builtins,
//! once more for the subgroup scope, where subgroup operations have uniform results and
//! only they require uniformity.
//!
//! A failure is reported at the call site that needs uniformity (the builtin, or the user
//! function that needs it), with secondary labels on the conditions control flow depends
//! on and on the value that may be non-uniform, found by following the path from
//! `RequiredToBeUniform` to `MayBeNonUniform`. The severity is the one of the nearest
//! diagnostic filter at the builtin's call site, as the spec's call site tags carry it.

use rustc_hash::FxHashMap as HashMap;

use crate::diag::{Diagnostic, Severity, Span, codes};
use crate::sema::builtins::{BuiltinFn, Category, Uniformity};
use crate::sema::check::{Behavior, Finished};
use crate::sema::directives::{FilterSeverity, Rule};
use crate::sema::filters::FilterMap;
use crate::sema::program::{
    BuiltinValue, CallTarget, DeclId, DeclInfo, ExprSem, LocalKind, Name, ShaderStage,
};
use crate::sema::types::{Access, AddressSpace, TextureKind, TypeKind};
use crate::syntax::ast::{
    BinaryOp, Block, ExprId, ExprKind, GlobalDeclKind, Module, StmtId, StmtKind, UnaryOp,
};

type Node = u32;

const RTU: [Node; 3] = [0, 1, 2];
const MAY_BE_NON_UNIFORM: Node = 3;
const CF_START: Node = 4;

/// The buffers of [`Tarjan::reachable_targets`], kept from one function to the next.
#[derive(Default)]
struct Tarjan {
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

/// The uniformity scope of one run of the analysis.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Scope {
    /// Workgroup (compute) or draw (render) scope.
    Workgroup,
    /// The subgroup scope of the `subgroup_uniformity` language feature.
    Subgroup,
}

/// A severity of a `RequiredToBeUniform` node: error, warning, info.
type Sev = usize;

fn sev_of(f: FilterSeverity) -> Option<Sev> {
    match f {
        FilterSeverity::Error => Some(0),
        FilterSeverity::Warning => Some(1),
        FilterSeverity::Info => Some(2),
        FilterSeverity::Off => None,
    }
}

/// The rule a uniformity requirement triggers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Trigger {
    Derivative,
    Subgroup,
    /// The unnamed rule of barriers, which no filter changes.
    Barrier,
}

/// Why a `RequiredToBeUniform` edge exists: the call that needs uniformity. Names are
/// borrowed from the module (or are builtins' own), so a cause is copied, not allocated.
#[derive(Clone, Copy, Debug)]
struct Cause<'a> {
    /// The callee's name at the call site.
    call_span: Span,
    callee: &'a str,
    trigger: Trigger,
    /// For an argument that must be uniform: the argument and the parameter's name.
    arg: Option<(Span, &'a str)>,
    /// The builtin call (or builtin argument) that ultimately needs uniformity, and the
    /// builtin's name; the same as the call itself for a builtin.
    origin: (Span, &'a str),
    /// For an argument: the builtin parameter that must be uniform.
    origin_param: Option<&'a str>,
}

impl Cause<'_> {
    /// The call span of the builtin the requirement comes from, when this cause is that
    /// builtin's own call.
    fn call_span_of_origin(&self) -> Span {
        if self.origin.1 == self.callee && self.origin_param.is_none() {
            self.origin.0
        } else if self.origin.1 == self.callee {
            self.call_span
        } else {
            Span::DETACHED
        }
    }
}

/// A requirement carried by a tag: its severity and the call that causes it.
#[derive(Clone, Copy, Debug)]
struct Requirement<'a> {
    sev: Sev,
    cause: Cause<'a>,
}

/// What a function's callers need to know (§"Analyzing the Uniformity Requirements of a
/// Function").
#[derive(Clone, Debug, Default)]
struct FnTags<'a> {
    call_site: Option<Requirement<'a>>,
    returns_non_uniform: bool,
    params: Vec<ParamTags<'a>>,
    /// The distinct sets of parameters whose values (first) and pointees (second) flow
    /// into the pointee of a `function`-space pointer parameter. Parameters with equal
    /// sets share one, so a call adds each set's edges once.
    pointee_sources: Vec<(Vec<u32>, Vec<u32>)>,
}

#[derive(Clone, Debug, Default)]
struct ParamTags<'a> {
    required: Option<Requirement<'a>>,
    contents_required: Option<Requirement<'a>>,
    return_depends: bool,
    /// For `function`-space pointers: the pointee may be non-uniform after the call.
    pointee_non_uniform: bool,
    /// Which of [`FnTags::pointee_sources`] flows into the pointee, if any.
    pointee_from: Option<u32>,
}

/// What a node means, for the notes of a diagnostic.
#[derive(Clone, Copy, Debug)]
enum Why<'a> {
    Condition(Span),
    Source(Span, What<'a>),
    Param(u32),
    Result(Span, What<'a>),
}

/// Why a value may differ between invocations: the note of a diagnostic, spelled out
/// only when a failure is reported.
#[derive(Clone, Copy, Debug)]
enum What<'a> {
    /// An entry point input (a builtin value or a user-defined input), by name.
    Input { name: &'a str, builtin: bool },
    /// Memory behind a writable pointer parameter outside the `function` space.
    WritablePointee,
    /// A mutable module-scope variable.
    Global(DeclId),
    /// A call's result, by callee name.
    CallResult(&'a str),
    /// The memory behind a pointer argument, which the callee (by name) may store to.
    Pointee(&'a str),
}

pub(crate) fn run(m: &Module, fin: &Finished, filters: &FilterMap, diags: &mut Vec<Diagnostic>) {
    let uses_subgroups = fin.facts.iter().any(|f| {
        f.stage_uses.iter().any(|(u, _)| {
            matches!(u, crate::sema::check::StageUse::Builtin(b)
                if matches!(b.category(), Category::Subgroup | Category::Quad))
        })
    });
    let mut scopes = vec![Scope::Workgroup];
    if uses_subgroups {
        scopes.push(Scope::Subgroup);
    }
    // One walker per scope: its buffers are reused from one function to the next.
    for scope in scopes {
        let mut w = Walker::new(m, fin, filters, scope);
        let mut graph = GraphBuffers::default();
        for &d in &fin.program.order {
            let GlobalDeclKind::Fn(f) = &m.decls[d.index()].kind else {
                continue;
            };
            let DeclInfo::Fn(info) = fin.program.decl(d) else {
                continue;
            };
            w.start(d, info.stage);
            w.function(f);
            w.finish(m, &mut graph, diags);
        }
    }
}

/// A loop or switch being walked: the variable states at its exits.
struct Breakable {
    is_loop: bool,
    breaks: Vec<Vec<Node>>,
    continues: Vec<Vec<Node>>,
}

/// The root of a memory view, for the value analysis.
#[derive(Clone, Copy)]
enum RootKind {
    /// A function-scope variable (or desugared pointer parameter), by variable index.
    Var(usize),
    /// A module-scope variable.
    Global(DeclId),
    /// A pointer parameter in another address space: its index.
    PtrParam(u32),
    /// Anything else (a value).
    None,
}

/// The walker of one scope. The function being walked is `decl`; everything below
/// `tags` is that function's, cleared by [`Walker::start`] but kept allocated.
struct Walker<'a> {
    m: &'a Module,
    fin: &'a Finished,
    filters: &'a FilterMap,
    scope: Scope,
    /// By declaration: the tags of each function already walked.
    tags: Vec<FnTags<'a>>,
    decl: DeclId,
    stage: Option<ShaderStage>,
    edges: Vec<(Node, Node)>,
    count: u32,
    /// The first node that is not special: the fixed nodes, the parameters, the
    /// pointer parameters' contents and the return value come before it.
    first_interior: Node,
    why: HashMap<Node, Why<'a>>,
    /// `(severity, node)` of each `RequiredToBeUniform` edge → its cause.
    causes: HashMap<(Sev, Node), Cause<'a>>,
    param_nodes: Vec<Node>,
    /// For each `function`-space pointer parameter: its variable index and the nodes of
    /// its contents on entry and on return.
    ptr_params: Vec<Option<(usize, Node, Node)>>,
    value_return: Option<Node>,
    /// Function-scope variables: by declaring statement, the variable index.
    vars: HashMap<StmtId, usize>,
    /// The current value node of each variable.
    state: Vec<Node>,
    /// The value node of each `let`.
    lets: HashMap<StmtId, Node>,
    breakables: Vec<Breakable>,
    /// The arguments' value nodes of the calls being walked, innermost last.
    arg_nodes: Vec<Node>,
    /// The values [`Walker::join_states`] joins for one variable.
    join_buf: Vec<Node>,
}

/// The buffers [`Walker::finish`] and [`reachable_targets`] explore a function's graph
/// with, kept from one function to the next.
#[derive(Default)]
struct GraphBuffers {
    start: Vec<u32>,
    fill: Vec<u32>,
    adj: Vec<u32>,
    visited: Vec<bool>,
    parent: Vec<u32>,
    seen_here: Vec<bool>,
    queue: Vec<Node>,
    targets: Vec<Node>,
    sources: Vec<Node>,
    tarjan: Tarjan,
}

/// Resets `v` to `n` copies of `x`, keeping its allocation. (`fill` is a `memset` for
/// bytes, where `resize` writes one element at a time.)
fn refill<T: Copy>(v: &mut Vec<T>, n: usize, x: T) {
    if v.len() < n {
        v.resize(n, x);
    }
    v.truncate(n);
    v.fill(x);
}

/// Makes `v` at least `n` long without initializing what it held: for buffers whose
/// first `n` elements are all written before they are read.
fn at_least<T: Copy + Default>(v: &mut Vec<T>, n: usize) -> &mut [T] {
    if v.len() < n {
        v.resize(n, T::default());
    }
    &mut v[..n]
}

impl<'a> Walker<'a> {
    fn new(m: &'a Module, fin: &'a Finished, filters: &'a FilterMap, scope: Scope) -> Self {
        Walker {
            m,
            fin,
            filters,
            scope,
            tags: std::iter::repeat_with(FnTags::default)
                .take(m.decls.len())
                .collect(),
            decl: DeclId::from_index(0),
            stage: None,
            edges: Vec::new(),
            count: CF_START + 1,
            first_interior: CF_START + 1,
            why: HashMap::default(),
            causes: HashMap::default(),
            param_nodes: Vec::new(),
            ptr_params: Vec::new(),
            value_return: None,
            vars: HashMap::default(),
            state: Vec::new(),
            lets: HashMap::default(),
            breakables: Vec::new(),
            arg_nodes: Vec::new(),
            join_buf: Vec::new(),
        }
    }

    /// Starts walking function `decl`.
    fn start(&mut self, decl: DeclId, stage: Option<ShaderStage>) {
        self.decl = decl;
        self.stage = stage;
        self.edges.clear();
        self.count = CF_START + 1;
        self.first_interior = CF_START + 1;
        self.why.clear();
        self.causes.clear();
        self.param_nodes.clear();
        self.ptr_params.clear();
        self.value_return = None;
        self.vars.clear();
        self.state.clear();
        self.lets.clear();
        self.breakables.clear();
        self.arg_nodes.clear();
    }

    fn node(&mut self) -> Node {
        let n = self.count;
        self.count += 1;
        n
    }

    fn edge(&mut self, from: Node, to: Node) {
        if from != to {
            self.edges.push((from, to));
        }
    }

    /// A new node with edges to each of `to`.
    fn join(&mut self, to: &[Node]) -> Node {
        if let [one] = to {
            return *one;
        }
        let n = self.node();
        for &t in to {
            self.edge(n, t);
        }
        n
    }

    fn require(&mut self, sev: Sev, target: Node, cause: Cause<'a>) {
        self.edges.push((RTU[sev], target));
        self.causes.entry((sev, target)).or_insert(cause);
    }

    fn sem(&self, e: ExprId) -> ExprSem {
        self.fin.program.sem(e)
    }

    fn behavior(&self, s: StmtId) -> Behavior {
        self.fin.behaviors[s.index()]
    }

    // ---- Functions -------------------------------------------------------------------

    fn function(&mut self, f: &crate::syntax::ast::FnDecl) {
        let fin = self.fin;
        let info = match fin.program.decl(self.decl) {
            DeclInfo::Fn(i) => i,
            _ => return,
        };
        for (k, &ty) in info.params.iter().enumerate() {
            let n = self.node();
            self.why.insert(n, Why::Param(k as u32));
            self.param_nodes.push(n);
            let fn_ptr = matches!(
                self.fin.program.types.kind(ty),
                TypeKind::Ptr {
                    space: AddressSpace::Function,
                    ..
                }
            );
            if fn_ptr {
                let contents = self.node();
                let ret = self.node();
                let var = self.state.len();
                self.state.push(contents);
                self.ptr_params.push(Some((var, contents, ret)));
            } else {
                self.ptr_params.push(None);
            }
        }
        if info.ret.is_some() {
            self.value_return = Some(self.node());
        }
        self.first_interior = self.count;
        if self.stage.is_some() {
            self.entry_inputs(f);
        }
        let b = self.fin.facts[self.decl.index()].behavior;
        self.block(&f.body, CF_START);
        if b.has(Behavior::NEXT) {
            self.pointer_returns();
        }
    }

    /// Entry point inputs are non-uniform, except the builtin values the spec calls
    /// uniform.
    fn entry_inputs(&mut self, f: &crate::syntax::ast::FnDecl) {
        let Some(ep) = self
            .fin
            .program
            .entry_points
            .iter()
            .find(|e| e.decl == self.decl)
        else {
            // Broken interface: treat every input as non-uniform.
            for k in 0..self.param_nodes.len() {
                self.edge(self.param_nodes[k], MAY_BE_NON_UNIFORM);
            }
            return;
        };
        let compute = self.stage == Some(ShaderStage::Compute);
        for (k, p) in f.params.iter().enumerate() {
            let uniform = ep
                .inputs
                .iter()
                .filter(|i| i.param == Some(k as u32))
                .all(|i| match i.attrs.builtin {
                    Some(
                        BuiltinValue::WorkgroupId
                        | BuiltinValue::NumWorkgroups
                        | BuiltinValue::NumSubgroups,
                    ) => true,
                    Some(BuiltinValue::SubgroupSize) => compute,
                    Some(BuiltinValue::SubgroupId) => self.scope == Scope::Subgroup,
                    _ => false,
                });
            if !uniform {
                let n = self.param_nodes[k];
                let builtin = ep
                    .inputs
                    .iter()
                    .any(|i| i.param == Some(k as u32) && i.attrs.builtin.is_some());
                let name = self.m.name(p.name.name);
                self.why
                    .insert(n, Why::Source(p.name.span, What::Input { name, builtin }));
                self.edge(n, MAY_BE_NON_UNIFORM);
            }
        }
    }

    /// At a `return` (or the end of the body): the contents of each `function`-space
    /// pointer parameter flow out.
    fn pointer_returns(&mut self) {
        for k in 0..self.ptr_params.len() {
            if let Some((var, _, ret)) = self.ptr_params[k] {
                let cur = self.var_value(var, CF_START);
                self.edge(ret, cur);
            }
        }
    }

    // ---- Statements ------------------------------------------------------------------

    fn block(&mut self, b: &Block, cf: Node) -> Node {
        self.stmts(&b.stmts, cf)
    }

    fn stmts(&mut self, stmts: &[StmtId], mut cf: Node) -> Node {
        for &s in stmts {
            cf = self.stmt(s, cf);
            if !self.behavior(s).has(Behavior::NEXT) {
                break;
            }
        }
        cf
    }

    fn stmt(&mut self, s: StmtId, cf: Node) -> Node {
        let m = self.m;
        match &m.stmt(s).kind {
            StmtKind::Empty | StmtKind::Discard | StmtKind::ConstAssert(_) | StmtKind::Const(_) => {
                cf
            }
            StmtKind::Block(b) => self.block(b, cf),
            StmtKind::Var(v) => {
                let value = match v.init {
                    Some(i) => self.rhs(i, cf, false),
                    None => cf,
                };
                let var = self.state.len();
                self.state.push(value);
                self.vars.insert(s, var);
                cf
            }
            StmtKind::Let(v) => {
                let value = self.rhs(v.init, cf, false);
                self.lets.insert(s, value);
                cf
            }
            StmtKind::Assign { lhs, op, rhs } => {
                match lhs {
                    None => {
                        self.rhs(*rhs, cf, false);
                    }
                    Some(l) => {
                        let mut rv = self.rhs(*rhs, cf, false);
                        if op.is_some() {
                            // `x op= e` reads `x` too.
                            let old = self.rhs(*l, cf, true);
                            rv = self.join(&[old, rv]);
                        }
                        self.assign(*l, cf, rv);
                    }
                }
                cf
            }
            StmtKind::Increment(e) | StmtKind::Decrement(e) => {
                let old = self.rhs(*e, cf, true);
                self.assign(*e, cf, old);
                cf
            }
            StmtKind::Call(e) => {
                self.rhs(*e, cf, false);
                cf
            }
            StmtKind::Return(value) => {
                if let Some(v) = value {
                    let n = self.rhs(*v, cf, false);
                    if let Some(r) = self.value_return {
                        self.edge(r, n);
                    }
                }
                self.pointer_returns();
                cf
            }
            StmtKind::Break => {
                let st = self.state.clone();
                if let Some(b) = self.breakables.last_mut() {
                    b.breaks.push(st);
                }
                cf
            }
            StmtKind::Continue => {
                let st = self.state.clone();
                if let Some(b) = self.breakables.iter_mut().rev().find(|b| b.is_loop) {
                    b.continues.push(st);
                }
                cf
            }
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
                ..
            } => {
                let v = self.rhs(*cond, cf, false);
                let branch_cf = self.condition(v, m.expr(*cond).span);
                let before = self.state.clone();
                let cf1 = self.block(then_branch, branch_cf);
                let after_then = std::mem::replace(&mut self.state, before);
                let b1 = self.block_behavior(&then_branch.stmts);
                let (cf2, b2) = match else_branch {
                    Some(e) => (self.stmt(*e, branch_cf), self.behavior(*e)),
                    None => (branch_cf, Behavior::NEXT),
                };
                let after_else = std::mem::take(&mut self.state);
                self.state = self.join_states(&[
                    (b1.has(Behavior::NEXT), &after_then),
                    (b2.has(Behavior::NEXT), &after_else),
                ]);
                if self.behavior(s) == Behavior::NEXT {
                    cf
                } else {
                    self.join(&[cf1, cf2])
                }
            }
            StmtKind::Switch {
                selector, clauses, ..
            } => {
                let v = self.rhs(*selector, cf, false);
                let branch_cf = self.condition(v, m.expr(*selector).span);
                let before = self.state.clone();
                self.breakables.push(Breakable {
                    is_loop: false,
                    breaks: Vec::new(),
                    continues: Vec::new(),
                });
                let mut ends = Vec::new();
                let mut exits: Vec<Vec<Node>> = Vec::new();
                for c in clauses {
                    self.state = before.clone();
                    ends.push(self.block(&c.body, branch_cf));
                    if self.block_behavior(&c.body.stmts).has(Behavior::NEXT) {
                        exits.push(std::mem::take(&mut self.state));
                    }
                }
                let b = self.breakables.pop().expect("switch context");
                exits.extend(b.breaks);
                // Continues inside the switch belong to the enclosing loop.
                if let Some(l) = self.breakables.iter_mut().rev().find(|b| b.is_loop) {
                    l.continues.extend(b.continues);
                }
                let refs: Vec<(bool, &Vec<Node>)> = exits.iter().map(|s| (true, s)).collect();
                self.state = if refs.is_empty() {
                    before
                } else {
                    self.join_states(&refs)
                };
                if self.behavior(s) == Behavior::NEXT {
                    cf
                } else {
                    self.join(&ends)
                }
            }
            StmtKind::Loop {
                body, continuing, ..
            } => {
                let b1 = self.block_behavior(&body.stmts);
                let cont: Option<(&[StmtId], Option<ExprId>)> = continuing
                    .as_ref()
                    .map(|c| (c.body.stmts.as_slice(), c.break_if));
                self.loop_stmt(s, cf, b1, None, &body.stmts, cont)
            }
            StmtKind::For {
                init,
                cond,
                update,
                body,
                ..
            } => {
                let mut cf = cf;
                if let Some(i) = init {
                    cf = self.stmt(*i, cf);
                }
                let mut b1 = self.block_behavior(&body.stmts);
                if cond.is_some() {
                    b1 = b1.union(Behavior::BREAK);
                }
                self.loop_stmt(
                    s,
                    cf,
                    b1,
                    *cond,
                    &body.stmts,
                    Some((update.as_slice(), None)),
                )
            }
            StmtKind::While { cond, body, .. } => {
                let b1 = self.block_behavior(&body.stmts).union(Behavior::BREAK);
                self.loop_stmt(s, cf, b1, Some(*cond), &body.stmts, None)
            }
        }
    }

    /// A control flow node that depends on a condition's value.
    fn condition(&mut self, v: Node, span: Span) -> Node {
        let n = self.node();
        self.edge(n, v);
        self.why.insert(n, Why::Condition(span));
        n
    }

    fn block_behavior(&self, stmts: &[StmtId]) -> Behavior {
        let mut b = Behavior::NEXT;
        for &s in stmts {
            let sb = self.behavior(s);
            b = b.without(Behavior::NEXT).union(sb);
            if !sb.has(Behavior::NEXT) {
                break;
            }
        }
        b
    }

    /// Joins variable states from several control-flow paths (those marked live).
    fn join_states(&mut self, paths: &[(bool, &Vec<Node>)]) -> Vec<Node> {
        let live = || paths.iter().filter(|(l, _)| *l).map(|(_, s)| *s);
        let Some(n) = live().map(|s| s.len()).max() else {
            return paths.first().map(|(_, s)| (*s).clone()).unwrap_or_default();
        };
        let mut out = Vec::with_capacity(n);
        let mut vals = std::mem::take(&mut self.join_buf);
        for x in 0..n {
            vals.clear();
            vals.extend(live().filter_map(|s| s.get(x).copied()));
            vals.dedup();
            if vals.windows(2).all(|w| w[0] == w[1]) {
                out.push(vals[0]);
            } else {
                out.push(self.join(&vals));
            }
        }
        self.join_buf = vals;
        out
    }

    /// A loop (`loop`, desugared `for` and `while`): `cond` is the `for`/`while`
    /// condition checked at the top, `b1` the body's behavior (with the condition's
    /// `break`), `cont` the continuing statements and `break if`.
    fn loop_stmt(
        &mut self,
        s: StmtId,
        cf: Node,
        b1: Behavior,
        cond: Option<ExprId>,
        body: &[StmtId],
        cont: Option<(&[StmtId], Option<ExprId>)>,
    ) -> Node {
        let iterates = b1.has(Behavior::NEXT) || b1.has(Behavior::CONTINUE);
        // Loop header: each variable's value at the start of an iteration.
        let before = self.state.clone();
        let header: Vec<Node> = if iterates {
            before
                .iter()
                .map(|&v| {
                    let n = self.node();
                    self.edges.push((n, v));
                    n
                })
                .collect()
        } else {
            before.clone()
        };
        self.state = header.clone();
        let cf_iter = if iterates {
            let n = self.node();
            self.edge(n, cf);
            n
        } else {
            cf
        };
        self.breakables.push(Breakable {
            is_loop: true,
            breaks: Vec::new(),
            continues: Vec::new(),
        });
        let mut body_cf = cf_iter;
        if let Some(c) = cond {
            let v = self.rhs(c, cf_iter, false);
            body_cf = self.condition(v, self.m.expr(c).span);
            let st = self.state.clone();
            if let Some(b) = self.breakables.last_mut() {
                b.breaks.push(st);
            }
        }
        let cf1 = self.stmts(body, body_cf);
        // The continuing block starts from the body's end and every `continue`.
        let end_body = std::mem::take(&mut self.state);
        let mut ctx = self.breakables.pop().expect("loop context");
        let mut entries: Vec<(bool, &Vec<Node>)> =
            vec![(self.block_behavior(body).has(Behavior::NEXT), &end_body)];
        for c in &ctx.continues {
            entries.push((true, c));
        }
        let cont_state = if entries.iter().any(|e| e.0) {
            self.join_states(&entries)
        } else {
            end_body.clone()
        };
        self.state = cont_state;
        self.breakables.push(Breakable {
            is_loop: false,
            breaks: Vec::new(),
            continues: Vec::new(),
        });
        let mut cf2 = cf1;
        if let Some((stmts, break_if)) = cont {
            cf2 = self.stmts(stmts, cf1);
            if let Some(c) = break_if {
                let v = self.rhs(c, cf2, false);
                let st = self.state.clone();
                ctx.breaks.push(st);
                cf2 = self.condition(v, self.m.expr(c).span);
            }
        }
        let inner = self.breakables.pop().expect("continuing context");
        ctx.breaks.extend(inner.breaks);
        if iterates {
            self.edge(cf_iter, cf2);
            // The next iteration's values.
            for (x, &h) in header.iter().enumerate() {
                if let Some(&v) = self.state.get(x) {
                    self.edge(h, v);
                }
            }
        }
        // After the loop: the states at every break.
        let exits: Vec<(bool, &Vec<Node>)> = ctx.breaks.iter().map(|b| (true, b)).collect();
        let mut out = if exits.is_empty() {
            self.state.clone()
        } else {
            self.join_states(&exits)
        };
        if out.len() < before.len() {
            out.extend_from_slice(&before[out.len()..]);
        }
        self.state = out;
        let has_return = b1.has(Behavior::RETURN);
        let _ = s;
        if !iterates {
            if b1 == Behavior::BREAK { cf } else { cf1 }
        } else if has_return {
            cf_iter
        } else {
            cf
        }
    }

    // ---- Assignments -----------------------------------------------------------------

    /// `lhs = value`: the LHSValue rules, updating the assigned variable's value.
    fn assign(&mut self, lhs: ExprId, cf: Node, value: Node) {
        let (root, lv, full) = self.lhs(lhs, cf);
        self.edge(lv, value);
        if let RootKind::Var(x) = root {
            if x >= self.state.len() {
                return;
            }
            if full {
                self.state[x] = lv;
            } else {
                let old = self.state[x];
                self.state[x] = self.join(&[lv, old]);
            }
        }
    }

    /// The current value node of variable `x` (`cf` if it is unknown, which only happens
    /// after an error).
    fn var_value(&self, x: usize, cf: Node) -> Node {
        self.state.get(x).copied().unwrap_or(cf)
    }

    /// The LHSValue rules: the root, the node of the assigned location, and whether the
    /// assignment is a full one.
    fn lhs(&mut self, e: ExprId, cf: Node) -> (RootKind, Node, bool) {
        match &self.m.expr(e).kind {
            ExprKind::Paren(i) => self.lhs(*i, cf),
            ExprKind::Unary {
                op: UnaryOp::Deref | UnaryOp::AddressOf,
                operand,
            } => self.lhs(*operand, cf),
            ExprKind::Member { base, .. } => {
                let (r, n, _) = self.lhs(*base, cf);
                (r, n, false)
            }
            ExprKind::Index { base, index } => {
                let v1 = self.rhs(*index, cf, false);
                let (r, l2, _) = self.lhs(*base, cf);
                self.edge(l2, v1);
                (r, l2, false)
            }
            ExprKind::Ident(_) => {
                let (root, extra, full) = self.ident_root(e);
                match root {
                    RootKind::Var(_) => {
                        let n = self.node();
                        self.edge(n, cf);
                        if let Some(x) = extra {
                            self.edge(n, x);
                        }
                        (root, n, full)
                    }
                    RootKind::Global(_) | RootKind::PtrParam(_) => {
                        (root, MAY_BE_NON_UNIFORM, false)
                    }
                    RootKind::None => (root, extra.unwrap_or(cf), false),
                }
            }
            _ => {
                let n = self.rhs(e, cf, false);
                (RootKind::None, n, false)
            }
        }
    }

    /// What an identifier in a memory view resolves to: the root, the extra value node
    /// of a `let` pointer's initializer, and whether it is a full reference.
    fn ident_root(&self, e: ExprId) -> (RootKind, Option<Node>, bool) {
        match self.sem(e) {
            ExprSem::Name(Name::Local(s)) => {
                if let Some(&x) = self.vars.get(&s) {
                    return (RootKind::Var(x), None, true);
                }
                if let StmtKind::Let(v) = &self.m.stmt(s).kind {
                    let is_ptr = self.fin.program.local(s).is_some_and(|l| {
                        l.kind == LocalKind::Let
                            && matches!(self.fin.program.types.kind(l.ty), TypeKind::Ptr { .. })
                    });
                    if is_ptr {
                        let node = self.lets.get(&s).copied();
                        let (root, _, _) = self.expr_root(v.init);
                        let full = self.is_full_pointer(v.init);
                        return (root, node, full);
                    }
                    return (RootKind::None, self.lets.get(&s).copied(), false);
                }
                (RootKind::None, None, false)
            }
            ExprSem::Name(Name::Param(i)) => {
                if let Some(Some((x, _, _))) = self.ptr_params.get(i as usize) {
                    return (RootKind::Var(*x), None, true);
                }
                (
                    RootKind::PtrParam(i),
                    self.param_nodes.get(i as usize).copied(),
                    false,
                )
            }
            ExprSem::Name(Name::Global(g)) => (RootKind::Global(g), None, false),
            _ => (RootKind::None, None, false),
        }
    }

    /// The root of a pointer or memory view expression.
    fn expr_root(&self, e: ExprId) -> (RootKind, Option<Node>, bool) {
        match &self.m.expr(e).kind {
            ExprKind::Paren(i)
            | ExprKind::Member { base: i, .. }
            | ExprKind::Index { base: i, .. }
            | ExprKind::Unary {
                op: UnaryOp::Deref | UnaryOp::AddressOf,
                operand: i,
            } => self.expr_root(*i),
            ExprKind::Ident(_) => self.ident_root(e),
            _ => (RootKind::None, None, false),
        }
    }

    /// A full pointer (§"Function-scope Variable Value Analysis"): `&x`, `&*p`, or a
    /// `let` of one.
    fn is_full_pointer(&self, e: ExprId) -> bool {
        match &self.m.expr(e).kind {
            ExprKind::Paren(i) => self.is_full_pointer(*i),
            ExprKind::Unary {
                op: UnaryOp::AddressOf,
                operand,
            } => self.is_full_reference(*operand),
            ExprKind::Ident(_) => matches!(self.ident_root(e), (RootKind::Var(_), _, true)),
            _ => false,
        }
    }

    fn is_full_reference(&self, e: ExprId) -> bool {
        match &self.m.expr(e).kind {
            ExprKind::Paren(i) => self.is_full_reference(*i),
            ExprKind::Unary {
                op: UnaryOp::Deref,
                operand,
            } => self.is_full_pointer(*operand),
            ExprKind::Ident(_) => matches!(self.ident_root(e), (RootKind::Var(_), _, true)),
            _ => false,
        }
    }

    // ---- Expressions -----------------------------------------------------------------

    /// The RHSValue rules: the value node of `e`. `load` is true when `e` is (the root
    /// part of) a memory view the Load Rule applies to.
    fn rhs(&mut self, e: ExprId, cf: Node, load: bool) -> Node {
        let m = self.m;
        let load = load || self.fin.program.expr(e).loaded;
        match &m.expr(e).kind {
            ExprKind::Literal(_) => cf,
            ExprKind::Paren(i) => self.rhs(*i, cf, load),
            ExprKind::Unary { op, operand } => match op {
                UnaryOp::Deref | UnaryOp::AddressOf => self.rhs(*operand, cf, load),
                _ => self.rhs(*operand, cf, false),
            },
            ExprKind::Member { base, .. } => self.rhs(*base, cf, load),
            ExprKind::Index { base, index } => {
                let v1 = self.rhs(*index, cf, false);
                let v2 = self.rhs(*base, cf, load);
                self.join(&[v1, v2])
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let v1 = self.rhs(*lhs, cf, false);
                if matches!(op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr) {
                    let c = self.condition(v1, m.expr(*lhs).span);
                    self.rhs(*rhs, c, false)
                } else {
                    let v2 = self.rhs(*rhs, cf, false);
                    self.join(&[v1, v2])
                }
            }
            ExprKind::Ident(ie) => self.ident_value(e, ie.ident.span, cf, load),
            ExprKind::Call { callee, args } => self.call(e, callee.ident.span, args, cf),
        }
    }

    fn ident_value(&mut self, e: ExprId, span: Span, cf: Node, load: bool) -> Node {
        match self.sem(e) {
            ExprSem::Name(Name::Local(s)) => {
                if let Some(&x) = self.vars.get(&s) {
                    if !load {
                        return cf;
                    }
                    let cur = self.var_value(x, cf);
                    return self.join(&[cf, cur]);
                }
                match &self.m.stmt(s).kind {
                    StmtKind::Let(_) => {
                        let (root, node, _) = self.ident_root(e);
                        // `cf`, the `let`'s node, and what a load reads.
                        let mut to = [cf; 3];
                        let mut len = 1;
                        if let Some(n) = node {
                            to[len] = n;
                            len += 1;
                        }
                        let loaded = match root {
                            RootKind::Var(x) if load => Some(self.var_value(x, cf)),
                            RootKind::Global(g) if load && !self.read_only_global(g) => {
                                Some(self.non_uniform_global(g, span))
                            }
                            RootKind::PtrParam(i) if load => Some(self.ptr_param_load(i, span)),
                            _ => None,
                        };
                        if let Some(n) = loaded {
                            to[len] = n;
                            len += 1;
                        }
                        self.join(&to[..len])
                    }
                    _ => cf,
                }
            }
            ExprSem::Name(Name::Param(i)) => {
                if let Some(Some((x, _, _))) = self.ptr_params.get(i as usize).copied() {
                    return if load {
                        let cur = self.var_value(x, cf);
                        self.join(&[cf, cur])
                    } else {
                        self.param_nodes[i as usize]
                    };
                }
                let ty = self
                    .fin
                    .program
                    .function(self.decl)
                    .and_then(|f| f.params.get(i as usize).copied());
                let is_ptr = ty.is_some_and(|t| {
                    matches!(self.fin.program.types.kind(t), TypeKind::Ptr { .. })
                });
                if is_ptr {
                    if load {
                        return self.ptr_param_load(i, span);
                    }
                    return cf;
                }
                let p = self.param_nodes[i as usize];
                self.join(&[cf, p])
            }
            ExprSem::Name(Name::Global(g)) => match self.fin.program.decl(g) {
                DeclInfo::Var(_) if load && !self.read_only_global(g) => {
                    self.non_uniform_global(g, span)
                }
                _ => cf,
            },
            _ => cf,
        }
    }

    /// A load through a pointer parameter outside the `function` space.
    fn ptr_param_load(&mut self, i: u32, span: Span) -> Node {
        let ty = self
            .fin
            .program
            .function(self.decl)
            .and_then(|f| f.params.get(i as usize).copied());
        let read_only = ty.is_some_and(|t| match self.fin.program.types.kind(t) {
            TypeKind::Ptr { access, space, .. } => {
                access == Access::Read
                    || matches!(space, AddressSpace::Uniform | AddressSpace::Handle)
            }
            _ => true,
        });
        if read_only {
            return self.param_nodes[i as usize];
        }
        let n = self.node();
        self.edge(n, MAY_BE_NON_UNIFORM);
        self.why.insert(n, Why::Source(span, What::WritablePointee));
        n
    }

    fn read_only_global(&self, g: DeclId) -> bool {
        match self.fin.program.decl(g) {
            DeclInfo::Var(v) => match v.space {
                AddressSpace::Uniform | AddressSpace::Immediate | AddressSpace::Handle => true,
                AddressSpace::Storage => v.access == Access::Read,
                _ => false,
            },
            _ => true,
        }
    }

    fn non_uniform_global(&mut self, g: DeclId, span: Span) -> Node {
        let n = self.node();
        self.edge(n, MAY_BE_NON_UNIFORM);
        self.why.insert(n, Why::Source(span, What::Global(g)));
        n
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

    // ---- Calls -----------------------------------------------------------------------

    fn call(&mut self, e: ExprId, span: Span, args: &[ExprId], cf: Node) -> Node {
        let m = self.m;
        // The arguments' nodes go on a stack shared by nested calls: this call's are
        // `arg_nodes[base..]` until it returns.
        let base = self.arg_nodes.len();
        for &a in args {
            let n = self.rhs(a, cf, false);
            self.arg_nodes.push(n);
        }
        let result = self.node();
        self.edge(result, cf);
        let callee_name = match &m.expr(e).kind {
            ExprKind::Call { callee, .. } => m.name(callee.ident.name),
            _ => "",
        };
        match self.sem(e) {
            ExprSem::Call(CallTarget::Function(d)) => {
                // Taken out for the walk and put back: a function never calls itself.
                let tags = std::mem::take(&mut self.tags[d.index()]);
                self.user_call(&tags, d, span, callee_name, args, base, cf, result);
                self.tags[d.index()] = tags;
            }
            ExprSem::Call(CallTarget::Builtin { func, .. }) => {
                self.builtin_call(func, span, args, base, cf, result);
            }
            _ => {
                for k in base..self.arg_nodes.len() {
                    let a = self.arg_nodes[k];
                    self.edge(result, a);
                }
            }
        }
        self.arg_nodes.truncate(base);
        result
    }

    /// The edges of a call of user function `d`, whose tags are `tags`; the arguments'
    /// nodes are `self.arg_nodes[base..]`.
    #[allow(clippy::too_many_arguments)]
    fn user_call(
        &mut self,
        tags: &FnTags<'a>,
        d: DeclId,
        span: Span,
        callee_name: &'a str,
        args: &[ExprId],
        base: usize,
        cf: Node,
        result: Node,
    ) {
        let m = self.m;
        if let Some(req) = &tags.call_site {
            let cause = Cause {
                call_span: span,
                callee: callee_name,
                trigger: req.cause.trigger,
                arg: None,
                origin: req.cause.origin,
                origin_param: req.cause.origin_param,
            };
            self.require(req.sev, cf, cause);
        }
        if tags.returns_non_uniform {
            self.edge(result, MAY_BE_NON_UNIFORM);
            self.why
                .insert(result, Why::Result(span, What::CallResult(callee_name)));
        }
        let nargs = self.arg_nodes.len() - base;
        let arg_node = |w: &Self, k: usize| (k < nargs).then(|| w.arg_nodes[base + k]);
        // Only `function`-space pointer parameters look at the memory behind arguments:
        // the variables' values before the call, and the arguments' roots.
        let touches_memory = tags.params.iter().any(|p| {
            p.pointee_non_uniform || p.pointee_from.is_some() || p.contents_required.is_some()
        });
        let (pre_state, roots) = if touches_memory {
            let roots: Vec<RootKind> = args.iter().map(|&a| self.expr_root(a).0).collect();
            (self.state.clone(), roots)
        } else {
            (Vec::new(), Vec::new())
        };
        let mut source_nodes: HashMap<u32, Node> = HashMap::default();
        for (k, p) in tags.params.iter().enumerate() {
            let Some(arg) = arg_node(self, k) else {
                continue;
            };
            // The callee's requirement on argument `k`, as seen from this call.
            let at_call = |w: &Self, req: &Requirement<'a>| Cause {
                call_span: span,
                callee: callee_name,
                trigger: req.cause.trigger,
                arg: Some((m.expr(args[k]).span, w.param_name(d, k))),
                origin: req.cause.origin,
                origin_param: req.cause.origin_param,
            };
            if let Some(req) = &p.required {
                let cause = at_call(self, req);
                self.require(req.sev, arg, cause);
            }
            if p.return_depends {
                self.edge(result, arg);
            }
            // The memory behind a `function`-space pointer argument.
            if let Some(&RootKind::Var(x)) = roots.get(k) {
                let is_fn_ptr = p.pointee_non_uniform
                    || p.pointee_from.is_some()
                    || p.contents_required.is_some();
                if !is_fn_ptr {
                    continue;
                }
                if let Some(req) = &p.contents_required {
                    let pre = pre_state.get(x).copied().unwrap_or(cf);
                    let cause = at_call(self, req);
                    self.require(req.sev, pre, cause);
                }
                let out = self.node();
                self.edge(out, cf);
                if p.pointee_non_uniform {
                    self.edge(out, MAY_BE_NON_UNIFORM);
                    self.why
                        .insert(out, Why::Result(span, What::Pointee(callee_name)));
                }
                if let Some(g) = p.pointee_from {
                    let shared = match source_nodes.get(&g) {
                        Some(&n) => n,
                        None => {
                            let n = self.node();
                            let (values, contents) = &tags.pointee_sources[g as usize];
                            for &j in values {
                                if let Some(a) = arg_node(self, j as usize) {
                                    self.edge(n, a);
                                }
                            }
                            for &j in contents {
                                if let Some(RootKind::Var(y)) = roots.get(j as usize) {
                                    if let Some(&v) = pre_state.get(*y) {
                                        self.edge(n, v);
                                    }
                                }
                            }
                            source_nodes.insert(g, n);
                            n
                        }
                    };
                    self.edge(out, shared);
                }
                if x < self.state.len() {
                    self.state[x] = out;
                }
            }
        }
    }

    /// The name of parameter `k` of function `d` (empty if there is none).
    fn param_name(&self, d: DeclId, k: usize) -> &'a str {
        let m = self.m;
        match &m.decls[d.index()].kind {
            GlobalDeclKind::Fn(f) => f.params.get(k).map_or("", |p| m.name(p.name.name)),
            _ => "",
        }
    }

    /// The edges of a call of builtin `f`; the arguments' nodes are
    /// `self.arg_nodes[base..]`.
    fn builtin_call(
        &mut self,
        f: BuiltinFn,
        span: Span,
        args: &[ExprId],
        base: usize,
        cf: Node,
        result: Node,
    ) {
        let cause = |trigger, arg: Option<(Span, &'static str)>| Cause {
            call_span: span,
            callee: f.name(),
            trigger,
            origin: (arg.map_or(span, |a| a.0), f.name()),
            origin_param: arg.map(|a| a.1),
            arg,
        };
        let arg_node = |w: &Self, k: usize| w.arg_nodes.get(base + k).copied();
        let mut returns_non_uniform = false;
        match f.uniformity() {
            Uniformity::Barrier => {
                if self.scope == Scope::Workgroup {
                    self.require(0, cf, cause(Trigger::Barrier, None));
                    if f == BuiltinFn::WorkgroupUniformLoad {
                        if let (Some(&a), Some(n)) = (args.first(), arg_node(self, 0)) {
                            self.require(
                                0,
                                n,
                                cause(Trigger::Barrier, Some((self.m.expr(a).span, "p"))),
                            );
                        }
                    }
                }
            }
            Uniformity::Derivative => {
                returns_non_uniform = true;
                if self.scope == Scope::Workgroup {
                    let sev = self
                        .filters
                        .severity_at(Rule::DerivativeUniformity, span.start)
                        .map_or(Some(0), sev_of);
                    if let Some(sev) = sev {
                        self.require(sev, cf, cause(Trigger::Derivative, None));
                    }
                }
            }
            Uniformity::Subgroup => {
                use BuiltinFn::*;
                let uniform_result = matches!(
                    f,
                    SubgroupAdd
                        | SubgroupAll
                        | SubgroupAnd
                        | SubgroupAny
                        | SubgroupBallot
                        | SubgroupBroadcast
                        | SubgroupBroadcastFirst
                        | SubgroupMax
                        | SubgroupMin
                        | SubgroupMul
                        | SubgroupOr
                        | SubgroupXor
                );
                returns_non_uniform = !(self.scope == Scope::Subgroup && uniform_result);
                if self.scope == Scope::Subgroup {
                    let sev = self
                        .filters
                        .severity_at(Rule::SubgroupUniformity, span.start)
                        .map_or(Some(0), sev_of);
                    if let Some(sev) = sev {
                        self.require(sev, cf, cause(Trigger::Subgroup, None));
                        let param = match f {
                            SubgroupShuffleUp | SubgroupShuffleDown => Some("delta"),
                            SubgroupShuffleXor => Some("mask"),
                            _ => None,
                        };
                        if let (Some(p), Some(&a), Some(n)) =
                            (param, args.get(1), arg_node(self, 1))
                        {
                            self.require(
                                sev,
                                n,
                                cause(Trigger::Subgroup, Some((self.m.expr(a).span, p))),
                            );
                        }
                    }
                }
            }
            Uniformity::None => {}
        }
        if f == BuiltinFn::TextureLoad {
            let rw = args
                .first()
                .and_then(|&a| self.fin.program.value_type(a))
                .is_some_and(|t| {
                    matches!(
                        self.fin.program.types.kind(t),
                        TypeKind::Texture(TextureKind::Storage {
                            access: Access::ReadWrite,
                            ..
                        })
                    )
                });
            returns_non_uniform |= rw;
        }
        // A pointer argument's result depends on the memory it points to (except for
        // `workgroupUniformLoad`, whose result is uniform by definition).
        if f != BuiltinFn::WorkgroupUniformLoad {
            for &a in args {
                let is_ptr = self.fin.program.type_of(a).is_some_and(|t| {
                    matches!(self.fin.program.types.kind(t), TypeKind::Ptr { .. })
                });
                if is_ptr {
                    let contents = self.rhs(a, cf, true);
                    self.edge(result, contents);
                }
            }
        }
        if returns_non_uniform {
            self.edge(result, MAY_BE_NON_UNIFORM);
            self.why
                .insert(result, Why::Result(span, What::CallResult(f.name())));
        }
        for k in base..base + args.len() {
            let a = self.arg_nodes[k];
            self.edge(result, a);
        }
    }

    // ---- Exploring the graph ---------------------------------------------------------

    /// Explores the graph with the buffers `g`: reports failures and records the
    /// function's tags.
    fn finish(&mut self, m: &Module, g: &mut GraphBuffers, diags: &mut Vec<Diagnostic>) {
        let tags = self.explore(m, g, diags);
        self.tags[self.decl.index()] = tags;
    }

    fn explore(&self, m: &Module, g: &mut GraphBuffers, diags: &mut Vec<Diagnostic>) -> FnTags<'a> {
        let n = self.count as usize;
        // Compressed adjacency.
        refill(&mut g.start, n + 1, 0);
        // Slices rather than `Vec`s, as in `reachable_targets`.
        let start = g.start.as_mut_slice();
        for &(a, _) in &self.edges {
            start[a as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        g.fill.clear();
        g.fill.extend_from_slice(start);
        let fill = g.fill.as_mut_slice();
        // Every slot is written: each edge fills one.
        let adj = at_least(&mut g.adj, self.edges.len());
        for &(a, b) in &self.edges {
            adj[fill[a as usize] as usize] = b;
            fill[a as usize] += 1;
        }
        let (start, adj) = (&*start, &*adj);
        // Special (non-interior) nodes are never marked visited: the fixed ones, the
        // parameters, the pointer parameters' contents and the return value, which
        // `function` creates first.
        let first_interior = self.first_interior;
        let nparams = self.param_nodes.len();
        let mut tags = FnTags {
            params: std::iter::repeat_with(ParamTags::default)
                .take(nparams)
                .collect(),
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
        // Return value and pointer parameter effects: which of MayBeNonUniform, the
        // parameters and the pointer parameters' contents each of Value_return and
        // Value_return_i_contents reaches.
        let sources = &mut g.sources;
        sources.clear();
        sources.extend(self.value_return);
        sources.extend(self.ptr_params.iter().flatten().map(|&(_, _, r)| r));
        if sources.is_empty() {
            return tags;
        }
        let targets = &mut g.targets;
        targets.clear();
        targets.push(MAY_BE_NON_UNIFORM);
        targets.extend(&self.param_nodes);
        let contents_at = targets.len();
        targets.extend(self.ptr_params.iter().flatten().map(|&(_, c, _)| c));
        let (bits, words) = g.tarjan.reachable_targets(n, start, adj, targets, sources);
        let set_of = |source: usize| &bits[source * words..(source + 1) * words];
        let has = |set: &[u64], t: usize| set[t / 64] >> (t % 64) & 1 == 1;
        let mut next_source = 0;
        let mut groups: HashMap<(Vec<u32>, Vec<u32>), u32> = HashMap::default();
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
        tags
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
}
