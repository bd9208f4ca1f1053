//! Module-scope values and attributes, as the module and its functions both write them:
//! constants, overrides and override expressions as expressions, IO and stage attributes.

use super::build::Ast;
use super::cx::{Cx, MAX_DEPTH};
use super::expr::{abstract_int, constant_expr, op_expr};
use crate::ir::enums::{BuiltinValue, DepthMode, InterpolationSampling, InterpolationType};
use crate::ir::{Inst, Module, Opcode};
use crate::raise::error::RaiseError;
use crate::syntax::ast::{self, AttributeKind};

/// The stage decoration of a function, if it is an entry point.
pub fn stage_of(m: &Module, f: Inst) -> Option<Opcode> {
    m.decorations(f).map(|d| m.opcode(d)).find(|op| {
        matches!(
            op,
            Opcode::DecoVertex | Opcode::DecoFragment | Opcode::DecoCompute
        )
    })
}

/// A module-scope value as an expression: constants, overrides by name, module-scope
/// operations by name (or written out when they have no declaration, or at `top`, the
/// declaration's own initializer).
pub fn global_value_expr(
    cx: &Cx<'_>,
    ast: &mut Ast,
    v: Inst,
    depth: u32,
) -> Result<ast::ExprId, RaiseError> {
    // Built once per value and shared; only at the top, where the depth bound cannot
    // differ between uses.
    if depth == 0 {
        if let Some(&e) = ast.globals.get(&v) {
            return Ok(e);
        }
    }
    let m = cx.m;
    let e = match m.opcode(v) {
        op if op.is_constant() => constant_expr(cx, ast, v, false, depth)?,
        Opcode::Override => ast.name(cx.global_name(v).unwrap_or("o")),
        op if op.is_pure() => global_op_expr(cx, ast, v, false, depth)?,
        _ => {
            return Err(cx.unsupported(v, "a module-scope value that is not a constant expression"));
        }
    };
    if depth == 0 {
        ast.globals.insert(v, e);
    }
    Ok(e)
}

pub fn global_op_expr(
    cx: &Cx<'_>,
    ast: &mut Ast,
    v: Inst,
    top: bool,
    depth: u32,
) -> Result<ast::ExprId, RaiseError> {
    if depth > MAX_DEPTH {
        return Err(cx.unsupported(v, "an override expression nested too deeply"));
    }
    if !top {
        if let Some(name) = cx.global_name(v) {
            return Ok(ast.name(name));
        }
    }
    let m = cx.m;
    if m.opcode(v) == Opcode::Insert {
        return Err(cx.unsupported(v, "`insert` in an override expression"));
    }
    let mut ops = Vec::new();
    for x in m.operands(v) {
        ops.push(global_value_expr(cx, ast, x, depth + 1)?);
    }
    op_expr(cx, ast, v, ops)
}

/// The IO attributes of a parameter, struct member or function (its result): builtin,
/// location, interpolation, invariance, blend source.
pub fn io_attributes(
    cx: &Cx<'_>,
    ast: &mut Ast,
    i: Inst,
) -> Result<Vec<ast::Attribute>, RaiseError> {
    let m = cx.m;
    let mut out = Vec::new();
    let word = |k: usize, d: Inst| m.operand_opt(d, k).and_then(|x| m.const_u32(x));
    for d in m.decorations(i) {
        match m.opcode(d) {
            Opcode::DecoBuiltin => {
                let b = word(0, d)
                    .and_then(BuiltinValue::from_u32)
                    .ok_or_else(|| cx.malformed(d, "builtin decoration"))?;
                let mut words = vec![b.name()];
                if let Some(mode) = word(1, d).and_then(DepthMode::from_u32) {
                    words.push(mode.name());
                }
                out.push(ast.word_attribute(AttributeKind::Builtin, "builtin", &words));
            }
            Opcode::DecoLocation => {
                let l = word(0, d).ok_or_else(|| cx.malformed(d, "location"))?;
                out.push(ast.int_attribute(AttributeKind::Location, "location", &[l]));
            }
            Opcode::DecoBlendSrc => {
                let l = word(0, d).ok_or_else(|| cx.malformed(d, "blend_src"))?;
                out.push(ast.int_attribute(AttributeKind::BlendSrc, "blend_src", &[l]));
            }
            Opcode::DecoInterpolate => {
                let t = word(0, d)
                    .and_then(InterpolationType::from_u32)
                    .ok_or_else(|| cx.malformed(d, "interpolate"))?;
                let mut words = vec![t.name()];
                if let Some(s) = word(1, d).and_then(InterpolationSampling::from_u32) {
                    words.push(s.name());
                }
                out.push(ast.word_attribute(AttributeKind::Interpolate, "interpolate", &words));
            }
            Opcode::DecoInvariant => {
                out.push(ast.attribute(AttributeKind::Invariant, "invariant", None));
            }
            _ => {}
        }
    }
    Ok(out)
}

/// The stage and workgroup attributes of an entry point.
pub fn stage_attributes(
    cx: &Cx<'_>,
    ast: &mut Ast,
    f: Inst,
) -> Result<Vec<ast::Attribute>, RaiseError> {
    let m = cx.m;
    let mut out = Vec::new();
    for d in m.decorations(f) {
        match m.opcode(d) {
            Opcode::DecoVertex => out.push(ast.attribute(AttributeKind::Vertex, "vertex", None)),
            Opcode::DecoFragment => {
                out.push(ast.attribute(AttributeKind::Fragment, "fragment", None))
            }
            Opcode::DecoCompute => out.push(ast.attribute(AttributeKind::Compute, "compute", None)),
            Opcode::DecoWorkgroupSize | Opcode::DecoSubgroupSize => {
                let mut args = Vec::new();
                for x in m.operands(d) {
                    args.push(match m.const_u32(x) {
                        Some(v) if m.opcode(x) == Opcode::Constant => {
                            abstract_int(ast, i64::from(v))
                        }
                        _ => global_value_expr(cx, ast, x, 0)?,
                    });
                }
                let (kind, name) = if m.opcode(d) == Opcode::DecoWorkgroupSize {
                    (AttributeKind::WorkgroupSize, "workgroup_size")
                } else {
                    (AttributeKind::SubgroupSize, "subgroup_size")
                };
                out.push(ast.attribute(kind, name, Some(args)));
            }
            _ => {}
        }
    }
    Ok(out)
}
