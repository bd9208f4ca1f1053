//! Attributes (§"Attributes"): where each may appear, duplicates, and the values of
//! those that take a const-expression.
//!
//! Attribute names are matched by the parser. Here each declaration kind says which
//! attributes it accepts; any other one is reported on its own span. An attribute written
//! twice is an error too. Integer arguments (`@location(n)`, `@binding(n)`, `@align(n)`,
//! …) must be const-expressions of an integer type and are evaluated; `@workgroup_size`
//! also accepts override-expressions and is handled with the entry points.

use super::Checker;
use crate::diag::{Diagnostic, codes};
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
