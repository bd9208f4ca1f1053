//! Attributes (§"Attributes"): where each may appear, duplicates, and the values of
//! those that take a const-expression.
//!
//! Attribute names are matched by the parser. Here each declaration kind says which
//! attributes it accepts; any other one is reported on its own span. An attribute written
//! twice is an error too. Integer arguments (`@location(n)`, `@binding(n)`, `@align(n)`,
//! …) must be const-expressions of an integer type and are evaluated; `@workgroup_size`
//! also accepts override-expressions and is handled with the entry points.

use super::Checker;
use crate::diag::{Diagnostic, Span, codes};
use crate::sema::program::EvalStage;
use crate::sema::types::TypeKind;
use crate::syntax::ast::{Attribute, AttributeKind};

/// The attribute's name as written after `@`.
pub(crate) fn attr_name(kind: AttributeKind) -> &'static str {
    use AttributeKind::*;
    match kind {
        Align => "align",
        Binding => "binding",
        BlendSrc => "blend_src",
        Builtin => "builtin",
        Const => "const",
        Diagnostic(_) => "diagnostic",
        Group => "group",
        Id => "id",
        Interpolate => "interpolate",
        Invariant => "invariant",
        Location => "location",
        MustUse => "must_use",
        Size => "size",
        WorkgroupSize => "workgroup_size",
        SubgroupSize => "subgroup_size",
        Vertex => "vertex",
        Fragment => "fragment",
        Compute => "compute",
    }
}

fn same_kind(a: AttributeKind, b: AttributeKind) -> bool {
    std::mem::discriminant(&a) == std::mem::discriminant(&b)
}

impl Checker<'_> {
    /// Reports attributes not in `allowed` and attributes written twice. `@diagnostic`
    /// may repeat (its conflicts are checked with the filters). Returns the accepted ones.
    pub(crate) fn allowed_attrs<'a>(
        &mut self,
        attrs: &'a [Attribute],
        allowed: &[&str],
        place: &str,
    ) -> Vec<&'a Attribute> {
        let mut out: Vec<&Attribute> = Vec::with_capacity(attrs.len());
        for a in attrs {
            let name = attr_name(a.kind);
            if !allowed.contains(&name) {
                let mut d = Diagnostic::error(
                    codes::ATTRIBUTE_NOT_ALLOWED,
                    format!("`@{name}` is not allowed on {place}"),
                )
                .with_primary(a.span, "not allowed here");
                if let Some(note) = placement_hint(a.kind) {
                    d = d.with_note(note);
                }
                self.report(d);
                continue;
            }
            if !matches!(a.kind, AttributeKind::Diagnostic(_)) {
                if let Some(prev) = out.iter().find(|p| same_kind(p.kind, a.kind)) {
                    self.report(
                        Diagnostic::error(
                            codes::DUPLICATE_ATTRIBUTE,
                            format!("`@{name}` is written more than once"),
                        )
                        .with_primary(a.span, "repeated here")
                        .with_secondary(prev.span, "first written here"),
                    );
                    continue;
                }
            }
            out.push(a);
        }
        out
    }

    /// The first argument of an attribute as a non-negative integer const-expression.
    pub(crate) fn attr_u32(&mut self, a: &Attribute) -> Option<u32> {
        let &arg = a.args.as_ref()?.first()?;
        let name = attr_name(a.kind);
        let (ty, stage) = self.rvalue(arg)?;
        if !matches!(self.p.types.kind(ty), TypeKind::Scalar(s) if s.is_integer()) {
            self.error(
                codes::TYPE_MISMATCH,
                self.span(arg),
                format!("`@{name}` needs an integer, but this is `{}`", self.tn(ty)),
                "not an integer",
            );
            return None;
        }
        if stage != EvalStage::Const {
            self.error(
                codes::NOT_CONST,
                self.span(arg),
                format!("the argument of `@{name}` must be a const-expression"),
                "not a const-expression",
            );
            return None;
        }
        self.concretize_expr(arg, ty);
        let v = self.value_of(arg)?.as_i64()?;
        match u32::try_from(v) {
            Ok(v) => Some(v),
            Err(_) => {
                self.error(
                    codes::ATTRIBUTE_VALUE,
                    self.span(arg),
                    format!("the argument of `@{name}` must not be negative, but it is {v}"),
                    "negative",
                );
                None
            }
        }
    }

    /// Checks that only `@diagnostic` attributes are on a statement or block.
    pub(crate) fn statement_attrs(&mut self, attrs: &[Attribute], place: &str) {
        if attrs.is_empty() {
            return;
        }
        self.allowed_attrs(attrs, &["diagnostic"], place);
    }
}

fn placement_hint(kind: AttributeKind) -> Option<&'static str> {
    use AttributeKind::*;
    Some(match kind {
        Align | Size => "`@align` and `@size` apply to structure members",
        Binding | Group => {
            "`@group` and `@binding` apply to module-scope resource variables (uniform and storage buffers, textures, samplers)"
        }
        Id => "`@id` applies to `override` declarations",
        Builtin | Location | Interpolate | Invariant => {
            "IO attributes apply to entry point parameters, return types, and members of structures used for entry point IO"
        }
        BlendSrc => "`@blend_src` applies to members of a fragment shader's output structure",
        WorkgroupSize => "`@workgroup_size` applies to `@compute` entry points",
        MustUse => "`@must_use` applies to functions with a return type",
        Vertex | Fragment | Compute => "shader stage attributes apply to functions",
        Const => {
            "`@const` cannot be used in WGSL source; it marks builtin functions in the specification"
        }
        Diagnostic(_) => {
            "`@diagnostic` applies to functions, compound statements and control flow statements"
        }
        SubgroupSize => "`@subgroup_size` applies to `@compute` entry points",
    })
}

/// The IO attributes of a parameter, return type or structure member, with the span of
/// each, for the entry point rules.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct IoSpec {
    pub attrs: crate::sema::program::IoAttributes,
    pub builtin: Option<crate::diag::Span>,
    pub location: Option<crate::diag::Span>,
    pub interpolate: Option<crate::diag::Span>,
    pub invariant: Option<crate::diag::Span>,
    pub blend_src: Option<crate::diag::Span>,
    /// An IO attribute was broken (already reported).
    pub broken: bool,
}

impl IoSpec {
    pub fn is_empty(&self) -> bool {
        self.builtin.is_none()
            && self.location.is_none()
            && self.interpolate.is_none()
            && self.invariant.is_none()
            && self.blend_src.is_none()
    }
}

impl Checker<'_> {
    /// Reads and checks the IO attributes among `attrs` for a declaration of type `ty`:
    /// builtin value and interpolation names, extension requirements, argument values,
    /// and the rules relating them (`@interpolate` needs `@location`, `@invariant` needs
    /// `@builtin(position)`, `@location` and `@blend_src` need numeric scalars or vectors).
    /// `decl` is the declared name (the function's, for a return value): a type that
    /// cannot be IO is reported there, where the type is.
    pub(crate) fn io_attrs(
        &mut self,
        attrs: &[&Attribute],
        ty: Option<crate::sema::types::TypeId>,
        decl: Span,
    ) -> IoSpec {
        use crate::sema::program::{BuiltinValue, InterpolationSampling, InterpolationType};
        let mut io = IoSpec::default();
        for a in attrs {
            let args: &[crate::syntax::ast::ExprId] = a.args.as_deref().unwrap_or(&[]);
            let name_of = |c: &Self, e: crate::syntax::ast::ExprId| match &c.m.expr(e).kind {
                crate::syntax::ast::ExprKind::Ident(ie) => {
                    Some((c.sym(ie.ident.name), ie.ident.span))
                }
                _ => None,
            };
            match a.kind {
                AttributeKind::Builtin => {
                    io.builtin = Some(a.span);
                    let Some((name, span)) = args.first().and_then(|&e| name_of(self, e)) else {
                        io.broken = true;
                        continue;
                    };
                    let Some(b) = BuiltinValue::from_name(name) else {
                        let names: Vec<&str> = BuiltinValue::ALL.iter().map(|b| b.name()).collect();
                        let mut d = Diagnostic::error(
                            codes::INVALID_BUILTIN,
                            format!("`{name}` is not a builtin value"),
                        )
                        .with_primary(span, "unknown builtin value");
                        if let Some(s) = crate::sema::directives::closest(name, &names) {
                            d = d.with_note(format!("did you mean `{s}`?"));
                        }
                        self.report(d);
                        io.broken = true;
                        continue;
                    };
                    let needs = match b {
                        BuiltinValue::ClipDistances => Some("clip_distances"),
                        BuiltinValue::PrimitiveIndex => Some("primitive_index"),
                        BuiltinValue::SubgroupInvocationId
                        | BuiltinValue::SubgroupSize
                        | BuiltinValue::SubgroupId
                        | BuiltinValue::NumSubgroups => Some("subgroups"),
                        _ => None,
                    };
                    if let Some(ext) = needs {
                        if !self.extension_enabled(ext) {
                            self.report(
                                Diagnostic::error(
                                    codes::EXTENSION_NOT_ENABLED,
                                    format!("`@builtin({name})` needs the `{ext}` extension"),
                                )
                                .with_primary(span, "used here")
                                .with_note(format!("add `enable {ext};` at the top of the module")),
                            );
                            io.broken = true;
                            continue;
                        }
                    }
                    if let Some(&mode) = args.get(1) {
                        let ok = b == BuiltinValue::FragDepth
                            && matches!(name_of(self, mode), Some(("less" | "greater", _)));
                        if !ok {
                            let (text, span) = name_of(self, mode).unwrap_or(("?", a.span));
                            let msg = if b == BuiltinValue::FragDepth {
                                format!(
                                    "`{text}` is not a depth mode; the depth modes are `less` and `greater`"
                                )
                            } else {
                                format!("`@builtin({name})` takes no second argument")
                            };
                            self.error(codes::INVALID_BUILTIN, span, msg, "invalid argument");
                            io.broken = true;
                            continue;
                        }
                    }
                    io.attrs.builtin = Some(b);
                }
                AttributeKind::Location => {
                    io.location = Some(a.span);
                    match self.attr_u32(a) {
                        Some(v) => io.attrs.location = Some(v),
                        None => io.broken = true,
                    }
                }
                AttributeKind::BlendSrc => {
                    io.blend_src = Some(a.span);
                    if !self.ext.dual_source_blending {
                        io.broken = true;
                        if std::mem::replace(&mut self.blend_src_reported, true) {
                            continue;
                        }
                        self.report(
                            Diagnostic::error(
                                codes::EXTENSION_NOT_ENABLED,
                                "`@blend_src` needs the `dual_source_blending` extension",
                            )
                            .with_primary(a.span, "used here")
                            .with_note(
                                "add `enable dual_source_blending;` at the top of the module",
                            ),
                        );
                        io.broken = true;
                        continue;
                    }
                    match self.attr_u32(a) {
                        Some(v @ (0 | 1)) => io.attrs.blend_src = Some(v),
                        Some(v) => {
                            self.error(
                                codes::BLEND_SRC,
                                a.span,
                                format!("`@blend_src` must be 0 or 1, but it is {v}"),
                                "invalid value",
                            );
                            io.broken = true;
                        }
                        None => io.broken = true,
                    }
                }
                AttributeKind::Interpolate => {
                    io.interpolate = Some(a.span);
                    let Some((tname, tspan)) = args.first().and_then(|&e| name_of(self, e)) else {
                        io.broken = true;
                        continue;
                    };
                    let kind = match tname {
                        "perspective" => InterpolationType::Perspective,
                        "linear" => InterpolationType::Linear,
                        "flat" => InterpolationType::Flat,
                        _ => {
                            self.report(
                                Diagnostic::error(
                                    codes::INTERPOLATION,
                                    format!("`{tname}` is not an interpolation type"),
                                )
                                .with_primary(tspan, "unknown interpolation type")
                                .with_note("the interpolation types are `perspective`, `linear` and `flat`"),
                            );
                            io.broken = true;
                            continue;
                        }
                    };
                    let mut sampling = None;
                    if let Some(&s) = args.get(1) {
                        let Some((sname, sspan)) = name_of(self, s) else {
                            io.broken = true;
                            continue;
                        };
                        let sm = match sname {
                            "center" => InterpolationSampling::Center,
                            "centroid" => InterpolationSampling::Centroid,
                            "sample" => InterpolationSampling::Sample,
                            "first" => InterpolationSampling::First,
                            "either" => InterpolationSampling::Either,
                            _ => {
                                self.report(
                                    Diagnostic::error(
                                        codes::INTERPOLATION,
                                        format!("`{sname}` is not an interpolation sampling"),
                                    )
                                    .with_primary(sspan, "unknown interpolation sampling")
                                    .with_note("the samplings are `center`, `centroid`, `sample`, `first` and `either`"),
                                );
                                io.broken = true;
                                continue;
                            }
                        };
                        let flat_sampling = matches!(
                            sm,
                            InterpolationSampling::First | InterpolationSampling::Either
                        );
                        if (kind == InterpolationType::Flat) != flat_sampling {
                            let allowed = if kind == InterpolationType::Flat {
                                "`first` or `either`"
                            } else {
                                "`center`, `centroid` or `sample`"
                            };
                            self.error(
                                codes::INTERPOLATION,
                                sspan,
                                format!("`{tname}` interpolation takes the sampling {allowed}, not `{sname}`"),
                                "invalid sampling",
                            );
                            io.broken = true;
                            continue;
                        }
                        sampling = Some(sm);
                    }
                    io.attrs.interpolation = Some((kind, sampling));
                }
                AttributeKind::Invariant => {
                    io.invariant = Some(a.span);
                    io.attrs.invariant = true;
                }
                _ => {}
            }
        }
        // Relations between the attributes.
        if let (Some(b), Some(l)) = (io.builtin, io.location) {
            self.report(
                Diagnostic::error(
                    codes::IO_ATTRIBUTE_CONFLICT,
                    "an IO declaration cannot have both `@builtin` and `@location`",
                )
                .with_primary(l, "`@location` here")
                .with_secondary(b, "`@builtin` here"),
            );
            io.broken = true;
        }
        if let (Some(i), None) = (io.interpolate, io.location) {
            self.error(
                codes::INTERPOLATION,
                i,
                "`@interpolate` applies only to declarations with `@location`".into(),
                "no `@location`",
            );
            io.broken = true;
        }
        if let Some(i) = io.invariant {
            if io.builtin.is_some()
                && io.attrs.builtin != Some(crate::sema::program::BuiltinValue::Position)
                || io.builtin.is_none()
            {
                self.error(
                    codes::INVARIANT,
                    i,
                    "`@invariant` applies only to `@builtin(position)`".into(),
                    "not `position`",
                );
                io.broken = true;
            }
        }
        if let (Some(b), None) = (io.blend_src, io.location) {
            self.error(
                codes::BLEND_SRC,
                b,
                "`@blend_src` applies only to members with `@location`".into(),
                "no `@location`",
            );
            io.broken = true;
        }
        let is_struct = ty.is_some_and(|t| matches!(self.p.types.kind(t), TypeKind::Struct(_)));
        if let (Some(ty), Some(span), false) = (ty, io.location.or(io.blend_src), is_struct) {
            let t = &self.p.types;
            let numeric = matches!(t.kind(ty), TypeKind::Scalar(s) | TypeKind::Vector { scalar: s, .. } if s.is_numeric() && !s.is_abstract());
            if !numeric {
                self.report(
                    Diagnostic::error(
                        codes::INVALID_IO_TYPE,
                        format!("user-defined IO must be a numeric scalar or vector, not `{}`", self.tn(ty)),
                    )
                    .with_primary(decl, format!("declared as `{}`", self.tn(ty)))
                    .with_secondary(span, "user-defined IO")
                    .with_note("`@location` applies to scalars and vectors of `i32`, `u32`, `f32` or `f16`"),
                );
                io.broken = true;
            }
        }
        io
    }
}
