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
//!
//! The files: this one holds the graph's special nodes, the tags a function gives its
//! callers and the walker's state; `stmts.rs` and `exprs.rs` build the graph (phase 1)
//! from statements, and from expressions and calls; `explore.rs` explores it (phase 2)
//! and writes the diagnostics.

mod explore;
mod exprs;
mod stmts;

use crate::util::map::Map;

use crate::diag::{Diagnostic, Span};
use crate::sema::builtins::Category;
use crate::sema::check::{Behavior, Finished};
use crate::sema::directives::FilterSeverity;
use crate::sema::filters::FilterMap;
use crate::sema::program::{DeclId, DeclInfo, ExprSem, ShaderStage};
use crate::syntax::ast::{ExprId, GlobalDeclKind, Module, StmtId};

type Node = u32;

const RTU: [Node; 3] = [0, 1, 2];
const MAY_BE_NON_UNIFORM: Node = 3;
const CF_START: Node = 4;

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
    why: Map<Node, Why<'a>>,
    /// `(severity, node)` of each `RequiredToBeUniform` edge → its cause.
    causes: Map<(Sev, Node), Cause<'a>>,
    param_nodes: Vec<Node>,
    /// For each `function`-space pointer parameter: its variable index and the nodes of
    /// its contents on entry and on return.
    ptr_params: Vec<Option<(usize, Node, Node)>>,
    value_return: Option<Node>,
    /// Function-scope variables: by declaring statement (its index), the variable index.
    vars: Map<u32, u32>,
    /// The current value node of each variable.
    state: Vec<Node>,
    /// The value node of each `let`, by statement index.
    lets: Map<u32, Node>,
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
    tarjan: explore::Tarjan,
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
            tags: crate::sema::filled(m.decls.len(), FnTags::default),
            decl: DeclId::from_index(0),
            stage: None,
            edges: Vec::new(),
            count: CF_START + 1,
            first_interior: CF_START + 1,
            why: Map::default(),
            causes: Map::default(),
            param_nodes: Vec::new(),
            ptr_params: Vec::new(),
            value_return: None,
            vars: Map::default(),
            state: Vec::new(),
            lets: Map::default(),
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
}
