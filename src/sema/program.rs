//! The typed program: what sema knows about a module, for lowering and tools.
//!
//! Sema never rewrites the AST. Everything it decides lives in side tables of a
//! [`Program`], indexed by the AST's own ids:
//!
//! | table                      | key                          | gives                                   |
//! |----------------------------|------------------------------|-----------------------------------------|
//! | [`Program::expr`]          | [`ExprId`]                   | [`ExprInfo`]: type, evaluation stage, whether the Load Rule applies |
//! | [`Program::sem`]           | [`ExprId`]                   | [`ExprSem`]: what a name resolves to, which function a call calls, which member or swizzle a `.` selects |
//! | [`Program::value`]         | [`ExprId`]                   | the constant value of a const-expression |
//! | [`Program::local`]         | [`StmtId`] of `var`/`let`/`const` | [`LocalInfo`]: type, address space, constant value |
//! | [`Program::decl`]          | [`DeclId`]                   | [`DeclInfo`]: globals, overrides, aliases, structures, functions |
//! | [`Program::entry_points`]  |                              | [`EntryPoint`]s with their interface    |
//! | [`Program::types`]         | [`TypeId`]                   | the interned types, with struct layouts |
//!
//! Rules lowering can rely on:
//! - **Types are final.** [`ExprInfo::ty`] is the type the expression has *where it is
//!   used*: an abstract subexpression consumed by a concrete context is recorded with the
//!   concrete type it is converted to, and its [`Program::value`] is the converted value.
//!   An expression whose type is still abstract is always a const-expression whose parent
//!   is also abstract (or which is itself the initializer of an abstract `const`).
//!   Lowering emits a constant for every expression with a value and never looks inside.
//! - **References and loads are explicit.** A memory view (a `var`, `*p`, `a[i]` of a
//!   memory view, `s.m` of one) has a [`TypeKind::Ref`] type. When its context reads it
//!   (the Load Rule), [`ExprInfo::loaded`] is set and [`Program::value_type`] gives the
//!   store type. `&e`, the left side of an assignment and increments never load.
//! - **Names are resolved.** An identifier expression's [`ExprSem::Name`] says which
//!   declaration it denotes; a call's [`ExprSem::Call`] which function, builtin overload
//!   or constructor it is. Type expressions have [`ExprInfo::class`] `Type` and their
//!   [`ExprInfo::ty`] is the type they denote.
//! - **Declarations come in dependency order.** [`Program::order`] lists module-scope
//!   declarations so that each comes after every declaration it mentions; functions come
//!   after the functions they call.
//! - A program is only complete when there were no errors. After errors, slots of broken
//!   expressions hold [`ExprClass::Error`] and `ty` is `None`.

use crate::diag::Span;
use crate::sema::builtins::BuiltinFn;
use crate::sema::consteval::Value;
use crate::sema::types::{Access, AddressSpace, TexelFormat, TypeId, TypeKind, TypeTable};
use crate::syntax::ast::{ExprId, StmtId};

crate::entity_id! {
    /// A module-scope declaration: an index into [`crate::syntax::ast::Module::decls`].
    pub struct DeclId;
}

/// When an expression's value is known (§"Early Evaluation Expressions").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum EvalStage {
    /// A const-expression, evaluated at shader-creation time; its value is in
    /// [`Program::value`].
    Const,
    /// An override-expression, known at pipeline creation.
    Override,
    /// A runtime expression.
    Runtime,
}

/// What kind of thing an expression denotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExprClass {
    /// Not checked, or broken (an error was reported).
    Error,
    /// A value or a memory view (reference).
    Value,
    /// A type (`vec4<f32>`, a structure, an alias); `ty` is the type denoted.
    Type,
    /// An enumerant (`read_write`, `storage`, `rgba8unorm`).
    Enumerant(Enumerant),
}

/// A predeclared enumerant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Enumerant {
    AddressSpace(AddressSpace),
    Access(Access),
    TexelFormat(TexelFormat),
}

/// Sema's facts about one expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExprInfo {
    pub class: ExprClass,
    /// The value's type (a `ref<…>` for memory views); the type denoted for type
    /// expressions; `None` for errors and enumerants.
    pub ty: Option<TypeId>,
    pub stage: EvalStage,
    /// The Load Rule applies: the context reads the memory view's store type.
    pub loaded: bool,
}

impl ExprInfo {
    pub const ERROR: ExprInfo = ExprInfo {
        class: ExprClass::Error,
        ty: None,
        stage: EvalStage::Runtime,
        loaded: false,
    };
}

/// What an identifier resolves to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Name {
    /// A `var`, `let` or `const` declared in a function: the declaring statement.
    Local(StmtId),
    /// The `index`-th formal parameter of the function being declared.
    Param(u32),
    /// A module-scope declaration.
    Global(DeclId),
    /// A predeclared type, type-generator or enumerant (see [`ExprInfo::class`]).
    Predeclared,
    /// A builtin function, named without being called.
    Builtin(BuiltinFn),
}

/// What a call expression calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallTarget {
    /// A user-declared function.
    Function(DeclId),
    /// A builtin function, and the index of the chosen overload in
    /// [`BuiltinFn::overloads`]. Each argument's [`ExprInfo::ty`] is its parameter type.
    Builtin { func: BuiltinFn, overload: u16 },
    /// A value constructor or conversion of the call's own type (`vec3<f32>(…)`,
    /// `f32(x)`, `array(…)`, `S(…)`). Each argument's type is what it converts to: the
    /// component, column, element or member type, or for a conversion the source type.
    Constructor,
}

/// Which components a swizzle selects, by index (x = 0 … w = 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Swizzle {
    pub len: u8,
    pub components: [u8; 4],
}

impl Swizzle {
    pub fn components(&self) -> &[u8] {
        &self.components[..usize::from(self.len)]
    }
}

/// The resolution side table's entry for one expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ExprSem {
    #[default]
    None,
    /// An identifier expression.
    Name(Name),
    /// A call expression.
    Call(CallTarget),
    /// `s.m`: the member's index in the structure.
    Member(u32),
    /// `v.xzy` or `v.x`.
    Swizzle(Swizzle),
}

/// A function-scope `var`, `let` or `const`.
#[derive(Clone, Debug)]
pub struct LocalInfo {
    pub kind: LocalKind,
    /// The store type of a `var`; the effective value type of a `let` or `const`.
    pub ty: TypeId,
    /// The value of a `const`.
    pub value: Option<Value>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LocalKind {
    Var,
    Let,
    Const,
}

/// A shader stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ShaderStage {
    Vertex,
    Fragment,
    Compute,
}

impl ShaderStage {
    pub fn name(self) -> &'static str {
        match self {
            ShaderStage::Vertex => "vertex",
            ShaderStage::Fragment => "fragment",
            ShaderStage::Compute => "compute",
        }
    }
}

/// A module-scope `var`.
#[derive(Clone, Debug)]
pub struct GlobalVar {
    pub space: AddressSpace,
    pub access: Access,
    /// The store type.
    pub ty: TypeId,
    /// `@group(g) @binding(b)` of a resource.
    pub binding: Option<ResourceBinding>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ResourceBinding {
    pub group: u32,
    pub binding: u32,
}

/// A `override` declaration.
#[derive(Clone, Debug)]
pub struct OverrideInfo {
    pub ty: TypeId,
    /// `@id(n)`.
    pub id: Option<u32>,
    /// The initializer's value when it is a const-expression.
    pub default: Option<Value>,
    /// Whether the declaration has an initializer (const or override-expression).
    pub has_initializer: bool,
}

/// A user-declared function.
#[derive(Clone, Debug)]
pub struct FnInfo {
    pub params: Vec<TypeId>,
    pub ret: Option<TypeId>,
    pub stage: Option<ShaderStage>,
    pub must_use: bool,
    /// Functions this one calls, each once, in order of first call.
    pub callees: Vec<DeclId>,
    /// Module-scope `var`s and `override`s this function mentions directly.
    pub globals: Vec<DeclId>,
    /// Textures this function's own builtin calls sample with a (non-comparison)
    /// sampler: what WebGPU's default pipeline layout calls filterable.
    pub sampled: Vec<TextureSource>,
    /// Texture arguments of calls to user functions: the callee, the parameter index and
    /// where the argument's texture comes from.
    pub texture_args: Vec<(DeclId, u32, TextureSource)>,
}

/// Where a texture value named in a function comes from: a module-scope `var` or one of
/// the function's parameters (WGSL textures are only ever named, never computed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextureSource {
    Global(DeclId),
    Param(u32),
}

/// What sema knows about a module-scope declaration.
#[derive(Clone, Debug, Default)]
pub enum DeclInfo {
    /// Not checked (broken, or part of a dependency cycle).
    #[default]
    Error,
    Var(GlobalVar),
    Const {
        ty: TypeId,
        value: Value,
    },
    Override(OverrideInfo),
    Alias(TypeId),
    Struct(TypeId),
    Fn(FnInfo),
    ConstAssert,
}

/// A builtin value (§"Built-in Inputs and Outputs").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BuiltinValue {
    VertexIndex,
    InstanceIndex,
    ClipDistances,
    Position,
    FrontFacing,
    FragDepth,
    SampleIndex,
    SampleMask,
    LocalInvocationId,
    LocalInvocationIndex,
    GlobalInvocationId,
    GlobalInvocationIndex,
    WorkgroupId,
    WorkgroupIndex,
    NumWorkgroups,
    SubgroupInvocationId,
    SubgroupSize,
    SubgroupId,
    NumSubgroups,
    PrimitiveIndex,
}

impl BuiltinValue {
    pub const ALL: [BuiltinValue; 20] = [
        BuiltinValue::VertexIndex,
        BuiltinValue::InstanceIndex,
        BuiltinValue::ClipDistances,
        BuiltinValue::Position,
        BuiltinValue::FrontFacing,
        BuiltinValue::FragDepth,
        BuiltinValue::SampleIndex,
        BuiltinValue::SampleMask,
        BuiltinValue::LocalInvocationId,
        BuiltinValue::LocalInvocationIndex,
        BuiltinValue::GlobalInvocationId,
        BuiltinValue::GlobalInvocationIndex,
        BuiltinValue::WorkgroupId,
        BuiltinValue::WorkgroupIndex,
        BuiltinValue::NumWorkgroups,
        BuiltinValue::SubgroupInvocationId,
        BuiltinValue::SubgroupSize,
        BuiltinValue::SubgroupId,
        BuiltinValue::NumSubgroups,
        BuiltinValue::PrimitiveIndex,
    ];

    pub fn name(self) -> &'static str {
        match self {
            BuiltinValue::VertexIndex => "vertex_index",
            BuiltinValue::InstanceIndex => "instance_index",
            BuiltinValue::ClipDistances => "clip_distances",
            BuiltinValue::Position => "position",
            BuiltinValue::FrontFacing => "front_facing",
            BuiltinValue::FragDepth => "frag_depth",
            BuiltinValue::SampleIndex => "sample_index",
            BuiltinValue::SampleMask => "sample_mask",
            BuiltinValue::LocalInvocationId => "local_invocation_id",
            BuiltinValue::LocalInvocationIndex => "local_invocation_index",
            BuiltinValue::GlobalInvocationId => "global_invocation_id",
            BuiltinValue::GlobalInvocationIndex => "global_invocation_index",
            BuiltinValue::WorkgroupId => "workgroup_id",
            BuiltinValue::WorkgroupIndex => "workgroup_index",
            BuiltinValue::NumWorkgroups => "num_workgroups",
            BuiltinValue::SubgroupInvocationId => "subgroup_invocation_id",
            BuiltinValue::SubgroupSize => "subgroup_size",
            BuiltinValue::SubgroupId => "subgroup_id",
            BuiltinValue::NumSubgroups => "num_subgroups",
            BuiltinValue::PrimitiveIndex => "primitive_index",
        }
    }

    pub fn from_name(name: &str) -> Option<BuiltinValue> {
        BuiltinValue::ALL.into_iter().find(|b| b.name() == name)
    }
}

/// `@interpolate(type, sampling)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InterpolationType {
    Perspective,
    Linear,
    Flat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InterpolationSampling {
    Center,
    Centroid,
    Sample,
    First,
    Either,
}

impl InterpolationType {
    pub fn name(self) -> &'static str {
        match self {
            InterpolationType::Perspective => "perspective",
            InterpolationType::Linear => "linear",
            InterpolationType::Flat => "flat",
        }
    }
}

impl InterpolationSampling {
    pub fn name(self) -> &'static str {
        match self {
            InterpolationSampling::Center => "center",
            InterpolationSampling::Centroid => "centroid",
            InterpolationSampling::Sample => "sample",
            InterpolationSampling::First => "first",
            InterpolationSampling::Either => "either",
        }
    }
}

/// The IO attributes of an entry point parameter, return value or structure member.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct IoAttributes {
    pub builtin: Option<BuiltinValue>,
    pub location: Option<u32>,
    pub blend_src: Option<u32>,
    pub interpolation: Option<(InterpolationType, Option<InterpolationSampling>)>,
    pub invariant: bool,
}

/// One scalar-or-vector item of an entry point's interface.
#[derive(Clone, Debug)]
pub struct IoItem {
    /// The parameter's name, or `member` for a member of a structure parameter or result,
    /// or empty for a non-structure return value.
    pub name: String,
    pub ty: TypeId,
    pub attrs: IoAttributes,
    /// Where the item comes from: the parameter (or return value, `None`) and, for an
    /// item inside a structure, the member's index.
    pub param: Option<u32>,
    pub member: Option<u32>,
    pub span: Span,
}

/// One dimension of `@workgroup_size`.
#[derive(Clone, Debug, PartialEq)]
pub enum WorkgroupDim {
    /// A const-expression's value.
    Const(u32),
    /// An override-expression; resolved at pipeline creation.
    Override(ExprId),
}

/// An entry point: a function with `@vertex`, `@fragment` or `@compute`.
#[derive(Clone, Debug)]
pub struct EntryPoint {
    pub decl: DeclId,
    pub name: String,
    pub stage: ShaderStage,
    pub inputs: Vec<IoItem>,
    pub outputs: Vec<IoItem>,
    /// For compute shaders: x, y, z (omitted dimensions are 1).
    pub workgroup_size: Option<[WorkgroupDim; 3]>,
    /// Every module-scope `var` and `override` the entry point's shader statically
    /// accesses (through any call), in declaration order.
    pub globals: Vec<DeclId>,
}

/// The enable-extensions and language features a module turns on or uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Extensions {
    pub f16: bool,
    pub clip_distances: bool,
    pub dual_source_blending: bool,
    pub subgroups: bool,
    pub primitive_index: bool,
    pub subgroup_size_control: bool,
}

/// The constant values of expressions: sparse, as most expressions have none, so each
/// expression has a 4-byte slot naming its value in a list (a `Value` per expression
/// would cost 24 bytes each). A dense table rather than a hash map: the package then
/// carries no map type of its own for it.
#[derive(Clone, Debug)]
pub(crate) struct ValueTable {
    slots: Vec<u32>,
    list: Vec<Value>,
}

impl ValueTable {
    const NONE: u32 = u32::MAX;

    fn new(exprs: usize) -> ValueTable {
        ValueTable {
            slots: vec![Self::NONE; exprs],
            list: Vec::new(),
        }
    }

    pub(crate) fn get(&self, e: ExprId) -> Option<&Value> {
        self.list.get(self.slots[e.index()] as usize)
    }

    pub(crate) fn insert(&mut self, e: ExprId, v: Value) {
        let slot = &mut self.slots[e.index()];
        match self.list.get_mut(*slot as usize) {
            Some(old) => *old = v,
            None => {
                *slot = self.list.len() as u32;
                self.list.push(v);
            }
        }
    }

    /// Removes and returns `e`'s value; its place in the list stays unused (an
    /// expression's value is replaced at most a few times: by its conversions).
    pub(crate) fn remove(&mut self, e: ExprId) -> Option<Value> {
        let slot = std::mem::replace(&mut self.slots[e.index()], Self::NONE);
        let old = self.list.get_mut(slot as usize)?;
        Some(std::mem::replace(old, Value::Bool(false)))
    }
}

/// The typed program. See the module documentation for its rules.
#[derive(Clone, Debug)]
pub struct Program {
    pub types: TypeTable,
    pub(crate) exprs: Vec<ExprInfo>,
    pub(crate) sems: Vec<ExprSem>,
    /// The constant values, by expression.
    pub(crate) values: ValueTable,
    pub(crate) locals: Vec<Option<LocalInfo>>,
    pub(crate) decls: Vec<DeclInfo>,
    /// Module-scope declarations in dependency order.
    pub order: Vec<DeclId>,
    pub entry_points: Vec<EntryPoint>,
    pub extensions: Extensions,
}

impl Program {
    pub(crate) fn new(exprs: usize, stmts: usize, decls: usize) -> Program {
        Program {
            types: TypeTable::new(),
            exprs: vec![ExprInfo::ERROR; exprs],
            sems: vec![ExprSem::None; exprs],
            values: ValueTable::new(exprs),
            locals: crate::sema::filled(stmts, || None),
            decls: crate::sema::filled(decls, || DeclInfo::Error),
            order: Vec::new(),
            entry_points: Vec::new(),
            extensions: Extensions::default(),
        }
    }

    // The accessors index slices, not `Vec`s: at opt-level "z" (the wasm build) `Vec`'s
    // `Index` is a call of its own, and lowering asks these for every expression.

    /// Sema's facts about an expression.
    pub fn expr(&self, e: ExprId) -> &ExprInfo {
        &self.exprs.as_slice()[e.index()]
    }

    /// The expression's type where it is used (see the module rules); `None` after errors.
    pub fn type_of(&self, e: ExprId) -> Option<TypeId> {
        self.exprs.as_slice()[e.index()].ty
    }

    /// The type of the value the context reads: the store type when the Load Rule
    /// applies, the expression's type otherwise.
    pub fn value_type(&self, e: ExprId) -> Option<TypeId> {
        let info = &self.exprs[e.index()];
        let ty = info.ty?;
        Some(if info.loaded {
            self.types.unref(ty)
        } else {
            ty
        })
    }

    /// What an identifier, call or member access resolves to.
    pub fn sem(&self, e: ExprId) -> ExprSem {
        self.sems.as_slice()[e.index()]
    }

    /// The value of a const-expression.
    pub fn value(&self, e: ExprId) -> Option<&Value> {
        self.values.get(e)
    }

    /// A function-scope `var`, `let` or `const` declaration statement.
    pub fn local(&self, s: StmtId) -> Option<&LocalInfo> {
        self.locals[s.index()].as_ref()
    }

    pub fn decl(&self, d: DeclId) -> &DeclInfo {
        &self.decls.as_slice()[d.index()]
    }

    /// The function info of a function declaration.
    pub fn function(&self, d: DeclId) -> Option<&FnInfo> {
        match &self.decls[d.index()] {
            DeclInfo::Fn(f) => Some(f),
            _ => None,
        }
    }

    /// The reference type's parts, for a memory view expression.
    pub fn memory_view(&self, e: ExprId) -> Option<(AddressSpace, TypeId, Access)> {
        match self.types.kind(self.type_of(e)?) {
            TypeKind::Ref {
                space,
                store,
                access,
            } => Some((space, store, access)),
            _ => None,
        }
    }
}
