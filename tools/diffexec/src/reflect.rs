//! What a compute entry point needs bound, read from the shader itself.
//!
//! naga's module is the reflection source: it parses and validates the WGSL, tells which
//! globals an entry point uses (`ModuleInfo`), and lays types out (`Layouter` plus the
//! explicit offsets and strides WGSL's host-shareable types carry). Each storage or uniform
//! buffer becomes a [`BufferSpec`]: its size and a flat list of scalar [`Leaf`]s, so the
//! filler can write type-respecting values and the comparer can tell a float from an int.
//!
//! Rules:
//! - An entry point that uses a texture, sampler, binding array, immediate (push constant)
//!   or any non-buffer resource is skipped with a reason; nothing is bound half-way.
//! - Runtime-sized arrays get [`runtime_len`] elements: enough for every invocation of the
//!   fixed grid to own four elements.
//! - **Index analysis.** A buffer value that flows into an array, vector or matrix index
//!   (through arithmetic, `let`s, local and private variables, function arguments and
//!   results) marks its leaves with the smallest length it indexes. The filler keeps those
//!   leaves inside `0..bound`, so the shader reads and writes in bounds and the comparison
//!   means something: WGSL leaves an out-of-bounds result to the implementation. The
//!   analysis is conservative in one direction only (it may miss a flow); the runner then
//!   catches the out-of-bounds access by running the reference under two bounds-check
//!   policies and comparing (see `harness.rs`).

use naga::proc::Layouter;
use naga::valid::{FunctionInfo, ModuleInfo};
use naga::{
    AddressSpace, Block, Expression, Function, Handle, Module, Scalar, ScalarKind, Statement,
    TypeInner,
};
use std::collections::HashMap;

/// Workgroups dispatched for every shader: a small fixed grid, two along x and y so that
/// shaders indexing by `global_invocation_id.y` see more than one row.
pub const DISPATCH: [u32; 3] = [2, 2, 1];

/// A parsed, validated WGSL module.
pub struct Shader {
    pub module: Module,
    pub info: ModuleInfo,
}

impl Shader {
    pub fn parse(source: &str) -> Result<Shader, String> {
        let module = naga::front::wgsl::parse_str(source).map_err(|e| e.emit_to_string(source))?;
        let info = validate(&module).map_err(|e| e.emit_to_string(source))?;
        Ok(Shader { module, info })
    }

    /// The names of the compute entry points, in source order.
    pub fn compute_entries(&self) -> Vec<String> {
        self.module
            .entry_points
            .iter()
            .filter(|ep| ep.stage == naga::ShaderStage::Compute)
            .map(|ep| ep.name.clone())
            .collect()
    }
}

pub fn validate(
    module: &Module,
) -> Result<ModuleInfo, Box<naga::WithSpan<naga::valid::ValidationError>>> {
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(module)
    .map_err(Box::new)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BufferKind {
    Uniform,
    Storage { writable: bool },
}

/// The scalar types a buffer leaf can hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeafKind {
    F16,
    F32,
    F64,
    I32,
    U32,
    I64,
    U64,
}

impl LeafKind {
    pub fn width(self) -> u32 {
        match self {
            LeafKind::F16 => 2,
            LeafKind::F32 | LeafKind::I32 | LeafKind::U32 => 4,
            LeafKind::F64 | LeafKind::I64 | LeafKind::U64 => 8,
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, LeafKind::F16 | LeafKind::F32 | LeafKind::F64)
    }

    fn of(scalar: Scalar) -> Option<LeafKind> {
        Some(match (scalar.kind, scalar.width) {
            (ScalarKind::Float, 2) => LeafKind::F16,
            (ScalarKind::Float, 4) => LeafKind::F32,
            (ScalarKind::Float, 8) => LeafKind::F64,
            (ScalarKind::Sint, 4) => LeafKind::I32,
            (ScalarKind::Uint, 4) => LeafKind::U32,
            (ScalarKind::Sint, 8) => LeafKind::I64,
            (ScalarKind::Uint, 8) => LeafKind::U64,
            _ => return None,
        })
    }
}

/// One scalar inside a buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leaf {
    pub offset: u32,
    pub kind: LeafKind,
    /// When the value is used as an index: values must stay in `0..bound`.
    pub index_bound: Option<u32>,
}

#[derive(Clone, Debug)]
pub struct BufferSpec {
    pub name: String,
    pub group: u32,
    pub binding: u32,
    pub kind: BufferKind,
    /// Bytes, a multiple of 4 and at least 16.
    pub size: u32,
    pub leaves: Vec<Leaf>,
}

/// Everything needed to run one compute entry point.
#[derive(Clone, Debug)]
pub struct Interface {
    pub entry: String,
    pub workgroup_size: [u32; 3],
    pub buffers: Vec<BufferSpec>,
}

impl Interface {
    pub fn invocations(&self) -> u32 {
        let groups: u32 = DISPATCH.iter().product();
        groups * self.workgroup_size.iter().product::<u32>()
    }
}

/// Elements given to every runtime-sized array, for a grid of `invocations`.
pub fn runtime_len(invocations: u32) -> u32 {
    (invocations * 4).clamp(16, 16384)
}

/// Reads the interface of compute entry point `entry`, or says why it cannot be bound.
pub fn interface(shader: &Shader, entry: &str) -> Result<Interface, String> {
    let module = &shader.module;
    let (ep_index, ep) = module
        .entry_points
        .iter()
        .enumerate()
        .find(|(_, ep)| ep.stage == naga::ShaderStage::Compute && ep.name == entry)
        .ok_or_else(|| format!("no compute entry point `{entry}`"))?;
    if ep.workgroup_size_overrides.is_some() {
        // process_overrides has replaced defaults already; what is left has none.
        return Err("workgroup size set by an override".into());
    }
    let ep_info = shader.info.get_entry_point(ep_index);
    let mut layouter = Layouter::default();
    layouter
        .update(module.to_ctx())
        .map_err(|e| format!("layout: {e}"))?;
    let invocations = DISPATCH.iter().product::<u32>() * ep.workgroup_size.iter().product::<u32>();
    let rt_len = runtime_len(invocations);
    let taint = IndexAnalysis::run(shader, rt_len);

    let mut buffers = Vec::new();
    for (handle, var) in module.global_variables.iter() {
        if ep_info[handle].is_empty() {
            continue;
        }
        let name = var
            .name
            .clone()
            .unwrap_or_else(|| format!("global{}", handle.index()));
        let kind = match var.space {
            AddressSpace::Uniform => BufferKind::Uniform,
            AddressSpace::Storage { access } => BufferKind::Storage {
                writable: access.contains(naga::StorageAccess::STORE),
            },
            AddressSpace::Private | AddressSpace::WorkGroup | AddressSpace::Function => continue,
            AddressSpace::Handle => {
                return Err(format!("uses texture or sampler `{name}`"));
            }
            other => return Err(format!("uses `{name}` in address space {other:?}")),
        };
        if matches!(module.types[var.ty].inner, TypeInner::BindingArray { .. }) {
            return Err(format!("uses binding array `{name}`"));
        }
        let binding = var
            .binding
            .as_ref()
            .ok_or_else(|| format!("buffer `{name}` has no binding"))?;
        let mut walker = LeafWalker {
            module,
            layouter: &layouter,
            rt_len,
            taint: taint.paths.get(&handle),
            leaves: Vec::new(),
            path: Vec::new(),
        };
        let size = walker.walk(var.ty, 0)?;
        let size = size.div_ceil(4).max(4) * 4;
        buffers.push(BufferSpec {
            name,
            group: binding.group,
            binding: binding.binding,
            kind,
            size,
            leaves: walker.leaves,
        });
    }
    Ok(Interface {
        entry: entry.to_string(),
        workgroup_size: ep.workgroup_size,
        buffers,
    })
}

/// A step from a value to a part of it: a struct member or any element.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Step {
    Member(u32),
    Element,
}

struct LeafWalker<'a> {
    module: &'a Module,
    layouter: &'a Layouter,
    rt_len: u32,
    taint: Option<&'a Vec<(Vec<Step>, u32)>>,
    leaves: Vec<Leaf>,
    path: Vec<Step>,
}

impl LeafWalker<'_> {
    /// Appends the leaves of `ty` at `offset` and returns its size in bytes.
    fn walk(&mut self, ty: Handle<naga::Type>, offset: u32) -> Result<u32, String> {
        if self.leaves.len() > 1 << 20 {
            return Err("buffer too large to fill".into());
        }
        let inner = &self.module.types[ty].inner;
        match *inner {
            TypeInner::Scalar(s) | TypeInner::Atomic(s) => {
                self.leaf(s, offset)?;
            }
            TypeInner::Vector { size, scalar } => {
                for i in 0..size as u32 {
                    self.path.push(Step::Element);
                    self.leaf(scalar, offset + i * scalar.width as u32)?;
                    self.path.pop();
                }
            }
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => {
                let row_bytes = rows as u32 * scalar.width as u32;
                // A column is a vector: vec3 columns are aligned like vec4.
                let column_stride = if rows as u32 == 3 {
                    4 * scalar.width as u32
                } else {
                    row_bytes
                };
                for c in 0..columns as u32 {
                    self.path.push(Step::Element);
                    for r in 0..rows as u32 {
                        self.path.push(Step::Element);
                        self.leaf(scalar, offset + c * column_stride + r * scalar.width as u32)?;
                        self.path.pop();
                    }
                    self.path.pop();
                }
            }
            TypeInner::Array { base, size, stride } => {
                let count = match size {
                    naga::ArraySize::Constant(n) => n.get(),
                    naga::ArraySize::Dynamic => self.rt_len,
                    naga::ArraySize::Pending(_) => {
                        return Err("array sized by an override".into());
                    }
                };
                for i in 0..count {
                    self.path.push(Step::Element);
                    self.walk(base, offset + i * stride)?;
                    self.path.pop();
                }
                return Ok(count * stride);
            }
            TypeInner::Struct { ref members, span } => {
                let mut end = span;
                for (i, m) in members.iter().enumerate() {
                    self.path.push(Step::Member(i as u32));
                    let size = self.walk(m.ty, offset + m.offset)?;
                    self.path.pop();
                    end = end.max(m.offset + size);
                }
                return Ok(end);
            }
            ref other => return Err(format!("buffer holds unsupported type {other:?}")),
        }
        Ok(self.layouter[ty].size)
    }

    fn leaf(&mut self, scalar: Scalar, offset: u32) -> Result<(), String> {
        let kind = LeafKind::of(scalar).ok_or_else(|| format!("unsupported scalar {scalar:?}"))?;
        let index_bound = self.taint.and_then(|paths| {
            paths
                .iter()
                .filter(|(p, _)| p.len() <= self.path.len() && p[..] == self.path[..p.len()])
                .map(|&(_, bound)| bound)
                .min()
        });
        self.leaves.push(Leaf {
            offset,
            kind,
            index_bound,
        });
        Ok(())
    }
}

/// A function of the module: a plain function or an entry point's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum FnId {
    Plain(Handle<Function>),
    Entry(usize),
}

/// Where a pointer leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Root {
    Global(Handle<naga::GlobalVariable>),
    Local(FnId, Handle<naga::LocalVariable>),
    Arg(FnId, u32),
}

/// A call: the calling function and its argument expressions.
type CallSite = (FnId, Vec<Handle<Expression>>);

/// The index analysis the module essay describes: a backwards walk from every index
/// operand to the buffer loads it depends on.
struct IndexAnalysis<'a> {
    shader: &'a Shader,
    rt_len: u32,
    /// (function, expression) → smallest bound seen, so a smaller bound revisits.
    seen: HashMap<(FnId, Handle<Expression>), u32>,
    work: Vec<(FnId, Handle<Expression>, u32)>,
    /// Stores into each root, collected once: (function, stored value).
    stores: HashMap<Root, Vec<(FnId, Handle<Expression>)>>,
    /// Per function: its call sites (caller, arguments) and its returned values.
    calls: HashMap<Handle<Function>, Vec<CallSite>>,
    returns: HashMap<FnId, Vec<Handle<Expression>>>,
    paths: HashMap<Handle<naga::GlobalVariable>, Vec<(Vec<Step>, u32)>>,
}

impl<'a> IndexAnalysis<'a> {
    fn run(shader: &'a Shader, rt_len: u32) -> IndexAnalysis<'a> {
        let mut a = IndexAnalysis {
            shader,
            rt_len,
            seen: HashMap::new(),
            work: Vec::new(),
            stores: HashMap::new(),
            calls: HashMap::new(),
            returns: HashMap::new(),
            paths: HashMap::new(),
        };
        let fns: Vec<FnId> = a.functions().collect();
        for &f in &fns {
            a.collect_statements(f, &a.function(f).body);
            let func = a.function(f);
            for (l, local) in func.local_variables.iter() {
                if let Some(init) = local.init {
                    a.stores
                        .entry(Root::Local(f, l))
                        .or_default()
                        .push((f, init));
                }
            }
        }
        for &f in &fns {
            for (_, expr) in a.function(f).expressions.iter() {
                if let Expression::Access { base, index } = *expr {
                    if let Some(bound) = a.indexed_length(f, base) {
                        a.work.push((f, index, bound));
                    }
                }
            }
        }
        // Bounded: each (function, expression) is revisited only when its bound shrinks,
        // and bounds only shrink.
        let mut budget = 1usize << 20;
        while let Some((f, e, bound)) = a.work.pop() {
            budget -= 1;
            if budget == 0 {
                break;
            }
            match a.seen.get(&(f, e)) {
                Some(&b) if b <= bound => continue,
                _ => {
                    a.seen.insert((f, e), bound);
                }
            }
            a.visit(f, e, bound);
        }
        a
    }

    fn functions(&self) -> impl Iterator<Item = FnId> + '_ {
        let module = &self.shader.module;
        module
            .functions
            .iter()
            .map(|(h, _)| FnId::Plain(h))
            .chain((0..module.entry_points.len()).map(FnId::Entry))
    }

    fn function(&self, f: FnId) -> &'a Function {
        match f {
            FnId::Plain(h) => &self.shader.module.functions[h],
            FnId::Entry(i) => &self.shader.module.entry_points[i].function,
        }
    }

    fn info(&self, f: FnId) -> &'a FunctionInfo {
        match f {
            FnId::Plain(h) => &self.shader.info[h],
            FnId::Entry(i) => self.shader.info.get_entry_point(i),
        }
    }

    fn pointee(&self, f: FnId, e: Handle<Expression>) -> &'a TypeInner {
        let types = &self.shader.module.types;
        match *self.info(f)[e].ty.inner_with(types) {
            TypeInner::Pointer { base, .. } => &types[base].inner,
            ref other => other,
        }
    }

    /// The length of what `base` (a value or a pointer) indexes.
    fn indexed_length(&self, f: FnId, base: Handle<Expression>) -> Option<u32> {
        let types = &self.shader.module.types;
        match *self.info(f)[base].ty.inner_with(types) {
            TypeInner::ValuePointer { size: Some(s), .. } => return Some(s as u32),
            TypeInner::ValuePointer { size: None, .. } => return None,
            _ => {}
        }
        match *self.pointee(f, base) {
            TypeInner::Array { size, .. } | TypeInner::BindingArray { size, .. } => match size {
                naga::ArraySize::Constant(n) => Some(n.get()),
                naga::ArraySize::Dynamic => Some(self.rt_len),
                naga::ArraySize::Pending(_) => None,
            },
            TypeInner::Vector { size, .. } => Some(size as u32),
            TypeInner::Matrix { columns, .. } => Some(columns as u32),
            _ => None,
        }
    }

    fn collect_statements(&mut self, f: FnId, block: &Block) {
        for stmt in block.iter() {
            match *stmt {
                Statement::Block(ref b) => self.collect_statements(f, b),
                Statement::If {
                    ref accept,
                    ref reject,
                    ..
                } => {
                    self.collect_statements(f, accept);
                    self.collect_statements(f, reject);
                }
                Statement::Switch { ref cases, .. } => {
                    for case in cases {
                        self.collect_statements(f, &case.body);
                    }
                }
                Statement::Loop {
                    ref body,
                    ref continuing,
                    ..
                } => {
                    self.collect_statements(f, body);
                    self.collect_statements(f, continuing);
                }
                Statement::Store { pointer, value } => {
                    if let Some((root, _)) = self.pointer_path(f, pointer) {
                        self.stores.entry(root).or_default().push((f, value));
                    }
                }
                Statement::Return { value: Some(v) } => {
                    self.returns.entry(f).or_default().push(v);
                }
                Statement::Call {
                    function,
                    ref arguments,
                    ..
                } => {
                    self.calls
                        .entry(function)
                        .or_default()
                        .push((f, arguments.clone()));
                }
                _ => {}
            }
        }
    }

    /// The root a pointer expression leads to, and the steps from the root.
    fn pointer_path(&self, f: FnId, mut e: Handle<Expression>) -> Option<(Root, Vec<Step>)> {
        let func = self.function(f);
        let mut steps = Vec::new();
        for _ in 0..256 {
            match func.expressions[e] {
                Expression::GlobalVariable(g) => {
                    steps.reverse();
                    return Some((Root::Global(g), steps));
                }
                Expression::LocalVariable(l) => {
                    steps.reverse();
                    return Some((Root::Local(f, l), steps));
                }
                Expression::FunctionArgument(i) => {
                    steps.reverse();
                    return Some((Root::Arg(f, i), steps));
                }
                Expression::Access { base, .. } => {
                    steps.push(Step::Element);
                    e = base;
                }
                Expression::AccessIndex { base, index } => {
                    let step = match *self.pointee(f, base) {
                        TypeInner::Struct { .. } => Step::Member(index),
                        _ => Step::Element,
                    };
                    steps.push(step);
                    e = base;
                }
                _ => return None,
            }
        }
        None
    }

    fn push(&mut self, f: FnId, e: Handle<Expression>, bound: u32) {
        self.work.push((f, e, bound));
    }

    fn visit(&mut self, f: FnId, e: Handle<Expression>, bound: u32) {
        let func = self.function(f);
        if self.bounds_itself(f, e) {
            return;
        }
        match func.expressions[e] {
            Expression::Load { pointer } => self.taint_location(f, pointer, bound),
            Expression::FunctionArgument(i) => {
                if let FnId::Plain(h) = f {
                    let sites = self.calls.get(&h).cloned().unwrap_or_default();
                    for (caller, args) in sites {
                        if let Some(&arg) = args.get(i as usize) {
                            self.push(caller, arg, bound);
                        }
                    }
                }
            }
            Expression::CallResult(callee) => {
                let values = self
                    .returns
                    .get(&FnId::Plain(callee))
                    .cloned()
                    .unwrap_or_default();
                for v in values {
                    self.push(FnId::Plain(callee), v, bound);
                }
            }
            Expression::Unary { expr, .. }
            | Expression::As { expr, .. }
            | Expression::Splat { value: expr, .. }
            | Expression::Swizzle { vector: expr, .. }
            | Expression::Relational { argument: expr, .. }
            | Expression::AccessIndex { base: expr, .. } => self.push(f, expr, bound),
            Expression::Binary { left, right, .. } => {
                self.push(f, left, bound);
                self.push(f, right, bound);
            }
            Expression::Access { base, .. } => self.push(f, base, bound),
            Expression::Select { accept, reject, .. } => {
                self.push(f, accept, bound);
                self.push(f, reject, bound);
            }
            Expression::Math {
                arg,
                arg1,
                arg2,
                arg3,
                ..
            } => {
                for a in [Some(arg), arg1, arg2, arg3].into_iter().flatten() {
                    self.push(f, a, bound);
                }
            }
            Expression::Compose { ref components, .. } => {
                for &c in components {
                    self.push(f, c, bound);
                }
            }
            _ => {}
        }
    }

    /// An unsigned `x % n`, `x & m`, `min(x, n)` or `clamp(x, lo, hi)` keeps its result in
    /// range whatever `x` is (an index written this way needs no help from the inputs).
    fn bounds_itself(&self, f: FnId, e: Handle<Expression>) -> bool {
        let types = &self.shader.module.types;
        let unsigned = self.info(f)[e]
            .ty
            .inner_with(types)
            .scalar_kind()
            .is_some_and(|k| k == ScalarKind::Uint);
        unsigned
            && matches!(
                self.function(f).expressions[e],
                Expression::Binary {
                    op: naga::BinaryOperator::Modulo | naga::BinaryOperator::And,
                    ..
                } | Expression::Math {
                    fun: naga::MathFunction::Min | naga::MathFunction::Clamp,
                    ..
                }
            )
    }

    /// A value loaded through `pointer` feeds an index: mark where it lives.
    fn taint_location(&mut self, f: FnId, pointer: Handle<Expression>, bound: u32) {
        let Some((root, steps)) = self.pointer_path(f, pointer) else {
            return;
        };
        match root {
            Root::Global(g) => {
                let var = &self.shader.module.global_variables[g];
                if matches!(
                    var.space,
                    AddressSpace::Uniform | AddressSpace::Storage { .. }
                ) {
                    let paths = self.paths.entry(g).or_default();
                    match paths.iter_mut().find(|(p, _)| *p == steps) {
                        Some((_, b)) => *b = (*b).min(bound),
                        None => paths.push((steps, bound)),
                    }
                }
            }
            Root::Arg(callee, i) => {
                // A pointer argument: the values come from whatever the callers point at.
                if let FnId::Plain(h) = callee {
                    let sites = self.calls.get(&h).cloned().unwrap_or_default();
                    for (caller, args) in sites {
                        if let Some(&arg) = args.get(i as usize) {
                            self.taint_location(caller, arg, bound);
                        }
                    }
                }
            }
            Root::Local(..) => {}
        }
        // Private, workgroup and local variables, and buffers too (a shader may copy an
        // index into a buffer and load it back): whatever was stored there.
        let values = self.stores.get(&root).cloned().unwrap_or_default();
        for (sf, v) in values {
            self.push(sf, v, bound);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iface(src: &str) -> Interface {
        let shader = Shader::parse(src).unwrap();
        interface(&shader, "main").unwrap()
    }

    #[test]
    fn lays_out_struct_with_runtime_array() {
        let i = iface(
            "struct S { a: u32, v: vec3<f32>, xs: array<i32> }
             @group(0) @binding(1) var<storage, read_write> s: S;
             @compute @workgroup_size(4) fn main() { s.xs[0] = i32(s.a); }",
        );
        let b = &i.buffers[0];
        assert_eq!((b.group, b.binding), (0, 1));
        assert_eq!(b.kind, BufferKind::Storage { writable: true });
        let rt = runtime_len(i.invocations());
        assert_eq!(b.size, 28 + 4 * rt);
        assert_eq!(b.leaves[0].kind, LeafKind::U32);
        assert_eq!(b.leaves[1].offset, 16);
        assert_eq!(b.leaves[4].offset, 28);
        assert_eq!(b.leaves[4].kind, LeafKind::I32);
    }

    #[test]
    fn index_analysis_bounds_buffer_indices() {
        let i = iface(
            "struct P { idx: array<u32, 8>, scale: f32 }
             @group(0) @binding(0) var<storage> p: P;
             @group(0) @binding(1) var<storage, read_write> out: array<f32, 5>;
             var<private> keep: u32;
             fn pick(k: u32) -> u32 { return k + 0u; }
             @compute @workgroup_size(1) fn main() {
               var j = p.idx[3];
               keep = j;
               out[pick(keep)] = p.scale;
             }",
        );
        let p = &i.buffers[0];
        assert!(p.leaves[..8].iter().all(|l| l.index_bound == Some(5)));
        assert_eq!(p.leaves[8].index_bound, None);
        assert!(i.buffers[1].leaves.iter().all(|l| l.index_bound.is_none()));
    }

    #[test]
    fn textures_are_skipped_with_a_reason() {
        let shader = Shader::parse(
            "@group(0) @binding(0) var t: texture_2d<f32>;
             @group(0) @binding(1) var<storage, read_write> o: vec4<f32>;
             @compute @workgroup_size(1) fn main() { o = textureLoad(t, vec2(0), 0); }",
        )
        .unwrap();
        let err = interface(&shader, "main").unwrap_err();
        assert!(err.contains("texture"), "{err}");
    }
}
