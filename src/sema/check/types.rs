//! Type expressions: predeclared types and type-generators with their template lists
//! (§"Type Specifier Grammar"), and the rules on which types may be built.
//!
//! A template argument is an expression like any other: checking it gives a type, an
//! enumerant or a value, and each generator says which it needs where. Element counts
//! are const-expressions (evaluated, positive) or override-expressions (kept symbolic:
//! an identifier naming an `override` gives [`ArraySize::Override`], any other
//! override-expression [`ArraySize::OverrideExpr`]).

use super::Checker;
use crate::diag::{Diagnostic, Span, codes};
use crate::sema::program::{Enumerant, EvalStage, ExprClass, ExprInfo, Name};
use crate::sema::resolve::Resolved;
use crate::sema::types::{
    Access, AddressSpace, ArraySize, Scalar, TextureKind, TypeFlags, TypeGenerator, TypeId,
    TypeKind,
};
use crate::syntax::ast::{ExprId, ExprKind};

impl Checker<'_> {
    /// Checks `e` in a type position and returns the type it denotes.
    pub(crate) fn type_expr(&mut self, e: ExprId) -> Option<TypeId> {
        let info = self.expr(e);
        match info.class {
            ExprClass::Type => info.ty,
            ExprClass::Error => None,
            _ => {
                let text = self.source_text(e);
                let mut d = Diagnostic::error(codes::NOT_A_TYPE, format!("`{text}` is not a type"))
                    .with_primary(self.span(e), "expected a type");
                if let Some(Resolved::Name(Name::Global(g))) = self.res.names[e.index()] {
                    d = d.with_secondary(
                        self.decl_name_span(g),
                        format!("`{text}` is declared here"),
                    );
                }
                self.report(d);
                None
            }
        }
    }

    /// A type expression naming a predeclared plain type (`f32`, `vec3f`, `sampler`).
    pub(crate) fn predeclared_type(
        &mut self,
        span: Span,
        name: &str,
        kind: TypeKind,
        templates: Option<&[ExprId]>,
    ) -> ExprInfo {
        if let Some(t) = templates {
            self.check_all(t);
            self.error(
                codes::TEMPLATE_ARGUMENTS,
                span,
                format!("`{name}` takes no template arguments"),
                "unexpected template list",
            );
            return ExprInfo::ERROR;
        }
        if kind_mentions_f16(kind) {
            self.require_f16(span);
        }
        let ty = self.p.types.intern(kind);
        type_info(ty)
    }

    /// Reports `f16` used without `enable f16;` (once per module).
    pub(crate) fn require_f16(&mut self, span: Span) {
        if self.ext.f16 || self.f16_reported {
            return;
        }
        self.f16_reported = true;
        self.report(
            Diagnostic::error(
                codes::EXTENSION_NOT_ENABLED,
                "the `f16` type needs the `f16` extension",
            )
            .with_primary(span, "`f16` used here")
            .with_note("add `enable f16;` at the top of the module"),
        );
    }

    /// Checks template arguments only to report errors inside them.
    pub(crate) fn check_all(&mut self, args: &[ExprId]) {
        for &a in args {
            self.expr(a);
        }
    }

    /// A type-generator applied to a template list (`vec3<f32>`, `array<T, N>`).
    pub(crate) fn generator_type(
        &mut self,
        span: Span,
        name: &str,
        g: TypeGenerator,
        templates: Option<&[ExprId]>,
    ) -> ExprInfo {
        let Some(args) = templates else {
            if g == TypeGenerator::Buffer {
                let ty = self.p.types.intern(TypeKind::Buffer(ArraySize::Runtime));
                return type_info(ty);
            }
            let example = match g {
                TypeGenerator::Vec(_) => format!("`{name}<f32>`"),
                TypeGenerator::Mat(..) => format!("`{name}<f32>`"),
                TypeGenerator::Array => "`array<f32, 4>`".to_string(),
                TypeGenerator::Atomic => "`atomic<u32>`".to_string(),
                TypeGenerator::Ptr => "`ptr<function, f32>`".to_string(),
                TypeGenerator::StorageTexture(_) => format!("`{name}<rgba8unorm, write>`"),
                _ => format!("`{name}<f32>`"),
            };
            self.report(
                Diagnostic::error(
                    codes::TEMPLATE_ARGUMENTS,
                    format!("`{name}` needs template arguments"),
                )
                .with_primary(span, "missing template list")
                .with_note(format!("for example {example}")),
            );
            return ExprInfo::ERROR;
        };
        let (min, max) = match g {
            TypeGenerator::Vec(_)
            | TypeGenerator::Mat(..)
            | TypeGenerator::Atomic
            | TypeGenerator::SampledTexture(_)
            | TypeGenerator::MultisampledTexture
            | TypeGenerator::Buffer => (1, 1),
            TypeGenerator::Array => (1, 2),
            TypeGenerator::Ptr => (2, 3),
            TypeGenerator::StorageTexture(_) => (2, 2),
        };
        if args.len() < min || args.len() > max {
            self.check_all(args);
            let expected = if min == max {
                format!("{min}")
            } else {
                format!("{min} or {max}")
            };
            self.error(
                codes::TEMPLATE_ARGUMENTS,
                span,
                format!(
                    "`{name}` takes {expected} template argument{}, but {} {} given",
                    if max == 1 { "" } else { "s" },
                    args.len(),
                    if args.len() == 1 { "was" } else { "were" }
                ),
                "wrong number of template arguments",
            );
            return ExprInfo::ERROR;
        }
        if g == TypeGenerator::Ptr {
            return self.pointer_type(args);
        }
        match self.generator_args(name, g, args) {
            Some(ty) => type_info(ty),
            None => ExprInfo::ERROR,
        }
    }

    fn generator_args(&mut self, name: &str, g: TypeGenerator, args: &[ExprId]) -> Option<TypeId> {
        let ty = match g {
            TypeGenerator::Vec(n) => {
                let s = self.template_scalar(args[0], name, |s| !s.is_abstract())?;
                self.p.types.vector(n, s)
            }
            TypeGenerator::Mat(c, r) => {
                let s = self
                    .template_scalar(args[0], name, |s| matches!(s, Scalar::F32 | Scalar::F16))?;
                self.p.types.matrix(c, r, s)
            }
            TypeGenerator::Atomic => {
                let s = self
                    .template_scalar(args[0], name, |s| matches!(s, Scalar::I32 | Scalar::U32))?;
                self.p.types.intern(TypeKind::Atomic(s))
            }
            TypeGenerator::SampledTexture(dim) => {
                let sampled = self.template_scalar(args[0], name, |s| {
                    matches!(s, Scalar::F32 | Scalar::I32 | Scalar::U32)
                })?;
                self.p
                    .types
                    .intern(TypeKind::Texture(TextureKind::Sampled { dim, sampled }))
            }
            TypeGenerator::MultisampledTexture => {
                let sampled = self.template_scalar(args[0], name, |s| {
                    matches!(s, Scalar::F32 | Scalar::I32 | Scalar::U32)
                })?;
                self.p
                    .types
                    .intern(TypeKind::Texture(TextureKind::Multisampled { sampled }))
            }
            TypeGenerator::StorageTexture(dim) => {
                let format = match self.template_enum(args[0], "a texel format")? {
                    Enumerant::TexelFormat(f) => f,
                    _ => {
                        self.wrong_enum(args[0], "a texel format");
                        return None;
                    }
                };
                let access = match self.template_enum(args[1], "an access mode")? {
                    Enumerant::Access(a) => a,
                    _ => {
                        self.wrong_enum(args[1], "an access mode");
                        return None;
                    }
                };
                self.p.types.intern(TypeKind::Texture(TextureKind::Storage {
                    dim,
                    format,
                    access,
                }))
            }
            TypeGenerator::Array => {
                let elem = self.type_expr(args[0])?;
                if !self.check_array_element(args[0], elem) {
                    return None;
                }
                let size = match args.get(1) {
                    Some(&n) => self.element_count(n, "array element count")?,
                    None => ArraySize::Runtime,
                };
                let ty = self.p.types.array(elem, size);
                let span = self.span(args[0]).join(self.span(*args.last()?));
                if !self.check_type_size(span, ty) {
                    return None;
                }
                ty
            }
            TypeGenerator::Buffer => {
                let size = self.element_count(args[0], "buffer size")?;
                if let ArraySize::Const(n) = size {
                    let unit = if self.ext.f16 { 2 } else { 4 };
                    if n % unit != 0 {
                        self.error(
                            codes::INVALID_TYPE,
                            self.span(args[0]),
                            format!("a buffer size must be a multiple of {unit}, but it is {n}"),
                            "not a multiple",
                        );
                        return None;
                    }
                }
                self.p.types.intern(TypeKind::Buffer(size))
            }
            TypeGenerator::Ptr => return None,
        };
        Some(ty)
    }

    fn pointer_type(&mut self, args: &[ExprId]) -> ExprInfo {
        let space = match self.template_enum(args[0], "an address space") {
            Some(Enumerant::AddressSpace(s)) => Some(s),
            Some(_) => {
                self.wrong_enum(args[0], "an address space");
                None
            }
            None => None,
        };
        let store = self.type_expr(args[1]);
        let access = match args.get(2) {
            None => None,
            Some(&a) => match self.template_enum(a, "an access mode") {
                Some(Enumerant::Access(m)) => Some(Some(m)),
                Some(_) => {
                    self.wrong_enum(a, "an access mode");
                    return ExprInfo::ERROR;
                }
                None => return ExprInfo::ERROR,
            },
        };
        let (Some(space), Some(store)) = (space, store) else {
            return ExprInfo::ERROR;
        };
        let access = match access {
            Some(Some(a)) => {
                if !space.access_may_be_written() {
                    self.report(
                        Diagnostic::error(
                            codes::ACCESS_MODE,
                            format!(
                                "an access mode may only be written for the `storage` address space, not `{}`",
                                space.name()
                            ),
                        )
                        .with_primary(self.span(args[2]), "remove this access mode"),
                    );
                    return ExprInfo::ERROR;
                }
                if !space.supports_access(a) {
                    self.error(
                        codes::ACCESS_MODE,
                        self.span(args[2]),
                        format!(
                            "the `{}` address space does not support `{}` access",
                            space.name(),
                            a.name()
                        ),
                        "unsupported access mode",
                    );
                    return ExprInfo::ERROR;
                }
                a
            }
            _ => space.default_access(),
        };
        if !self.check_store_type(space, access, store, self.span(args[1]), "pointer") {
            return ExprInfo::ERROR;
        }
        type_info(self.p.types.ptr(space, store, access))
    }

    /// A template argument that must be a scalar type accepted by `ok`.
    fn template_scalar(
        &mut self,
        arg: ExprId,
        generator: &str,
        ok: fn(Scalar) -> bool,
    ) -> Option<Scalar> {
        let ty = self.type_expr(arg)?;
        match self.p.types.kind(ty) {
            TypeKind::Scalar(s) if ok(s) => Some(s),
            _ => {
                let allowed = match generator {
                    g if g.starts_with("vec") => "`bool`, `i32`, `u32`, `f32` or `f16`",
                    g if g.starts_with("mat") => "`f32` or `f16`",
                    "atomic" => "`i32` or `u32`",
                    _ => "`f32`, `i32` or `u32`",
                };
                self.error(
                    codes::INVALID_TYPE,
                    self.span(arg),
                    format!(
                        "`{generator}` cannot hold `{}`; it takes {allowed}",
                        self.tn(ty)
                    ),
                    "invalid component type",
                );
                None
            }
        }
    }

    /// A template argument that must be an enumerant.
    fn template_enum(&mut self, arg: ExprId, what: &str) -> Option<Enumerant> {
        let info = self.expr(arg);
        match info.class {
            ExprClass::Enumerant(en) => Some(en),
            ExprClass::Error => None,
            _ => {
                self.wrong_enum(arg, what);
                None
            }
        }
    }

    fn wrong_enum(&mut self, arg: ExprId, what: &str) -> ExprInfo {
        let text = self.source_text(arg);
        let mut d = Diagnostic::error(
            codes::EXPECTED_ENUMERANT,
            format!("expected {what}, found `{text}`"),
        )
        .with_primary(self.span(arg), format!("not {what}"));
        if let Some(Resolved::Name(Name::Global(g))) = self.res.names[arg.index()] {
            d = d.with_secondary(
                self.decl_name_span(g),
                format!("`{text}` is declared here and shadows the predeclared name"),
            );
        }
        let examples = match what {
            "an address space" => {
                Some("`function`, `private`, `workgroup`, `uniform` or `storage`")
            }
            "an access mode" => Some("`read`, `write` or `read_write`"),
            _ => None,
        };
        if let Some(x) = examples {
            d = d.with_note(format!("expected one of {x}"));
        }
        self.report(d);
        ExprInfo::ERROR
    }

    /// The element type rules of §"Array Types".
    fn check_array_element(&mut self, at: ExprId, elem: TypeId) -> bool {
        let t = &self.p.types;
        let ok = match t.kind(elem) {
            TypeKind::Scalar(_)
            | TypeKind::Vector { .. }
            | TypeKind::Matrix { .. }
            | TypeKind::Atomic(_) => true,
            TypeKind::Array { .. } | TypeKind::Struct(_) => {
                t.has(elem, TypeFlags::CREATION_FIXED_FOOTPRINT)
            }
            _ => false,
        };
        if !ok {
            let why = match t.kind(elem) {
                TypeKind::Array { .. } | TypeKind::Struct(_) => {
                    "its size is not known when the shader is created"
                }
                _ => {
                    "array elements must be scalars, vectors, matrices, atomics, arrays or structures"
                }
            };
            self.report(
                Diagnostic::error(
                    codes::INVALID_TYPE,
                    format!("`{}` cannot be an array element type", self.tn(elem)),
                )
                .with_primary(self.span(at), "invalid element type")
                .with_note(why),
            );
        }
        ok
    }

    /// An array element count or buffer size: a positive const-expression, or an
    /// override-expression.
    pub(crate) fn element_count(&mut self, n: ExprId, what: &str) -> Option<ArraySize> {
        // Counts are needed to type the program, so they are evaluated even inside a
        // short-circuited operand.
        let quiet = std::mem::replace(&mut self.quiet_eval, 0);
        let r = self.element_count_inner(n, what);
        self.quiet_eval = quiet;
        r
    }

    fn element_count_inner(&mut self, n: ExprId, what: &str) -> Option<ArraySize> {
        let (ty, stage) = self.rvalue(n)?;
        let scalar = match self.p.types.kind(ty) {
            TypeKind::Scalar(s) if s.is_integer() => s,
            _ => {
                self.error(
                    codes::TYPE_MISMATCH,
                    self.span(n),
                    format!(
                        "the {what} must be an integer, but this is `{}`",
                        self.tn(ty)
                    ),
                    "not an integer",
                );
                return None;
            }
        };
        let concrete = self.concretize_expr(n, ty);
        match stage {
            EvalStage::Const => {
                let v = self.value_of(n)?;
                let value = v.as_i64()?;
                if value <= 0 {
                    self.error(
                        codes::INVALID_ARRAY_COUNT,
                        self.span(n),
                        format!("the {what} must be greater than zero, but it is {value}"),
                        "not positive",
                    );
                    return None;
                }
                let _ = (scalar, concrete);
                match u32::try_from(value) {
                    Ok(v) => Some(ArraySize::Const(v)),
                    Err(_) => {
                        self.error(
                            codes::INVALID_ARRAY_COUNT,
                            self.span(n),
                            format!("the {what} {value} is too large"),
                            "too large",
                        );
                        None
                    }
                }
            }
            EvalStage::Override => {
                let inner = self.strip_parens(n);
                let size = match (&self.m.expr(inner).kind, self.res.names[inner.index()]) {
                    (ExprKind::Ident(_), Some(Resolved::Name(Name::Global(d)))) => {
                        ArraySize::Override(d.index() as u32)
                    }
                    _ => ArraySize::OverrideExpr(n),
                };
                let spelling = self.span_text(n);
                self.p.types.set_override_spelling(size, spelling);
                Some(size)
            }
            EvalStage::Runtime => {
                self.report(
                    Diagnostic::error(
                        codes::NOT_CONST,
                        format!("the {what} must be a const-expression or an override-expression"),
                    )
                    .with_primary(self.span(n), "this depends on runtime values"),
                );
                None
            }
        }
    }

    pub(crate) fn strip_parens(&self, mut e: ExprId) -> ExprId {
        while let ExprKind::Paren(inner) = self.m.expr(e).kind {
            e = inner;
        }
        e
    }

    /// A short rendering of an expression's source text, for type names that mention
    /// override-expressions.
    fn span_text(&self, e: ExprId) -> String {
        match &self.m.expr(e).kind {
            ExprKind::Ident(ie) => self.sym(ie.ident.name).to_string(),
            ExprKind::Paren(inner) => self.span_text(*inner),
            _ => "<override-expression>".to_string(),
        }
    }

    /// The store type rules of each address space (§"var Declarations", §"Address
    /// Spaces"), for variables and pointer types.
    pub(crate) fn check_store_type(
        &mut self,
        space: AddressSpace,
        access: Access,
        ty: TypeId,
        span: Span,
        what: &str,
    ) -> bool {
        let t = &self.p.types;
        let f = t.flags(ty);
        let name = self.tn(ty);
        let fail = |reason: String| {
            Diagnostic::error(
                codes::INVALID_STORE_TYPE,
                format!(
                    "`{name}` cannot be the store type of a {what} in the `{}` address space",
                    space.name()
                ),
            )
            .with_primary(span, "invalid store type")
            .with_note(reason)
        };
        let is_buffer = matches!(t.kind(ty), TypeKind::Buffer(_));
        let fixed_buffer = matches!(t.kind(ty), TypeKind::Buffer(s) if s != ArraySize::Runtime);
        // Why the type is not allowed, if it is not: one diagnostic built for all.
        let reason: Option<String> = match space {
            AddressSpace::Function | AddressSpace::Private => {
                if !f.contains(TypeFlags::CONSTRUCTIBLE) {
                    Some(format!(
                        "variables in the `{}` address space must have a constructible type",
                        space.name()
                    ))
                } else {
                    None
                }
            }
            AddressSpace::Workgroup => {
                if (f.contains(TypeFlags::PLAIN) && f.contains(TypeFlags::FIXED_FOOTPRINT))
                    || fixed_buffer
                {
                    None
                } else {
                    Some("workgroup variables must have a plain type with a fixed footprint".into())
                }
            }
            AddressSpace::Uniform => {
                if (f.contains(TypeFlags::CONSTRUCTIBLE) && f.contains(TypeFlags::HOST_SHAREABLE))
                    || fixed_buffer
                {
                    None
                } else if f.contains(TypeFlags::CONTAINS_ATOMIC) {
                    Some("atomics are only allowed in `storage` buffers with `read_write` access and in `workgroup` variables".into())
                } else {
                    Some("uniform buffers must have a constructible, host-shareable type".into())
                }
            }
            AddressSpace::Storage => {
                if !f.contains(TypeFlags::HOST_SHAREABLE) && !is_buffer {
                    Some(host_shareable_reason(f))
                } else if f.contains(TypeFlags::CONTAINS_ATOMIC) && access != Access::ReadWrite {
                    Some("atomics in `storage` buffers need `read_write` access".into())
                } else {
                    None
                }
            }
            AddressSpace::Immediate => {
                let has_array = contains_array(t, ty);
                if !(f.contains(TypeFlags::CONSTRUCTIBLE) && f.contains(TypeFlags::HOST_SHAREABLE))
                    || has_array
                {
                    Some("immediate data must be a constructible, host-shareable type without arrays".into())
                } else {
                    None
                }
            }
            AddressSpace::Handle => None,
        };
        if let Some(reason) = reason {
            self.report(fail(reason));
            return false;
        }
        if f.contains(TypeFlags::CONTAINS_OVERRIDE_SIZED_ARRAY) && space != AddressSpace::Workgroup
        {
            self.error(
                codes::INVALID_STORE_TYPE,
                span,
                format!(
                    "`{name}` has an element count set by an override, which only `workgroup` variables may have"
                ),
                "override-sized array",
            );
            return false;
        }
        if f.contains(TypeFlags::CONTAINS_ATOMIC)
            && !matches!(space, AddressSpace::Storage | AddressSpace::Workgroup)
        {
            self.report(fail(
                "atomics are only allowed in `storage` buffers with `read_write` access and in `workgroup` variables".into(),
            ));
            return false;
        }
        if f.contains(TypeFlags::CONTAINS_F16) {
            self.require_f16(span);
        }
        if matches!(
            space,
            AddressSpace::Function | AddressSpace::Private | AddressSpace::Workgroup
        ) {
            if let Some(n) = self
                .p
                .types
                .largest_array(ty)
                .filter(|&n| n > MAX_LOCAL_ARRAY)
            {
                self.report(
                    Diagnostic::error(
                        codes::LIMIT,
                        format!(
                            "an array in the `{}` address space may have at most {MAX_LOCAL_ARRAY} elements, but this one has {n}",
                            space.name()
                        ),
                    )
                    .with_primary(span, "array too large")
                    .with_note("large arrays belong in `storage` buffers"),
                );
                return false;
            }
        }
        if matches!(
            space,
            AddressSpace::Uniform | AddressSpace::Storage | AddressSpace::Immediate
        ) {
            if let Err(v) = crate::sema::types::layout::check_address_space_layout(
                &self.p.types,
                ty,
                space,
                true,
            ) {
                let msg = v.message(&self.p.types, space);
                self.report(
                    Diagnostic::error(codes::LAYOUT, msg)
                        .with_primary(span, "store type violates the layout rules")
                        .with_note(
                            "use `@align(n)` or `@size(n)` on the member, or reorder members",
                        ),
                );
                return false;
            }
        }
        true
    }
}

/// refract's limit on the element count of arrays in per-invocation and workgroup memory
/// (as Chromium's); the spec leaves it to implementations.
const MAX_LOCAL_ARRAY: u32 = 65535;

impl Checker<'_> {
    /// Reports E1120 when `ty`'s byte size passes 2^32 - 1: WebGPU addresses no more (and
    /// Chromium rejects such types), and the IR's layouts are 32-bit. Checked where the
    /// type is made, so `check` rejects what `compile` would.
    pub(crate) fn check_type_size(&mut self, span: Span, ty: TypeId) -> bool {
        let Some(size) = self.p.types.layout(ty).map(|l| l.size) else {
            return true;
        };
        if size <= u64::from(u32::MAX) {
            return true;
        }
        self.error(
            codes::TYPE_TOO_LARGE,
            span,
            format!(
                "`{}` is {size} bytes; a type's byte size must not exceed 4294967295 (2^32 - 1)",
                self.tn(ty)
            ),
            "too large",
        );
        false
    }
}

fn host_shareable_reason(f: TypeFlags) -> String {
    if f.contains(TypeFlags::CONTAINS_BOOL) {
        "`bool` is not host-shareable: storage buffers cannot hold booleans; use `u32`".into()
    } else {
        "storage buffers must have a host-shareable type".into()
    }
}

fn contains_array(t: &crate::sema::types::TypeTable, ty: TypeId) -> bool {
    match t.kind(ty) {
        TypeKind::Array { .. } => true,
        TypeKind::Struct(id) => t
            .struct_def(id)
            .members
            .iter()
            .any(|m| matches!(t.kind(m.ty), TypeKind::Array { .. })),
        _ => false,
    }
}

pub(crate) fn type_info(ty: TypeId) -> ExprInfo {
    ExprInfo {
        class: ExprClass::Type,
        ty: Some(ty),
        stage: EvalStage::Const,
        loaded: false,
    }
}

fn kind_mentions_f16(kind: TypeKind) -> bool {
    match kind {
        TypeKind::Scalar(s)
        | TypeKind::Vector { scalar: s, .. }
        | TypeKind::Matrix { scalar: s, .. } => s == Scalar::F16,
        _ => false,
    }
}
