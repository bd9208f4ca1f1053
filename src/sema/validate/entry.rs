//! Entry point interfaces (§"Entry Points", §"Shader Interface").
//!
//! An entry point's inputs are its parameters, its outputs its return value; a parameter
//! or result of structure type contributes one item per member, and members may not be
//! structures themselves. Each item is either a builtin value, which must be one of its
//! stage's inputs or outputs with the type the spec gives it, or user-defined IO at a
//! `@location`, which must be a numeric scalar or vector, unique per direction, absent
//! from compute shaders, and `flat` when integral (vertex outputs, fragment inputs).

use crate::diag::{Diagnostic, Span, codes};
use crate::sema::check::{Finished, IoSpec};
use crate::sema::program::{
    BuiltinValue, DeclId, EntryPoint, InterpolationType, IoItem, ShaderStage,
};
use crate::sema::types::{ArraySize, Scalar, TypeId, TypeKind, TypeTable};
use crate::syntax::ast::{GlobalDeclKind, Module};

/// Whether an IO item goes into a stage or out of it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Dir {
    In,
    Out,
}

impl Dir {
    pub(crate) fn word(self) -> &'static str {
        match self {
            Dir::In => "input",
            Dir::Out => "output",
        }
    }
}

/// The stages and direction each builtin value may have (the IR verifier asks too).
pub(crate) fn builtin_allowed(b: BuiltinValue, stage: ShaderStage, dir: Dir) -> bool {
    use BuiltinValue::*;
    use ShaderStage::*;
    match b {
        VertexIndex | InstanceIndex => stage == Vertex && dir == Dir::In,
        ClipDistances => stage == Vertex && dir == Dir::Out,
        Position => (stage == Vertex && dir == Dir::Out) || (stage == Fragment && dir == Dir::In),
        FrontFacing | PrimitiveIndex | SampleIndex => stage == Fragment && dir == Dir::In,
        FragDepth => stage == Fragment && dir == Dir::Out,
        SampleMask => stage == Fragment,
        LocalInvocationId
        | LocalInvocationIndex
        | GlobalInvocationId
        | GlobalInvocationIndex
        | WorkgroupId
        | WorkgroupIndex
        | NumWorkgroups
        | SubgroupId
        | NumSubgroups => stage == Compute && dir == Dir::In,
        SubgroupInvocationId | SubgroupSize => stage != Vertex && dir == Dir::In,
    }
}

/// Where a builtin value may be used, for messages.
pub(crate) fn builtin_where(b: BuiltinValue) -> &'static str {
    use BuiltinValue::*;
    match b {
        VertexIndex | InstanceIndex => "a vertex shader input",
        ClipDistances => "a vertex shader output",
        Position => "a vertex shader output or a fragment shader input",
        FrontFacing | PrimitiveIndex | SampleIndex => "a fragment shader input",
        FragDepth => "a fragment shader output",
        SampleMask => "a fragment shader input or output",
        SubgroupInvocationId | SubgroupSize => "a compute or fragment shader input",
        _ => "a compute shader input",
    }
}

/// WGSL's spelling of the type builtin `b` must have.
pub(crate) fn builtin_type_name(b: BuiltinValue) -> &'static str {
    use BuiltinValue::*;
    match b {
        Position => "vec4<f32>",
        FrontFacing => "bool",
        FragDepth => "f32",
        LocalInvocationId | GlobalInvocationId | WorkgroupId | NumWorkgroups => "vec3<u32>",
        ClipDistances => "array<f32, N> with N at most 8",
        _ => "u32",
    }
}

/// Whether `ty` is the type builtin `b` must have; the expected spelling.
fn builtin_type_ok(t: &TypeTable, b: BuiltinValue, ty: TypeId) -> (bool, &'static str) {
    use BuiltinValue::*;
    let vector = |size, scalar| t.kind(ty) == TypeKind::Vector { size, scalar };
    let ok = match b {
        Position => vector(4, Scalar::F32),
        FrontFacing => t.kind(ty) == TypeKind::Scalar(Scalar::Bool),
        FragDepth => t.kind(ty) == TypeKind::Scalar(Scalar::F32),
        LocalInvocationId | GlobalInvocationId | WorkgroupId | NumWorkgroups => {
            vector(3, Scalar::U32)
        }
        ClipDistances => match t.kind(ty) {
            TypeKind::Array {
                elem,
                size: ArraySize::Const(n),
            } => t.kind(elem) == TypeKind::Scalar(Scalar::F32) && n <= 8,
            _ => false,
        },
        _ => t.kind(ty) == TypeKind::Scalar(Scalar::U32),
    };
    (ok, builtin_type_name(b))
}

struct Item {
    io: IoItem,
    spec: IoSpec,
}

/// The IO items of checked items (one loop for inputs and outputs).
fn io_items(items: Vec<Item>) -> Vec<IoItem> {
    let mut out = Vec::with_capacity(items.len());
    for i in items {
        out.push(i.io);
    }
    out
}

/// Checks an entry point's interface and builds its [`EntryPoint`].
pub(crate) fn entry_point(
    m: &Module,
    fin: &Finished,
    d: DeclId,
    stage: ShaderStage,
    diags: &mut Vec<Diagnostic>,
) -> Option<EntryPoint> {
    let GlobalDeclKind::Fn(f) = &m.decls[d.index()].kind else {
        return None;
    };
    let info = fin.program.function(d)?;
    let name = m.name(f.name.name).to_string();
    let mut inputs = Vec::new();
    let mut ok = true;
    for (k, p) in f.params.iter().enumerate() {
        let spec = fin.io.param(d, k);
        ok &= collect(
            m,
            fin,
            info.params[k],
            spec,
            m.name(p.name.name),
            p.name.span,
            Some(k as u32),
            &mut inputs,
            diags,
        );
    }
    // Inputs first: their errors come before the result's in source order.
    let inputs_ok = ok && check_items(fin, f.name.span, stage, Dir::In, &inputs, diags);
    let mut outputs = Vec::new();
    if let (Some(r), Some(ret)) = (&f.ret, info.ret) {
        if stage == ShaderStage::Compute {
            diags.push(
                Diagnostic::error(
                    codes::INVALID_IO_TYPE,
                    format!("compute entry point `{name}` cannot return a value"),
                )
                .with_primary(m.expr(r.ty).span, "return type")
                .with_note("compute shaders write their results to storage buffers or textures"),
            );
            return None;
        }
        let spec = fin.io.of(d).ret;
        ok &= collect(
            m,
            fin,
            ret,
            spec,
            "",
            m.expr(r.ty).span,
            None,
            &mut outputs,
            diags,
        );
    }
    if !ok {
        return None;
    }
    ok = inputs_ok & check_items(fin, f.name.span, stage, Dir::Out, &outputs, diags);
    // An output without an IO attribute, or with a builtin a vertex shader cannot
    // output, was reported; it may have been meant as the position, so no second error.
    let unattributed = outputs.iter().any(|i| match i.io.attrs.builtin {
        Some(b) => !builtin_allowed(b, stage, Dir::Out),
        None => i.io.attrs.location.is_none(),
    });
    if stage == ShaderStage::Vertex
        && !unattributed
        && !outputs
            .iter()
            .any(|i| i.io.attrs.builtin == Some(BuiltinValue::Position))
    {
        diags.push(
            Diagnostic::error(
                codes::MISSING_POSITION,
                format!("vertex entry point `{name}` must output `@builtin(position)`"),
            )
            .with_primary(f.name.span, "no `position` output")
            .with_note(
                "return a `vec4<f32>` with `@builtin(position)`, directly or as a structure member",
            ),
        );
        ok = false;
    }
    if !ok {
        return None;
    }
    Some(EntryPoint {
        decl: d,
        name,
        stage,
        inputs: io_items(inputs),
        outputs: io_items(outputs),
        workgroup_size: fin.io.of(d).workgroup_size.clone(),
        globals: Vec::new(),
    })
}

/// Adds the items of one parameter or result; false after an error.
#[allow(clippy::too_many_arguments)]
fn collect(
    m: &Module,
    fin: &Finished,
    ty: TypeId,
    spec: IoSpec,
    name: &str,
    span: Span,
    param: Option<u32>,
    out: &mut Vec<Item>,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let t = &fin.program.types;
    let what = if param.is_some() {
        format!("parameter `{name}`")
    } else {
        "the return value".to_string()
    };
    if let TypeKind::Struct(sid) = t.kind(ty) {
        let def = t.struct_def(sid);
        if !spec.is_empty() {
            let at = spec
                .builtin
                .or(spec.location)
                .or(spec.interpolate)
                .unwrap_or(span);
            diags.push(
                Diagnostic::error(
                    codes::IO_ATTRIBUTE_CONFLICT,
                    format!("{what} has a structure type, so IO attributes go on its members"),
                )
                .with_primary(at, "not allowed on a structure")
                .with_secondary(def.span, format!("`{}` is declared here", def.name)),
            );
            return false;
        }
        let Some(decl) = def.decl.map(DeclId::from_index) else {
            return true;
        };
        let specs = &fin.io.of(decl).members;
        let mut ok = true;
        for (k, mem) in def.members.iter().enumerate() {
            let mspec = specs.get(k).copied().unwrap_or_default();
            if mspec.broken {
                ok = false;
                continue;
            }
            if let TypeKind::Struct(_) = t.kind(mem.ty) {
                diags.push(
                    Diagnostic::error(
                        codes::INVALID_IO_TYPE,
                        format!(
                            "member `{}` of `{}` is a structure; entry point IO cannot nest structures",
                            mem.name, def.name
                        ),
                    )
                    .with_primary(mem.span, "nested structure")
                    .with_secondary(span, format!("`{}` is used for entry point IO here", def.name)),
                );
                ok = false;
                continue;
            }
            out.push(Item {
                io: IoItem {
                    name: mem.name.clone(),
                    ty: mem.ty,
                    attrs: mspec.attrs,
                    param,
                    member: Some(k as u32),
                    span: mem.span,
                },
                spec: mspec,
            });
        }
        let _ = m;
        return ok;
    }
    if spec.broken {
        return false;
    }
    out.push(Item {
        io: IoItem {
            name: name.to_string(),
            ty,
            attrs: spec.attrs,
            param,
            member: None,
            span,
        },
        spec,
    });
    true
}

fn check_items(
    fin: &Finished,
    entry: Span,
    stage: ShaderStage,
    dir: Dir,
    items: &[Item],
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let t = &fin.program.types;
    let mut ok = true;
    let mut builtins: Vec<(BuiltinValue, Span)> = Vec::new();
    let mut locations: Vec<(u32, Option<u32>, Span)> = Vec::new();
    for it in items {
        let span = it.io.span;
        let what = if it.io.member.is_some() {
            format!("member `{}`", it.io.name)
        } else if it.io.param.is_some() {
            format!("parameter `{}`", it.io.name)
        } else {
            "the return value".to_string()
        };
        match (it.io.attrs.builtin, it.io.attrs.location) {
            (None, None) => {
                diags.push(
                    Diagnostic::error(
                        codes::MISSING_IO_ATTRIBUTE,
                        format!(
                            "{what} of a {} entry point needs `@builtin` or `@location`",
                            stage.name()
                        ),
                    )
                    .with_primary(span, "no IO attribute")
                    .with_note("every entry point input and output is a builtin value or user-defined IO at a location"),
                );
                ok = false;
            }
            (Some(b), _) => {
                let at = it.spec.builtin.unwrap_or(span);
                if !builtin_allowed(b, stage, dir) {
                    diags.push(
                        Diagnostic::error(
                            codes::INVALID_BUILTIN,
                            format!(
                                "`@builtin({})` cannot be a {} shader {}",
                                b.name(),
                                stage.name(),
                                dir.word()
                            ),
                        )
                        .with_primary(at, "wrong stage or direction")
                        .with_note(format!(
                            "`{}` is {}",
                            b.name(),
                            builtin_where(b)
                        )),
                    );
                    ok = false;
                    continue;
                }
                let (type_ok, want) = builtin_type_ok(t, b, it.io.ty);
                if !type_ok {
                    diags.push(
                        Diagnostic::error(
                            codes::BUILTIN_TYPE,
                            format!(
                                "`@builtin({})` must have type `{want}`, but {what} is `{}`",
                                b.name(),
                                t.name(it.io.ty)
                            ),
                        )
                        .with_primary(at, format!("needs `{want}`"))
                        .with_secondary(span, format!("`{}` here", t.name(it.io.ty))),
                    );
                    ok = false;
                }
                if let Some(&(_, prev)) = builtins.iter().find(|(x, _)| *x == b) {
                    diags.push(
                        Diagnostic::error(
                            codes::DUPLICATE_IO,
                            format!(
                                "`@builtin({})` is used twice as a {} shader {}",
                                b.name(),
                                stage.name(),
                                dir.word()
                            ),
                        )
                        .with_primary(entry, format!("entry point with two `{}`", b.name()))
                        .with_secondary(at, "used again here")
                        .with_secondary(prev, "first used here"),
                    );
                    ok = false;
                } else {
                    builtins.push((b, at));
                }
            }
            (None, Some(loc)) => {
                let at = it.spec.location.unwrap_or(span);
                if stage == ShaderStage::Compute {
                    diags.push(
                        Diagnostic::error(
                            codes::INVALID_IO_TYPE,
                            "compute shaders cannot have user-defined inputs",
                        )
                        .with_primary(at, "`@location` in a compute shader")
                        .with_note("compute shader inputs are builtin values only"),
                    );
                    ok = false;
                    continue;
                }
                if let Some(bs) = it.spec.blend_src {
                    if !(stage == ShaderStage::Fragment && dir == Dir::Out) {
                        diags.push(
                            Diagnostic::error(
                                codes::BLEND_SRC,
                                "`@blend_src` applies only to fragment shader outputs",
                            )
                            .with_primary(bs, "not a fragment output"),
                        );
                        ok = false;
                    }
                }
                let blend = it.io.attrs.blend_src;
                if let Some(&(_, _, prev)) = locations
                    .iter()
                    .find(|(l, b, _)| *l == loc && (*b == blend || b.is_none() || blend.is_none()))
                {
                    diags.push(
                        Diagnostic::error(
                            codes::DUPLICATE_IO,
                            format!(
                                "`@location({loc})` is used twice as a {} shader {}",
                                stage.name(),
                                dir.word()
                            ),
                        )
                        .with_primary(at, "used again here")
                        .with_secondary(prev, "first used here"),
                    );
                    ok = false;
                } else {
                    locations.push((loc, blend, at));
                }
                let integral = matches!(
                    t.kind(it.io.ty),
                    TypeKind::Scalar(s) | TypeKind::Vector { scalar: s, .. } if s.is_integer()
                );
                let interstage = (stage == ShaderStage::Vertex && dir == Dir::Out)
                    || (stage == ShaderStage::Fragment && dir == Dir::In);
                let flat = matches!(
                    it.io.attrs.interpolation,
                    Some((InterpolationType::Flat, _))
                );
                if integral && interstage && !flat {
                    let mut d = Diagnostic::error(
                        codes::INTERPOLATION,
                        format!(
                            "integral user-defined {} shader {}s must be `@interpolate(flat)`",
                            stage.name(),
                            dir.word()
                        ),
                    )
                    .with_primary(
                        it.spec.interpolate.unwrap_or(span),
                        format!("`{}` is not interpolated `flat`", t.name(it.io.ty)),
                    );
                    if it.spec.interpolate.is_some() {
                        d = d.with_secondary(span, format!("`{}` here", t.name(it.io.ty)));
                    } else {
                        d = d.with_note(format!(
                            "add `@interpolate(flat)` next to `@location({loc})`"
                        ));
                    }
                    diags.push(d);
                    ok = false;
                }
            }
        }
    }
    ok
}
