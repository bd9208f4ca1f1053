//! Module-scope declarations (§"Variable and Value Declarations", §"Structure Types",
//! §"Type Aliases", §"Functions"): each is checked once, in dependency order, and its
//! [`DeclInfo`] recorded for the declarations that mention it.

use crate::util::map::Map;

use super::{Checker, FnCtx};
use crate::diag::{Diagnostic, Span, codes};
use crate::sema::program::{
    DeclId, DeclInfo, Enumerant, EvalStage, ExprClass, FnInfo, GlobalVar, OverrideInfo,
    ResourceBinding, ShaderStage,
};
use crate::sema::types::{AddressSpace, ArraySize, NewMember, TypeFlags, TypeKind};
use crate::syntax::ast::{
    AttributeKind, FnDecl, GlobalDeclKind, OverrideDecl, StructDecl, VarDecl,
};

/// refract's limit on structure members. The spec's limit is a minimum every
/// implementation supports (1023); refract supports as many as Tint does.
const MAX_STRUCT_MEMBERS: usize = 16383;
/// The spec's limit on function parameters.
const MAX_PARAMS: usize = 255;

impl Checker<'_> {
    pub(crate) fn check_decl(&mut self, d: DeclId) {
        let m = self.m;
        let info = match &m.decls[d.index()].kind {
            GlobalDeclKind::Var(v) => self.global_var(v),
            GlobalDeclKind::Const(c) => self
                .const_decl(c)
                .map(|(ty, value)| DeclInfo::Const { ty, value }),
            GlobalDeclKind::Override(o) => self.override_decl(o),
            GlobalDeclKind::Alias(a) => self.type_expr(a.ty).map(DeclInfo::Alias),
            GlobalDeclKind::Struct(s) => self.struct_decl(d, s),
            GlobalDeclKind::ConstAssert(e) => {
                self.const_assert(*e);
                Some(DeclInfo::ConstAssert)
            }
            GlobalDeclKind::Fn(f) => self.fn_decl(d, f),
        };
        if let Some(info) = info {
            self.p.decls[d.index()] = info;
        }
    }

    // ---- var ---------------------------------------------------------------------------

    fn global_var(&mut self, v: &VarDecl) -> Option<DeclInfo> {
        let attrs = self.allowed_attrs(&v.attributes, &["group", "binding"], "a variable");
        let mut space = None;
        let mut ok = true;
        if let Some(&s) = v.template_args.first() {
            match self.enumerant_arg(s, "an address space") {
                Some(Enumerant::AddressSpace(sp)) => space = Some((sp, s)),
                Some(_) => {
                    self.error(
                        codes::EXPECTED_ENUMERANT,
                        self.span(s),
                        format!("expected an address space, found `{}`", self.source_text(s)),
                        "not an address space",
                    );
                    ok = false;
                }
                None => ok = false,
            }
        }
        let mut access = None;
        if let Some(&a) = v.template_args.get(1) {
            match self.enumerant_arg(a, "an access mode") {
                Some(Enumerant::Access(am)) => access = Some((am, a)),
                Some(_) => {
                    self.error(
                        codes::EXPECTED_ENUMERANT,
                        self.span(a),
                        format!("expected an access mode, found `{}`", self.source_text(a)),
                        "not an access mode",
                    );
                    ok = false;
                }
                None => ok = false,
            }
        }
        for &extra in v.template_args.iter().skip(2) {
            self.expr(extra);
            self.error(
                codes::TEMPLATE_ARGUMENTS,
                self.span(extra),
                "`var` takes at most an address space and an access mode".into(),
                "unexpected template argument",
            );
            ok = false;
        }
        let declared = v.ty.and_then(|t| self.type_expr(t));
        if v.ty.is_some() && declared.is_none() {
            ok = false;
        }
        let init = match v.init {
            Some(i) => match self.rvalue(i) {
                Some(x) => Some((i, x)),
                None => {
                    ok = false;
                    None
                }
            },
            None => None,
        };
        let group = attrs
            .iter()
            .find(|a| a.kind == AttributeKind::Group)
            .map(|a| (a.span, self.attr_u32(a)));
        let binding = attrs
            .iter()
            .find(|a| a.kind == AttributeKind::Binding)
            .map(|a| (a.span, self.attr_u32(a)));
        if !ok {
            return None;
        }
        let name_span = v.name.span;
        // The store type.
        let ty = match (declared, init) {
            (Some(d), Some((i, (t, _)))) => {
                if !self.convert_to(i, t, d, "the initializer") {
                    return None;
                }
                d
            }
            (Some(d), None) => d,
            (None, Some((i, (t, _)))) => self.concretize_expr(i, t),
            (None, None) => {
                self.error(
                    codes::MISSING_TYPE,
                    name_span,
                    "a variable needs a type or an initializer".into(),
                    "no type",
                );
                return None;
            }
        };
        let is_handle = matches!(
            self.p.types.kind(ty),
            TypeKind::Texture(_) | TypeKind::Sampler { .. }
        );
        let type_span = v.ty.map_or(name_span, |t| self.span(t));
        let space = match (space, is_handle) {
            (None, true) => AddressSpace::Handle,
            (Some((_, s)), true) => {
                self.report(
                    Diagnostic::error(
                        codes::INVALID_STORE_TYPE,
                        format!(
                            "variables of type `{}` cannot have an address space",
                            self.tn(ty)
                        ),
                    )
                    .with_primary(self.span(s), "remove the address space")
                    .with_note("textures and samplers are declared as `var name: type;`"),
                );
                return None;
            }
            (None, false) => {
                let mut d = Diagnostic::error(
                    codes::MISSING_ADDRESS_SPACE,
                    "a module-scope variable needs an address space",
                )
                .with_primary(name_span, "no address space");
                d = d.with_note(
                    "write `var<private>` for per-invocation data, `var<workgroup>` for shared data, or `var<uniform>`/`var<storage>` for buffers",
                );
                self.report(d);
                return None;
            }
            (Some((AddressSpace::Function, s)), _) => {
                self.report(
                    Diagnostic::error(
                        codes::INVALID_SCOPE,
                        "variables in the `function` address space must be declared inside a function",
                    )
                    .with_primary(self.span(s), "not allowed at module scope"),
                );
                return None;
            }
            (Some((sp, _)), false) => sp,
        };
        let access_mode = match access {
            None => space.default_access(),
            Some((am, a)) => {
                if !space.access_may_be_written() {
                    self.report(
                        Diagnostic::error(
                            codes::ACCESS_MODE,
                            format!(
                                "an access mode may only be written for the `storage` address space, not `{}`",
                                space.name()
                            ),
                        )
                        .with_primary(self.span(a), "remove this access mode"),
                    );
                    return None;
                }
                if !space.supports_access(am) {
                    self.error(
                        codes::ACCESS_MODE,
                        self.span(a),
                        format!(
                            "the `{}` address space does not support `{}` access",
                            space.name(),
                            am.name()
                        ),
                        "unsupported access mode",
                    );
                    return None;
                }
                am
            }
        };
        if !self.check_store_type(space, access_mode, ty, type_span, "variable") {
            return None;
        }
        if let TypeKind::Buffer(size) = self.p.types.kind(ty) {
            let bad = match space {
                AddressSpace::Storage => size.is_override(),
                AddressSpace::Uniform => size.is_override() || size == ArraySize::Runtime,
                AddressSpace::Workgroup => size == ArraySize::Runtime,
                _ => true,
            };
            if bad {
                self.error(
                    codes::INVALID_STORE_TYPE,
                    type_span,
                    format!(
                        "`{}` cannot be used in the `{}` address space",
                        self.tn(ty),
                        space.name()
                    ),
                    "invalid buffer type",
                );
                return None;
            }
        }
        if let Some((i, (_, stage))) = init {
            match space {
                AddressSpace::Private => {
                    if stage == EvalStage::Runtime {
                        self.error(
                            codes::NOT_CONST,
                            self.span(i),
                            "the initializer of a `private` variable must be a const-expression or an override-expression".into(),
                            "depends on runtime values",
                        );
                        return None;
                    }
                }
                _ => {
                    self.error(
                        codes::INITIALIZER_NOT_ALLOWED,
                        self.span(i),
                        format!(
                            "variables in the `{}` address space cannot have an initializer",
                            space.name()
                        ),
                        "remove this initializer",
                    );
                    return None;
                }
            }
        }
        // Resource bindings.
        let is_resource = matches!(
            space,
            AddressSpace::Uniform | AddressSpace::Storage | AddressSpace::Handle
        );
        let binding = match (is_resource, group, binding) {
            (true, Some((_, Some(g))), Some((_, Some(b)))) => Some(ResourceBinding {
                group: g,
                binding: b,
            }),
            (true, Some((_, None)), _) | (true, _, Some((_, None))) => return None,
            (true, g, b) => {
                let missing = match (g, b) {
                    (None, None) => "`@group` and `@binding`",
                    (None, _) => "`@group`",
                    _ => "`@binding`",
                };
                self.report(
                    Diagnostic::error(
                        codes::RESOURCE_BINDING,
                        format!(
                            "resource variable `{}` needs {missing}",
                            self.sym(v.name.name)
                        ),
                    )
                    .with_primary(name_span, format!("missing {missing}"))
                    .with_note("resources are bound with `@group(g) @binding(b) var …`"),
                );
                return None;
            }
            (false, g, b) => {
                if let Some((span, _)) = g.or(b) {
                    self.report(
                        Diagnostic::error(
                            codes::RESOURCE_BINDING,
                            format!(
                                "`@group` and `@binding` apply only to resources, not to `{}` variables",
                                space.name()
                            ),
                        )
                        .with_primary(span, "not a resource"),
                    );
                    return None;
                }
                None
            }
        };
        Some(DeclInfo::Var(GlobalVar {
            space,
            access: access_mode,
            ty,
            binding,
        }))
    }

    fn enumerant_arg(&mut self, e: crate::syntax::ast::ExprId, what: &str) -> Option<Enumerant> {
        let info = self.expr(e);
        match info.class {
            ExprClass::Enumerant(en) => Some(en),
            ExprClass::Error => None,
            _ => {
                let text = self.source_text(e);
                let mut d = Diagnostic::error(
                    codes::EXPECTED_ENUMERANT,
                    format!("expected {what}, found `{text}`"),
                )
                .with_primary(self.span(e), format!("not {what}"));
                if let Some(crate::sema::resolve::Resolved::Name(
                    crate::sema::program::Name::Global(g),
                )) = self.res.names[e.index()]
                {
                    d = d.with_secondary(
                        self.decl_name_span(g),
                        format!("`{text}` is declared here and shadows the predeclared name"),
                    );
                }
                self.report(d);
                None
            }
        }
    }

    // ---- override ----------------------------------------------------------------------

    fn override_decl(&mut self, o: &OverrideDecl) -> Option<DeclInfo> {
        let attrs = self.allowed_attrs(&o.attributes, &["id"], "an `override` declaration");
        let id = attrs
            .iter()
            .find(|a| a.kind == AttributeKind::Id)
            .map(|a| (a.span, self.attr_u32(a)));
        let declared = o.ty.and_then(|t| self.type_expr(t));
        if o.ty.is_some() && declared.is_none() {
            return None;
        }
        let init = match o.init {
            Some(i) => Some((i, self.rvalue(i)?)),
            None => None,
        };
        let ty = match (declared, init) {
            (Some(t), Some((i, (it, _)))) => {
                if !self.convert_to(i, it, t, "the initializer") {
                    return None;
                }
                t
            }
            (Some(t), None) => t,
            (None, Some((i, (it, _)))) => self.concretize_expr(i, it),
            (None, None) => {
                self.error(
                    codes::MISSING_TYPE,
                    o.name.span,
                    "an `override` needs a type or an initializer".into(),
                    "no type",
                );
                return None;
            }
        };
        if !matches!(self.p.types.kind(ty), TypeKind::Scalar(s) if !s.is_abstract()) {
            self.error(
                codes::INVALID_TYPE,
                o.ty.map_or(o.name.span, |t| self.span(t)),
                format!(
                    "an `override` must have a scalar type, not `{}`",
                    self.tn(ty)
                ),
                "not a scalar",
            );
            return None;
        }
        let mut default = None;
        if let Some((i, (_, stage))) = init {
            if stage == EvalStage::Runtime {
                self.error(
                    codes::NOT_CONST,
                    self.span(i),
                    "the initializer of an `override` must be a const-expression or an override-expression".into(),
                    "depends on runtime values",
                );
                return None;
            }
            if stage == EvalStage::Const {
                default = self.value_of(i);
            }
        }
        let id = match id {
            Some((span, Some(n))) => {
                if n > 65535 {
                    self.error(
                        codes::OVERRIDE_ID,
                        span,
                        format!("an override id must be at most 65535, but it is {n}"),
                        "too large",
                    );
                    return None;
                }
                if let Some(&first) = self.override_ids.get(&n) {
                    let prev_span = self.override_id_spans[first as usize];
                    self.report(
                        Diagnostic::error(
                            codes::OVERRIDE_ID,
                            format!("override id {n} is used twice"),
                        )
                        .with_primary(span, "used again here")
                        .with_secondary(prev_span, "first used here"),
                    );
                    return None;
                }
                self.override_ids
                    .insert(n, self.override_id_spans.len() as u32);
                self.override_id_spans.push(span);
                Some(n)
            }
            Some((_, None)) => return None,
            None => None,
        };
        Some(DeclInfo::Override(OverrideInfo {
            ty,
            id,
            default,
            has_initializer: o.init.is_some(),
        }))
    }

    // ---- struct ------------------------------------------------------------------------

    fn struct_decl(&mut self, d: DeclId, s: &StructDecl) -> Option<DeclInfo> {
        let mut members = Vec::with_capacity(s.members.len());
        // Member names (symbol indices) to the first member with that name.
        let mut names: Map<u32, u32> = Map::default();
        let mut member_io = Vec::with_capacity(s.members.len());
        let mut ok = true;
        let n = s.members.len();
        if n > MAX_STRUCT_MEMBERS {
            self.error(
                codes::LIMIT,
                s.name.span,
                format!(
                    "a structure may have at most {MAX_STRUCT_MEMBERS} members, but `{}` has {n}",
                    self.sym(s.name.name)
                ),
                "too many members",
            );
        }
        for (k, m) in s.members.iter().enumerate() {
            let attrs = self.allowed_attrs(
                &m.attributes,
                &[
                    "align",
                    "size",
                    "builtin",
                    "location",
                    "interpolate",
                    "invariant",
                    "blend_src",
                ],
                "a structure member",
            );
            let ty = self.type_expr(m.ty);
            let mut io_attrs = Vec::with_capacity(attrs.len());
            for &a in &attrs {
                if !matches!(a.kind, AttributeKind::Align | AttributeKind::Size) {
                    io_attrs.push(a);
                }
            }
            member_io.push(self.io_attrs(&io_attrs, ty, m.name.span));
            if let Some(&prev) = names.get(&(m.name.name.index() as u32)) {
                self.report(
                    Diagnostic::error(
                        codes::REDECLARATION,
                        format!(
                            "structure `{}` has two members named `{}`",
                            self.sym(s.name.name),
                            self.sym(m.name.name)
                        ),
                    )
                    .with_primary(m.name.span, "declared again")
                    .with_secondary(s.members[prev as usize].name.span, "first declared here"),
                );
                ok = false;
            } else {
                names.insert(m.name.name.index() as u32, k as u32);
            }
            let Some(ty) = ty else {
                ok = false;
                continue;
            };
            let t = &self.p.types;
            let last = k + 1 == n;
            let kind_ok = match t.kind(ty) {
                TypeKind::Scalar(_)
                | TypeKind::Vector { .. }
                | TypeKind::Matrix { .. }
                | TypeKind::Atomic(_) => true,
                TypeKind::Array {
                    size: ArraySize::Runtime,
                    ..
                } => {
                    if !last {
                        self.report(
                            Diagnostic::error(
                                codes::INVALID_STRUCT_MEMBER,
                                "a runtime-sized array must be the last member of a structure",
                            )
                            .with_primary(self.span(m.ty), "not the last member"),
                        );
                        ok = false;
                        continue;
                    }
                    true
                }
                TypeKind::Array { .. } | TypeKind::Struct(_) => {
                    if t.has(ty, TypeFlags::CREATION_FIXED_FOOTPRINT) {
                        true
                    } else if t.has(ty, TypeFlags::CONTAINS_RUNTIME_ARRAY) && last {
                        // A nested structure ending in a runtime array is still invalid.
                        false
                    } else {
                        false
                    }
                }
                _ => false,
            };
            if !kind_ok {
                self.report(
                    Diagnostic::error(
                        codes::INVALID_STRUCT_MEMBER,
                        format!("`{}` cannot be the type of a structure member", self.tn(ty)),
                    )
                    .with_primary(self.span(m.ty), "invalid member type")
                    .with_note("members must be scalars, vectors, matrices, atomics, fixed-size arrays, structures, or a final runtime-sized array"),
                );
                ok = false;
                continue;
            }
            let natural = self.p.types.layout(ty);
            let mut explicit_align = None;
            let mut explicit_size = None;
            for a in &attrs {
                match a.kind {
                    AttributeKind::Align => {
                        if let Some(v) = self.attr_u32(a) {
                            if v == 0 || !v.is_power_of_two() {
                                self.error(
                                    codes::ATTRIBUTE_VALUE,
                                    a.span,
                                    format!(
                                        "`@align` must be a positive power of 2, but it is {v}"
                                    ),
                                    "invalid alignment",
                                );
                                ok = false;
                            } else if natural.is_some_and(|l| v % l.align != 0) {
                                let need = natural.map_or(1, |l| l.align);
                                self.report(
                                    Diagnostic::error(
                                        codes::ATTRIBUTE_VALUE,
                                        format!(
                                            "`@align({v})` is less than the alignment {need} of `{}`",
                                            self.tn(ty)
                                        ),
                                    )
                                    .with_primary(a.span, "alignment too small"),
                                );
                                ok = false;
                            } else {
                                explicit_align = Some(v);
                            }
                        } else {
                            ok = false;
                        }
                    }
                    AttributeKind::Size => {
                        if let Some(v) = self.attr_u32(a) {
                            if !self.p.types.has(ty, TypeFlags::CREATION_FIXED_FOOTPRINT) {
                                self.error(
                                    codes::ATTRIBUTE_VALUE,
                                    a.span,
                                    format!(
                                        "`@size` cannot be applied to a member of type `{}`",
                                        self.tn(ty)
                                    ),
                                    "size not known at shader creation",
                                );
                                ok = false;
                            } else if v == 0 || natural.is_some_and(|l| u64::from(v) < l.size) {
                                let need = natural.map_or(1, |l| l.size);
                                self.error(
                                    codes::ATTRIBUTE_VALUE,
                                    a.span,
                                    format!(
                                        "`@size({v})` is less than the size {need} of `{}`",
                                        self.tn(ty)
                                    ),
                                    "size too small",
                                );
                                ok = false;
                            } else {
                                explicit_size = Some(v);
                            }
                        } else {
                            ok = false;
                        }
                    }
                    _ => {}
                }
            }
            members.push(NewMember {
                name: self.sym(m.name.name).to_string(),
                ty,
                span: m.name.span,
                explicit_align,
                explicit_size,
            });
        }
        self.struct_io_rules(s, &member_io, &members);
        self.io.of_mut(d).members = member_io;
        if !ok {
            return None;
        }
        let ty = self.p.types.add_struct(
            self.sym(s.name.name).to_string(),
            s.name.span,
            Some(d.index()),
            members,
        );
        self.check_type_size(s.name.span, ty);
        Some(DeclInfo::Struct(ty))
    }

    // ---- fn ----------------------------------------------------------------------------

    fn fn_decl(&mut self, d: DeclId, f: &FnDecl) -> Option<DeclInfo> {
        let attrs = self.allowed_attrs(
            &f.attributes,
            &[
                "vertex",
                "fragment",
                "compute",
                "workgroup_size",
                "must_use",
                "diagnostic",
                "subgroup_size",
            ],
            "a function",
        );
        let mut stage = None;
        let mut stage_span = Span::DETACHED;
        for a in &attrs {
            let s = match a.kind {
                AttributeKind::Vertex => ShaderStage::Vertex,
                AttributeKind::Fragment => ShaderStage::Fragment,
                AttributeKind::Compute => ShaderStage::Compute,
                _ => continue,
            };
            if stage.is_some() {
                self.report(
                    Diagnostic::error(
                        codes::DUPLICATE_ATTRIBUTE,
                        "a function can be an entry point of only one shader stage",
                    )
                    .with_primary(a.span, "second stage attribute")
                    .with_secondary(stage_span, "first stage attribute"),
                );
                continue;
            }
            stage = Some(s);
            stage_span = a.span;
        }
        self.workgroup_size_attr(d, stage, stage_span, f, &attrs);
        self.subgroup_size_attr(stage, &attrs);
        let must_use = attrs.iter().find(|a| a.kind == AttributeKind::MustUse);
        if let (Some(a), None) = (must_use, &f.ret) {
            self.report(
                Diagnostic::error(
                    codes::ATTRIBUTE_NOT_ALLOWED,
                    "`@must_use` applies only to functions with a return type",
                )
                .with_primary(a.span, "this function returns nothing"),
            );
        }
        // An entry point may be `@must_use` when it returns a value: the spec's only
        // condition is a return type, and Chromium (Tint) accepts it.
        if f.params.len() > MAX_PARAMS {
            self.error(
                codes::LIMIT,
                f.name.span,
                format!(
                    "a function may have at most {MAX_PARAMS} parameters, but this one has {}",
                    f.params.len()
                ),
                "too many parameters",
            );
        }
        // Parameters.
        let mut params = Vec::with_capacity(f.params.len());
        let io: &[&str] = &["builtin", "location", "interpolate", "invariant"];
        for (k, p) in f.params.iter().enumerate() {
            let accepted = if stage.is_some() {
                self.allowed_attrs(&p.attributes, io, "an entry point parameter")
            } else {
                self.allowed_attrs(
                    &p.attributes,
                    &[],
                    "a parameter of a function that is not an entry point",
                )
            };
            let ty = self.type_expr(p.ty);
            if !accepted.is_empty() {
                let spec = self.io_attrs(&accepted, ty, p.name.span);
                let params = &mut self.io.of_mut(d).params;
                if params.len() <= k {
                    params.resize(k + 1, super::IoSpec::default());
                }
                params[k] = spec;
            }
            if let Some(ty) = ty {
                let t = &self.p.types;
                let ok = t.is_constructible(ty)
                    || matches!(
                        t.kind(ty),
                        TypeKind::Ptr { .. } | TypeKind::Texture(_) | TypeKind::Sampler { .. }
                    );
                if !ok {
                    self.report(
                        Diagnostic::error(
                            codes::INVALID_TYPE,
                            format!("a parameter cannot have type `{}`", self.tn(ty)),
                        )
                        .with_primary(self.span(p.ty), "invalid parameter type")
                        .with_note(
                            "parameters must be constructible, pointers, textures or samplers",
                        ),
                    );
                    params.push(None);
                    continue;
                }
            }
            params.push(ty);
        }
        // Return type.
        let mut ret = None;
        if let Some(r) = &f.ret {
            let accepted = if stage.is_some() {
                self.allowed_attrs(
                    &r.attributes,
                    &["builtin", "location", "interpolate", "invariant"],
                    "an entry point return type",
                )
            } else {
                self.allowed_attrs(
                    &r.attributes,
                    &[],
                    "the return type of a function that is not an entry point",
                )
            };
            ret = self.type_expr(r.ty);
            if !accepted.is_empty() {
                let spec = self.io_attrs(&accepted, ret, f.name.span);
                self.io.of_mut(d).ret = spec;
            }
            if let Some(t) = ret {
                if !self.p.types.is_constructible(t) {
                    self.report(
                        Diagnostic::error(
                            codes::INVALID_TYPE,
                            format!("a function cannot return `{}`", self.tn(t)),
                        )
                        .with_primary(self.span(r.ty), "not constructible")
                        .with_note("return types must be constructible: no pointers, atomics, textures or runtime-sized arrays"),
                    );
                    ret = None;
                }
            }
        }
        // The body.
        self.statement_attrs(&f.body.attributes, "a function body");
        self.f = FnCtx {
            decl: Some(d),
            params: params.clone(),
            ret,
            has_ret: f.ret.is_some(),
            ..FnCtx::default()
        };
        let behavior = self.block(&f.body);
        if self.f.ret.is_some() && behavior.has(super::Behavior::NEXT) && !self.f.behavior_guessed {
            let end = Span::new(f.body.span.end.saturating_sub(1), f.body.span.end);
            self.report(
                Diagnostic::error(
                    codes::MISSING_RETURN,
                    format!(
                        "function `{}` can reach its end without returning a value",
                        self.sym(f.name.name)
                    ),
                )
                .with_primary(end, "missing `return` before here")
                .with_secondary(f.name.span, "declared with a return type here"),
            );
        }
        let mut facts = std::mem::take(&mut self.f.facts);
        facts.behavior = behavior;
        let mut param_types = Vec::with_capacity(params.len());
        for p in &params {
            param_types.push(p.unwrap_or_else(|| self.p.types.bool()));
        }
        let firsts = |list: &[(DeclId, Span)]| {
            let mut out = Vec::with_capacity(list.len());
            for &(d, _) in list {
                out.push(d);
            }
            out
        };
        let info = FnInfo {
            params: param_types,
            ret,
            stage,
            must_use: must_use.is_some() && f.ret.is_some(),
            callees: firsts(&facts.calls),
            globals: firsts(&facts.globals),
            sampled: std::mem::take(&mut facts.sampled),
            texture_args: std::mem::take(&mut facts.texture_args),
        };
        self.facts[d.index()] = facts;
        self.access[d.index()] = self.access_summary(params.len());
        self.f = FnCtx::default();
        if params.iter().any(Option::is_none) || (f.ret.is_some() && ret.is_none()) {
            // Callers see a broken signature as an error type, silently.
            return None;
        }
        Some(DeclInfo::Fn(info))
    }

    /// The location rules every structure obeys, used for IO or not
    /// (§"Input-output Locations"): no two members share a location, except the two
    /// halves of a dual-source blend output, which must be exactly
    /// `@location(0) @blend_src(0)` and `@location(0) @blend_src(1)` of one type.
    fn struct_io_rules(
        &mut self,
        s: &StructDecl,
        io: &[super::attrs::IoSpec],
        members: &[NewMember],
    ) {
        // One loop gathers what the rules ask about (iterator chains here would each be a
        // copy of the iterator code in the package).
        let mut with_location = Vec::new();
        let mut first_blend = None;
        let (mut blend_written, mut blend_broken) = (false, false);
        for (k, x) in io.iter().enumerate() {
            if x.attrs.location.is_some() {
                with_location.push(k);
                if x.attrs.blend_src.is_some() && first_blend.is_none() {
                    first_blend = Some(k);
                }
            }
            if x.blend_src.is_some() {
                blend_written = true;
                blend_broken |= x.broken;
            }
        }
        if blend_broken || (first_blend.is_none() && blend_written) {
            // `@blend_src` was written but is broken (reported): no location rules.
            return;
        }
        if let Some(first_blend) = first_blend {
            let bad = |k: usize, message: &str, label: &str| {
                Diagnostic::error(codes::BLEND_SRC, message.to_string())
                    .with_primary(io[k].blend_src.or(io[k].location).unwrap_or(s.members[k].name.span), label.to_string())
                    .with_note("dual-source blending needs exactly `@location(0) @blend_src(0)` and `@location(0) @blend_src(1)`")
            };
            // A blend member not at location 0, or a location member without a blend.
            let mut misplaced = None;
            let mut unblended = None;
            let (mut has_0, mut has_1) = (false, false);
            let mut tys = Vec::new();
            for &k in &with_location {
                let a = &io[k].attrs;
                if a.location != Some(0) && misplaced.is_none() {
                    misplaced = Some(k);
                }
                if a.blend_src.is_none() && unblended.is_none() {
                    unblended = Some(k);
                }
                has_0 |= a.blend_src == Some(0);
                has_1 |= a.blend_src == Some(1);
                if let Some(m) = members.iter().find(|m| m.span == s.members[k].name.span) {
                    tys.push(m.ty);
                }
            }
            if let Some(k) = misplaced {
                let d = if io[k].attrs.blend_src.is_some() {
                    bad(
                        k,
                        "`@blend_src` can only be used with `@location(0)`",
                        "not at location 0",
                    )
                } else {
                    bad(
                        k,
                        "a structure using `@blend_src` cannot have other `@location` members",
                        "another location",
                    )
                };
                self.report(d);
                return;
            }
            if let Some(k) = unblended {
                self.report(bad(k, "every `@location(0)` member of a structure using `@blend_src` needs `@blend_src`", "no `@blend_src`"));
                return;
            }
            if !(with_location.len() == 2 && has_0 && has_1) {
                let k = *with_location.last().unwrap_or(&first_blend);
                self.report(bad(k, "a structure using `@blend_src` needs one member with `@blend_src(0)` and one with `@blend_src(1)`", "dual-source blending declared here"));
                return;
            }
            if tys.len() == 2 && tys[0] != tys[1] {
                let span = io[with_location[1]].location.unwrap_or(s.name.span);
                self.error(
                    codes::BLEND_SRC,
                    span,
                    "both `@blend_src` members must have the same type".into(),
                    "different type",
                );
            }
            return;
        }
        let mut seen: Map<u32, u32> = Map::default();
        for &k in &with_location {
            let loc = io[k].attrs.location.unwrap_or(0);
            if let Some(&prev) = seen.get(&loc) {
                self.report(
                    Diagnostic::error(
                        codes::DUPLICATE_IO,
                        format!(
                            "`@location({loc})` is used by two members of `{}`",
                            self.sym(s.name.name)
                        ),
                    )
                    .with_primary(
                        io[k].location.unwrap_or(s.members[k].name.span),
                        "used again here",
                    )
                    .with_secondary(
                        io[prev as usize]
                            .location
                            .unwrap_or(s.members[prev as usize].name.span),
                        "first used here",
                    ),
                );
            } else {
                seen.insert(loc, k as u32);
            }
        }
    }

    /// `@workgroup_size(x, y, z)`: only on compute entry points, which need it; each
    /// argument a const- or override-expression, all of one integer type, constants
    /// positive.
    fn workgroup_size_attr(
        &mut self,
        d: DeclId,
        stage: Option<ShaderStage>,
        stage_span: Span,
        f: &FnDecl,
        attrs: &[&crate::syntax::ast::Attribute],
    ) {
        use crate::sema::program::WorkgroupDim;
        let attr = attrs
            .iter()
            .find(|a| a.kind == AttributeKind::WorkgroupSize);
        let Some(attr) = attr else {
            if stage == Some(ShaderStage::Compute) {
                self.report(
                    Diagnostic::error(
                        codes::WORKGROUP_SIZE,
                        "a compute entry point needs `@workgroup_size`",
                    )
                    .with_primary(f.name.span, "no workgroup size")
                    .with_secondary(stage_span, "a compute shader")
                    .with_note("for example `@compute @workgroup_size(64)`"),
                );
            }
            return;
        };
        if stage != Some(ShaderStage::Compute) {
            self.report(
                Diagnostic::error(
                    codes::WORKGROUP_SIZE,
                    "`@workgroup_size` applies only to compute entry points",
                )
                .with_primary(attr.span, "not a compute shader"),
            );
            return;
        }
        let args: &[crate::syntax::ast::ExprId] = attr.args.as_deref().unwrap_or(&[]);
        let mut vals = Vec::new();
        let mut ok = true;
        for &a in args.iter().take(3) {
            match self.rvalue(a) {
                Some((ty, stage)) => {
                    if !matches!(self.p.types.kind(ty), TypeKind::Scalar(s) if s.is_integer()) {
                        self.error(
                            codes::WORKGROUP_SIZE,
                            self.span(a),
                            format!(
                                "a workgroup size must be `i32` or `u32`, but this is `{}`",
                                self.tn(ty)
                            ),
                            "not an integer",
                        );
                        ok = false;
                    } else if stage == EvalStage::Runtime {
                        self.error(
                            codes::WORKGROUP_SIZE,
                            self.span(a),
                            "a workgroup size must be a const-expression or an override-expression"
                                .into(),
                            "depends on runtime values",
                        );
                        ok = false;
                    }
                    vals.push((a, ty, stage));
                }
                None => ok = false,
            }
        }
        if !ok {
            return;
        }
        // One common type: the concrete one, else i32.
        let mut common = None;
        for &(a, ty, _) in &vals {
            if self.p.types.is_abstract(ty) {
                continue;
            }
            match common {
                None => common = Some((ty, a)),
                Some((c, first)) if c != ty => {
                    self.report(
                        Diagnostic::error(
                            codes::WORKGROUP_SIZE,
                            "the arguments of `@workgroup_size` must all have the same type",
                        )
                        .with_primary(self.span(a), format!("`{}`", self.tn(ty)))
                        .with_secondary(self.span(first), format!("`{}`", self.tn(c))),
                    );
                    return;
                }
                _ => {}
            }
        }
        let common = common.map_or(self.p.types.i32(), |c| c.0);
        let mut dims = [
            WorkgroupDim::Const(1),
            WorkgroupDim::Const(1),
            WorkgroupDim::Const(1),
        ];
        for (k, &(a, _, stage)) in vals.iter().enumerate() {
            if !self.materialize(a, common) {
                return;
            }
            dims[k] = if stage == EvalStage::Const {
                let v = self.value_of(a).and_then(|v| v.as_i64()).unwrap_or(0);
                if v <= 0 {
                    self.error(
                        codes::WORKGROUP_SIZE,
                        self.span(a),
                        format!("a workgroup size must be positive, but it is {v}"),
                        "not positive",
                    );
                    return;
                }
                WorkgroupDim::Const(v as u32)
            } else {
                WorkgroupDim::Override(a)
            };
        }
        self.io.of_mut(d).workgroup_size = Some(dims);
    }

    /// `@subgroup_size(n)` (extension `subgroup_size_control`): only on compute entry
    /// points; a const- or override-expression of an integer type, a power of two when
    /// constant.
    fn subgroup_size_attr(
        &mut self,
        stage: Option<ShaderStage>,
        attrs: &[&crate::syntax::ast::Attribute],
    ) {
        let Some(attr) = attrs.iter().find(|a| a.kind == AttributeKind::SubgroupSize) else {
            return;
        };
        if !self.ext.subgroup_size_control {
            self.report(
                Diagnostic::error(
                    codes::EXTENSION_NOT_ENABLED,
                    "`@subgroup_size` needs the `subgroup_size_control` extension",
                )
                .with_primary(attr.span, "used here")
                .with_note("add `enable subgroup_size_control;` at the top of the module"),
            );
            return;
        }
        if stage != Some(ShaderStage::Compute) {
            self.error(
                codes::ATTRIBUTE_NOT_ALLOWED,
                attr.span,
                "`@subgroup_size` applies only to compute entry points".into(),
                "not a compute shader",
            );
            return;
        }
        let Some(&arg) = attr.args.as_deref().and_then(|a| a.first()) else {
            return;
        };
        let Some((ty, stage)) = self.rvalue(arg) else {
            return;
        };
        if !matches!(self.p.types.kind(ty), TypeKind::Scalar(s) if s.is_integer()) {
            self.error(
                codes::TYPE_MISMATCH,
                self.span(arg),
                format!(
                    "`@subgroup_size` needs `i32` or `u32`, but this is `{}`",
                    self.tn(ty)
                ),
                "not an integer",
            );
            return;
        }
        if stage == EvalStage::Runtime {
            self.error(
                codes::NOT_CONST,
                self.span(arg),
                "the argument of `@subgroup_size` must be a const-expression or an override-expression".into(),
                "depends on runtime values",
            );
            return;
        }
        self.concretize_expr(arg, ty);
        if stage == EvalStage::Const {
            let v = self.value_of(arg).and_then(|v| v.as_i64()).unwrap_or(0);
            if v <= 0 || (v & (v - 1)) != 0 {
                self.error(
                    codes::ATTRIBUTE_VALUE,
                    self.span(arg),
                    format!("`@subgroup_size` must be a power of two, but it is {v}"),
                    "not a power of two",
                );
            }
        }
    }
}
