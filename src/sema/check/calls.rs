//! Call expressions: user functions, builtin functions and value constructors
//! (§"Function Calls", §"Built-in Functions", §"Value Constructor Built-in Functions").
//!
//! The callee's name was resolved by the resolver; what it denotes picks the rule:
//! a user function's arguments convert to its parameter types; a builtin and a value
//! constructor resolve an overload from the argument types. `@const` builtins and
//! constructors with constant arguments are evaluated.

use super::{Checker, StageUse};
use crate::diag::{Diagnostic, Span, codes};
use crate::sema::builtins::constructors::{Ctor, resolve_constructor};
use crate::sema::builtins::{Arg, BuiltinFn, Requirement, ResolveError, Stages};
use crate::sema::consteval::{self, Value};
use crate::sema::program::{
    CallTarget, DeclId, DeclInfo, EvalStage, ExprInfo, ExprSem, Name, TextureSource,
};
use crate::sema::resolve::{Predeclared, Resolved};
use crate::sema::types::{TypeGenerator, TypeId, TypeKind};
use crate::syntax::ast::{ExprId, ExprKind, IdentExpr};

use super::exprs::value_info;

/// What a call's callee denotes.
enum Callee {
    Function(DeclId),
    Builtin(BuiltinFn),
    Constructor(Ctor),
}

impl Checker<'_> {
    /// Checks a call. `as_statement` is true for a function call statement, where a
    /// function without a result is fine.
    pub(crate) fn call(
        &mut self,
        e: ExprId,
        callee: &IdentExpr,
        args: &[ExprId],
        as_statement: bool,
    ) -> ExprInfo {
        let span = callee.ident.span;
        let name = self.sym(callee.ident.name);
        let templates = callee.template_list();
        let Some(r) = self.res.names[e.index()] else {
            self.check_args_only(templates, args);
            return ExprInfo::ERROR;
        };
        let target = match r {
            Resolved::Predeclared(Predeclared::Builtin(f)) => Callee::Builtin(f),
            Resolved::Predeclared(Predeclared::Type(kind)) => {
                let info = self.predeclared_type(span, name, kind, templates);
                match info.ty {
                    Some(ty) => Callee::Constructor(Ctor::Type(ty)),
                    None => return self.args_after_error(args),
                }
            }
            Resolved::Predeclared(Predeclared::Generator(g)) => match (g, templates) {
                (TypeGenerator::Vec(n), None) => Callee::Constructor(Ctor::Vec(n)),
                (TypeGenerator::Mat(c, r), None) => Callee::Constructor(Ctor::Mat(c, r)),
                (TypeGenerator::Array, None) => Callee::Constructor(Ctor::Array),
                _ => {
                    let info = self.generator_type(span, name, g, templates);
                    match info.ty {
                        Some(ty) => Callee::Constructor(Ctor::Type(ty)),
                        None => return self.args_after_error(args),
                    }
                }
            },
            Resolved::Predeclared(Predeclared::Enumerant(_)) => {
                self.check_args_only(templates, args);
                self.error(
                    codes::NOT_CALLABLE,
                    span,
                    format!("`{name}` is an enumerant, not a function"),
                    "cannot be called",
                );
                return ExprInfo::ERROR;
            }
            Resolved::Name(Name::Global(d)) => match &self.p.decls[d.index()] {
                DeclInfo::Fn(_) => {
                    if let Some(t) = templates {
                        self.check_all(t);
                        self.error(
                            codes::TEMPLATE_ARGUMENTS,
                            span,
                            format!("function `{name}` takes no template arguments"),
                            "unexpected template list",
                        );
                        return self.args_after_error(args);
                    }
                    Callee::Function(d)
                }
                DeclInfo::Alias(ty) | DeclInfo::Struct(ty) => {
                    let ty = *ty;
                    if let Some(t) = templates {
                        self.check_all(t);
                        self.error(
                            codes::TEMPLATE_ARGUMENTS,
                            span,
                            format!("`{name}` takes no template arguments"),
                            "unexpected template list",
                        );
                        return self.args_after_error(args);
                    }
                    Callee::Constructor(Ctor::Type(ty))
                }
                DeclInfo::Error => {
                    self.check_args_only(templates, args);
                    return ExprInfo::ERROR;
                }
                _ => {
                    self.check_args_only(templates, args);
                    self.report(self.error_declared_here(
                        codes::NOT_CALLABLE,
                        format!("`{name}` is not a function and cannot be called"),
                        span,
                        "called here",
                        d,
                        name,
                    ));
                    return ExprInfo::ERROR;
                }
            },
            Resolved::Name(_) => {
                self.check_args_only(templates, args);
                let what = match r {
                    Resolved::Name(Name::Param(_)) => "parameter",
                    _ => "local declaration",
                };
                self.report(
                    Diagnostic::error(
                        codes::NOT_CALLABLE,
                        format!("`{name}` is a {what}, not a function"),
                    )
                    .with_primary(span, "cannot be called")
                    .with_note("a local declaration shadows any function or type of the same name"),
                );
                return ExprInfo::ERROR;
            }
        };
        match target {
            Callee::Function(d) => self.with_arg_values(args, |c, vals| {
                c.call_function(e, d, span, name, args, vals, as_statement)
            }),
            Callee::Builtin(f) => self.call_builtin(e, f, span, templates, args, as_statement),
            Callee::Constructor(ctor) => {
                self.with_arg_values(args, |c, vals| c.construct(e, ctor, span, args, vals))
            }
        }
    }

    fn check_args_only(&mut self, templates: Option<&[ExprId]>, args: &[ExprId]) {
        if let Some(t) = templates {
            self.check_all(t);
        }
        self.check_all(args);
    }

    fn args_after_error(&mut self, args: &[ExprId]) -> ExprInfo {
        self.check_all(args);
        ExprInfo::ERROR
    }

    /// Checks each argument as a value; `None` if any is broken. The list comes from
    /// the pool of argument lists: give it back with [`Checker::recycle_args`].
    fn arg_values(&mut self, args: &[ExprId]) -> Option<Vec<(TypeId, EvalStage)>> {
        let mut out = self.arg_pool.pop().unwrap_or_default();
        out.clear();
        let mut ok = true;
        for &a in args {
            match self.rvalue(a) {
                Some(v) => out.push(v),
                None => ok = false,
            }
        }
        if ok {
            Some(out)
        } else {
            self.recycle_args(out);
            None
        }
    }

    fn recycle_args(&mut self, list: Vec<(TypeId, EvalStage)>) {
        self.arg_pool.push(list);
    }

    /// The arguments of an overload resolution, from the argument values: taken from
    /// [`Checker::resolve_args`], and to be given back there.
    fn resolve_args_of(&mut self, vals: &[(TypeId, EvalStage)]) -> Vec<Arg> {
        let mut list = std::mem::take(&mut self.resolve_args);
        list.clear();
        list.extend(vals.iter().map(|&(ty, stage)| Arg {
            ty,
            is_const: stage == EvalStage::Const,
        }));
        list
    }

    /// Checks the arguments as values, then the call with `check` (unless an argument
    /// is broken).
    fn with_arg_values(
        &mut self,
        args: &[ExprId],
        check: impl FnOnce(&mut Self, &[(TypeId, EvalStage)]) -> ExprInfo,
    ) -> ExprInfo {
        let Some(vals) = self.arg_values(args) else {
            return ExprInfo::ERROR;
        };
        let info = check(self, &vals);
        self.recycle_args(vals);
        info
    }

    #[allow(clippy::too_many_arguments)]
    fn call_function(
        &mut self,
        e: ExprId,
        d: DeclId,
        span: Span,
        name: &str,
        args: &[ExprId],
        vals: &[(TypeId, EvalStage)],
        as_statement: bool,
    ) -> ExprInfo {
        let DeclInfo::Fn(f) = &self.p.decls[d.index()] else {
            return ExprInfo::ERROR;
        };
        let (nparams, ret, stage) = (f.params.len(), f.ret, f.stage);
        self.p.sems[e.index()] = ExprSem::Call(CallTarget::Function(d));
        if let Some(stage) = stage {
            self.report(
                Diagnostic::error(
                    codes::ENTRY_POINT_CALLED,
                    format!("entry point `{name}` cannot be called"),
                )
                .with_primary(span, "called here")
                .with_secondary(
                    self.decl_name_span(d),
                    format!("`{name}` is a {} entry point", stage.name()),
                ),
            );
            return ExprInfo::ERROR;
        }
        self.note_global_use(d, span);
        if nparams != vals.len() {
            self.report(self.error_declared_here(
                codes::ARGUMENT_COUNT,
                format!(
                    "function `{name}` takes {} argument{}, but {} {} given",
                    nparams,
                    if nparams == 1 { "" } else { "s" },
                    vals.len(),
                    if vals.len() == 1 { "was" } else { "were" }
                ),
                self.span(e),
                "wrong number of arguments",
                d,
                name,
            ));
            return ExprInfo::ERROR;
        }
        let mut ok = true;
        for (k, (&a, &(ty, _))) in args.iter().zip(vals).enumerate() {
            let DeclInfo::Fn(f) = &self.p.decls[d.index()] else {
                return ExprInfo::ERROR;
            };
            let p = f.params[k];
            // `convert_to` accepts a matching type at once; the message is for a mismatch.
            if ty != p {
                let what = format!("argument {} of `{name}`", k + 1);
                ok &= self.convert_to(a, ty, p, &what);
            }
        }
        if !ok {
            return ExprInfo::ERROR;
        }
        for (k, (&a, &(ty, _))) in args.iter().zip(vals).enumerate() {
            if let Some(source) = self.texture_source(a, ty) {
                self.f.facts.texture_args.push((d, k as u32, source));
            }
        }
        self.call_effects(d, name, args, span);
        match ret {
            Some(ty) => value_info(ty, EvalStage::Runtime),
            None => {
                if !as_statement {
                    self.report(self.error_declared_here(
                        codes::NO_VALUE,
                        format!("function `{name}` does not return a value"),
                        self.span(e),
                        "used as a value here",
                        d,
                        name,
                    ));
                }
                ExprInfo::ERROR
            }
        }
    }

    /// Where the texture argument `a` of type `ty` comes from, if it is a texture named
    /// by a module-scope `var` or a parameter.
    fn texture_source(&self, mut a: ExprId, ty: TypeId) -> Option<TextureSource> {
        if !matches!(self.p.types.kind(ty), TypeKind::Texture(_)) {
            return None;
        }
        while let ExprKind::Paren(inner) = self.m.expr(a).kind {
            a = inner;
        }
        match self.p.sems[a.index()] {
            ExprSem::Name(Name::Global(d)) => Some(TextureSource::Global(d)),
            ExprSem::Name(Name::Param(k)) => Some(TextureSource::Param(k)),
            _ => None,
        }
    }

    /// Records the textures a builtin call samples with a non-comparison sampler (for
    /// reflection: WebGPU's default layout makes those `float`, the rest of the `f32`
    /// textures `unfilterable-float`).
    fn note_sampled_textures(&mut self, args: &[ExprId], vals: &[(TypeId, EvalStage)]) {
        let filtering = vals.iter().any(|&(ty, _)| {
            matches!(
                self.p.types.kind(ty),
                TypeKind::Sampler { comparison: false }
            )
        });
        if !filtering {
            return;
        }
        for (&a, &(ty, _)) in args.iter().zip(vals) {
            if let Some(source) = self.texture_source(a, ty) {
                self.f.facts.sampled.push(source);
            }
        }
    }

    fn call_builtin(
        &mut self,
        e: ExprId,
        f: BuiltinFn,
        span: Span,
        templates: Option<&[ExprId]>,
        args: &[ExprId],
        as_statement: bool,
    ) -> ExprInfo {
        let takes_templates = matches!(
            f,
            BuiltinFn::Bitcast | BuiltinFn::BufferView | BuiltinFn::BufferArrayView
        );
        let mut template_types = Vec::new();
        let mut ok = true;
        match templates {
            Some(t) if takes_templates => {
                for &a in t {
                    match self.type_expr(a) {
                        Some(ty) => template_types.push(ty),
                        None => ok = false,
                    }
                }
            }
            Some(t) => {
                self.check_all(t);
                self.error(
                    codes::TEMPLATE_ARGUMENTS,
                    span,
                    format!(
                        "builtin function `{}` takes no template arguments",
                        f.name()
                    ),
                    "unexpected template list",
                );
                ok = false;
            }
            None if takes_templates => {
                self.report(
                    Diagnostic::error(
                        codes::TEMPLATE_ARGUMENTS,
                        format!(
                            "`{}` needs the target type as a template argument",
                            f.name()
                        ),
                    )
                    .with_primary(span, "missing template list")
                    .with_note(format!("for example `{}<u32>(x)`", f.name())),
                );
                ok = false;
            }
            None => {}
        }
        let vals = self.arg_values(args);
        let (Some(vals), true) = (vals, ok) else {
            return ExprInfo::ERROR;
        };
        let info = self.builtin_with(e, f, span, &template_types, args, &vals, as_statement);
        self.recycle_args(vals);
        info
    }

    /// A builtin call whose template types and argument values are checked.
    #[allow(clippy::too_many_arguments)]
    fn builtin_with(
        &mut self,
        e: ExprId,
        f: BuiltinFn,
        span: Span,
        template_types: &[TypeId],
        args: &[ExprId],
        vals: &[(TypeId, EvalStage)],
        as_statement: bool,
    ) -> ExprInfo {
        if let Requirement::Extension(ext) = f.requirement() {
            if !self.extension_enabled(ext) {
                self.report(
                    Diagnostic::error(
                        codes::EXTENSION_NOT_ENABLED,
                        format!("`{}` needs the `{ext}` extension", f.name()),
                    )
                    .with_primary(span, "used here")
                    .with_note(format!("add `enable {ext};` at the top of the module")),
                );
                return ExprInfo::ERROR;
            }
        }
        let arg_list = self.resolve_args_of(vals);
        let resolved = f.resolve(&mut self.p.types, template_types, &arg_list);
        self.resolve_args = arg_list;
        let resolved = match resolved {
            Ok(r) => r,
            Err(err) => {
                self.report_no_overload(
                    e,
                    span,
                    f.name(),
                    template_types,
                    vals,
                    err,
                    f.overloads(),
                );
                return ExprInfo::ERROR;
            }
        };
        self.p.sems[e.index()] = ExprSem::Call(CallTarget::Builtin {
            func: f,
            overload: resolved.overload as u16,
        });
        let overload = &f.overloads()[resolved.overload];
        let mut ok = true;
        for (k, (&a, &p)) in args.iter().zip(resolved.params.iter()).enumerate() {
            ok &= self.materialize(a, p);
            let param = &overload.params[k];
            if param.must_be_const {
                ok &= self.check_const_argument(f, a, vals[k].1, &param.name);
            }
        }
        if !ok {
            return ExprInfo::ERROR;
        }
        if f.stages() != Stages::All {
            self.f.facts.stage_uses.push((StageUse::Builtin(f), span));
        }
        self.note_builtin_access(f, args);
        self.note_sampled_textures(args, vals);
        let stage = if f.is_const() {
            vals.iter().map(|v| v.1).max().unwrap_or(EvalStage::Const)
        } else {
            EvalStage::Runtime
        };
        let Some(ret) = resolved.ret else {
            if !as_statement {
                self.error(
                    codes::NO_VALUE,
                    self.span(e),
                    format!("`{}` does not return a value", f.name()),
                    "used as a value here",
                );
            }
            return ExprInfo::ERROR;
        };
        if stage == EvalStage::Const {
            let values = self.values_of(args);
            if let Some(values) = values {
                match consteval::eval_builtin(&mut self.p.types, f, template_types, &values, ret) {
                    Ok(v) => self.set_value(e, v),
                    Err(err) => self.eval_error(self.span(e), err),
                }
            }
        }
        value_info(ret, stage)
    }

    /// A builtin argument the spec requires to be a const-expression, within its range.
    fn check_const_argument(
        &mut self,
        f: BuiltinFn,
        a: ExprId,
        stage: EvalStage,
        param: &str,
    ) -> bool {
        if stage != EvalStage::Const {
            self.report(
                Diagnostic::error(
                    codes::NOT_CONST,
                    format!(
                        "the `{param}` argument of `{}` must be a const-expression",
                        f.name()
                    ),
                )
                .with_primary(self.span(a), "not a const-expression"),
            );
            return false;
        }
        let (Some((lo, hi)), Some(v)) = (f.const_argument_range(param), self.value_of(a)) else {
            return true;
        };
        let bad = v
            .scalars()
            .iter()
            .filter_map(Value::as_i64)
            .find(|&x| x < lo || x > hi);
        if let Some(bad) = bad {
            self.error(
                codes::CONST_DOMAIN,
                self.span(a),
                format!(
                    "the `{param}` argument of `{}` must be between {lo} and {hi}, but it is {bad}",
                    f.name()
                ),
                "out of range",
            );
            return false;
        }
        true
    }

    /// The names of `tys` joined by `, `: one loop for each list of types a diagnostic
    /// shows, where a `Vec<String>` collected per list is a copy of the iterator code each.
    fn type_list(&self, tys: &mut dyn Iterator<Item = TypeId>) -> String {
        let mut out = String::new();
        for (k, t) in tys.enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            out.push_str(&self.tn(t));
        }
        out
    }

    pub(crate) fn extension_enabled(&self, ext: &str) -> bool {
        match ext {
            "f16" => self.ext.f16,
            "subgroups" => self.ext.subgroups || self.ext.subgroup_size_control,
            "clip_distances" => self.ext.clip_distances,
            "dual_source_blending" => self.ext.dual_source_blending,
            "primitive_index" => self.ext.primitive_index,
            "subgroup_size_control" => self.ext.subgroup_size_control,
            _ => false,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn report_no_overload(
        &mut self,
        e: ExprId,
        span: Span,
        name: &str,
        templates: &[TypeId],
        vals: &[(TypeId, EvalStage)],
        err: ResolveError,
        overloads: &[crate::sema::builtins::Overload],
    ) {
        let tmpl = if templates.is_empty() {
            String::new()
        } else {
            format!("<{}>", self.type_list(&mut templates.iter().copied()))
        };
        let arg_types = self.type_list(&mut vals.iter().map(|v| v.0));
        let sig = format!("{name}{tmpl}({arg_types})");
        let message = match err {
            ResolveError::NoMatch => format!("no overload of `{name}` takes `{sig}`"),
            ResolveError::Ambiguous(_) => format!("the call `{sig}` is ambiguous"),
        };
        let mut d = Diagnostic::error(codes::NO_MATCHING_OVERLOAD, message)
            .with_primary(span, "no matching overload");
        let _ = e;
        // The first eight, one a line.
        if !overloads.is_empty() {
            let mut note = String::from("the overloads are:");
            for o in overloads.iter().take(8) {
                note.push_str("\n  ");
                note.push_str(&o.text);
            }
            if overloads.len() > 8 {
                note.push_str(&format!("\n  … and {} more", overloads.len() - 8));
            }
            d = d.with_note(note);
        }
        self.report(d);
    }

    fn construct(
        &mut self,
        e: ExprId,
        ctor: Ctor,
        span: Span,
        args: &[ExprId],
        vals: &[(TypeId, EvalStage)],
    ) -> ExprInfo {
        if let Ctor::Type(ty) = ctor {
            if !self.p.types.is_constructible(ty) {
                let mut d = Diagnostic::error(
                    codes::NOT_CONSTRUCTIBLE,
                    format!("`{}` cannot be constructed", self.tn(ty)),
                )
                .with_primary(span, "not a constructible type");
                let why = match self.p.types.kind(ty) {
                    TypeKind::Atomic(_) => Some("atomic values only exist in memory"),
                    TypeKind::Array { .. } => {
                        Some("only arrays with a count known at shader creation can be constructed")
                    }
                    TypeKind::Ptr { .. } => Some("pointers are made with `&`"),
                    TypeKind::Texture(_) | TypeKind::Sampler { .. } => {
                        Some("textures and samplers are bound as resources")
                    }
                    _ => None,
                };
                if let Some(w) = why {
                    d = d.with_note(w);
                }
                self.report(d);
                return ExprInfo::ERROR;
            }
        }
        let arg_list = self.resolve_args_of(vals);
        let resolved = resolve_constructor(&mut self.p.types, ctor, &arg_list);
        self.resolve_args = arg_list;
        let resolved = match resolved {
            Ok(r) => r,
            Err(err) => {
                self.report_bad_constructor(e, ctor, span, vals, err);
                return ExprInfo::ERROR;
            }
        };
        let Some(ret) = resolved.ret else {
            return ExprInfo::ERROR;
        };
        self.p.sems[e.index()] = ExprSem::Call(CallTarget::Constructor);
        let mut ok = true;
        for (&a, &p) in args.iter().zip(resolved.params.iter()) {
            ok &= self.materialize(a, p);
        }
        if !ok {
            return ExprInfo::ERROR;
        }
        if self
            .p
            .types
            .has(ret, crate::sema::types::TypeFlags::CONTAINS_F16)
        {
            self.require_f16(span);
        }
        let stage = vals.iter().map(|v| v.1).max().unwrap_or(EvalStage::Const);
        if stage == EvalStage::Const {
            let values = self.values_of(args);
            // Zero values are not charged: large ones stay symbolic (`Value::Zero`).
            let values = values.filter(|v| v.is_empty() || self.charge_const(span, ret));
            if let Some(values) = values {
                match consteval::construct(&mut self.p.types, ret, &values) {
                    Ok(v) => self.set_value(e, v),
                    Err(err) => self.eval_error(self.span(e), err),
                }
            }
        }
        value_info(ret, stage)
    }

    fn report_bad_constructor(
        &mut self,
        e: ExprId,
        ctor: Ctor,
        span: Span,
        vals: &[(TypeId, EvalStage)],
        err: ResolveError,
    ) {
        let what = match ctor {
            Ctor::Type(t) => self.tn(t),
            Ctor::Vec(n) => format!("vec{n}"),
            Ctor::Mat(c, r) => format!("mat{c}x{r}"),
            Ctor::Array => "array".to_string(),
        };
        let arg_types = self.type_list(&mut vals.iter().map(|v| v.0));
        let message = match err {
            ResolveError::Ambiguous(_) => {
                format!("the constructor `{what}({arg_types})` is ambiguous")
            }
            ResolveError::NoMatch => format!("no constructor `{what}({arg_types})`"),
        };
        let mut d = Diagnostic::error(codes::NO_MATCHING_CONSTRUCTOR, message)
            .with_primary(self.span(e), "invalid constructor call");
        let _ = span;
        let t = &self.p.types;
        let hint = match ctor {
            Ctor::Type(ty) => match t.kind(ty) {
                TypeKind::Vector { size, .. } => Some(format!(
                    "a `{what}` is built from one scalar (splat), one vector of {size} components (conversion), or components adding up to {size}"
                )),
                TypeKind::Matrix { cols, rows, .. } => Some(format!(
                    "a `{what}` is built from {cols} column vectors of {rows} components, {} scalars, or another matrix of the same shape",
                    cols * rows
                )),
                TypeKind::Array { size: crate::sema::types::ArraySize::Const(n), elem } => Some(format!(
                    "a `{what}` is built from no arguments or exactly {n} values of type `{}`",
                    t.name(elem)
                )),
                TypeKind::Struct(id) => Some(format!(
                    "a `{what}` is built from no arguments or one value for each of its {} members, in order",
                    t.struct_def(id).members.len()
                )),
                TypeKind::Scalar(_) => Some(format!(
                    "`{what}(x)` converts one scalar value; `{what}()` is the zero value"
                )),
                _ => None,
            },
            Ctor::Array => Some(
                "`array(…)` needs at least one argument, and all arguments must have one common type".to_string(),
            ),
            _ => None,
        };
        if let Some(h) = hint {
            d = d.with_note(h);
        }
        self.report(d);
    }
}
