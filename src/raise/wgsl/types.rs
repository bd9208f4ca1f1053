//! IR types as WGSL type expressions, and the memory layout of host-shareable types (to
//! turn IR member offsets back into `@align` / `@size` attributes).

use super::build::Ast;
use super::cx::{Cx, MAX_DEPTH};
use crate::ir::enums::{AccessMode, AddressSpace, TexelFormat, TextureDim};
use crate::ir::{Inst, Module, Opcode};
use crate::raise::error::RaiseError;
use crate::syntax::ast::{ExprId, IntSuffix};

/// The WGSL spelling of a scalar type.
pub fn scalar_name(m: &Module, t: Inst) -> Option<&'static str> {
    Some(match m.opcode(t) {
        Opcode::Bool => "bool",
        Opcode::I32 => "i32",
        Opcode::U32 => "u32",
        Opcode::F32 => "f32",
        Opcode::F16 => "f16",
        _ => return None,
    })
}

fn dim_suffix(d: TextureDim) -> &'static str {
    d.name()
}

/// An IR type as a WGSL type expression (built once per type, then shared).
pub fn type_expr(cx: &Cx<'_>, ast: &mut Ast, t: Inst) -> Result<ExprId, RaiseError> {
    if let Some(&e) = ast.types.get(&t) {
        return Ok(e);
    }
    let e = type_expr_at(cx, ast, t, 0)?;
    ast.types.insert(t, e);
    Ok(e)
}

fn type_expr_at(cx: &Cx<'_>, ast: &mut Ast, t: Inst, depth: u32) -> Result<ExprId, RaiseError> {
    let m = cx.m;
    if depth > MAX_DEPTH {
        return Err(cx.unsupported(t, "a type nested more than 255 levels deep"));
    }
    let sub = |ast: &mut Ast, x: Inst| type_expr_at(cx, ast, x, depth + 1);
    let op = m.opcode(t);
    if let Some(s) = scalar_name(m, t) {
        return Ok(ast.name(s));
    }
    let enum_u32 = |k: usize| m.operand_opt(t, k).and_then(|x| m.const_u32(x));
    let e = match op {
        Opcode::Vec => {
            let (elem, n) = m
                .vec_parts(t)
                .ok_or_else(|| cx.malformed(t, "vector type"))?;
            let inner = sub(ast, elem)?;
            ast.templated(&format!("vec{n}"), vec![inner])
        }
        Opcode::Mat => {
            let (col, c) = m
                .mat_parts(t)
                .ok_or_else(|| cx.malformed(t, "matrix type"))?;
            let (elem, r) = m
                .vec_parts(col)
                .ok_or_else(|| cx.malformed(t, "matrix column"))?;
            let inner = sub(ast, elem)?;
            ast.templated(&format!("mat{c}x{r}"), vec![inner])
        }
        Opcode::Array => {
            let elem = m
                .operand_opt(t, 0)
                .ok_or_else(|| cx.malformed(t, "array"))?;
            let count = m
                .operand_opt(t, 1)
                .ok_or_else(|| cx.malformed(t, "array"))?;
            check_stride(cx, t, elem, m.operand_opt(t, 2))?;
            let inner = sub(ast, elem)?;
            let n = match m.const_u32(count) {
                Some(n) => ast.int_lit(u64::from(n), IntSuffix::None),
                None => match cx.global_name(count) {
                    Some(name) => ast.name(name),
                    None => {
                        return Err(cx.unsupported(
                            t,
                            "an array whose element count is neither a constant nor a named override",
                        ));
                    }
                },
            };
            ast.templated("array", vec![inner, n])
        }
        Opcode::RuntimeArray => {
            let elem = m
                .operand_opt(t, 0)
                .ok_or_else(|| cx.malformed(t, "array"))?;
            check_stride(cx, t, elem, m.operand_opt(t, 1))?;
            let inner = sub(ast, elem)?;
            ast.templated("array", vec![inner])
        }
        Opcode::Atomic => {
            let s = m
                .operand_opt(t, 0)
                .ok_or_else(|| cx.malformed(t, "atomic"))?;
            let inner = sub(ast, s)?;
            ast.templated("atomic", vec![inner])
        }
        Opcode::Ptr => {
            let (space, store, access) = m
                .ptr_parts(t)
                .ok_or_else(|| cx.malformed(t, "pointer type"))?;
            if space == AddressSpace::Handle {
                return Err(cx.unsupported(t, "a pointer into the `handle` address space"));
            }
            let mut args = vec![ast.name(space.name())];
            args.push(sub(ast, store)?);
            if space == AddressSpace::Storage {
                args.push(ast.name(access.name()));
            }
            ast.templated("ptr", args)
        }
        Opcode::Sampler => ast.name("sampler"),
        Opcode::SamplerComparison => ast.name("sampler_comparison"),
        Opcode::TextureExternal => ast.name("texture_external"),
        Opcode::TextureSampled | Opcode::TextureMultisampled => {
            let dim = enum_u32(0)
                .and_then(TextureDim::from_u32)
                .ok_or_else(|| cx.malformed(t, "texture dimension"))?;
            let sampled = m
                .operand_opt(t, 1)
                .ok_or_else(|| cx.malformed(t, "texture"))?;
            let inner = sub(ast, sampled)?;
            let name = if op == Opcode::TextureSampled {
                format!("texture_{}", dim_suffix(dim))
            } else {
                format!("texture_multisampled_{}", dim_suffix(dim))
            };
            ast.templated(&name, vec![inner])
        }
        Opcode::TextureDepth | Opcode::TextureDepthMultisampled => {
            let dim = enum_u32(0)
                .and_then(TextureDim::from_u32)
                .ok_or_else(|| cx.malformed(t, "texture dimension"))?;
            let name = if op == Opcode::TextureDepth {
                format!("texture_depth_{}", dim_suffix(dim))
            } else {
                format!("texture_depth_multisampled_{}", dim_suffix(dim))
            };
            ast.name(&name)
        }
        Opcode::TextureStorage => {
            let dim = enum_u32(0)
                .and_then(TextureDim::from_u32)
                .ok_or_else(|| cx.malformed(t, "texture dimension"))?;
            let format = enum_u32(1)
                .and_then(TexelFormat::from_u32)
                .ok_or_else(|| cx.malformed(t, "texel format"))?;
            let access = enum_u32(2)
                .and_then(AccessMode::from_u32)
                .ok_or_else(|| cx.malformed(t, "access mode"))?;
            let f = ast.name(format.name());
            let a = ast.name(access.name());
            ast.templated(&format!("texture_storage_{}", dim_suffix(dim)), vec![f, a])
        }
        Opcode::Buffer => {
            let n = enum_u32(0).ok_or_else(|| cx.malformed(t, "buffer size"))?;
            let n = ast.int_lit(u64::from(n), IntSuffix::None);
            ast.templated("buffer", vec![n])
        }
        Opcode::RuntimeBuffer => ast.name("buffer"),
        Opcode::Struct => match cx.struct_name(t) {
            Some(name) => ast.name(name),
            None => {
                return Err(cx.unsupported(
                    t,
                    "the result structure of a builtin (frexp, modf, atomicCompareExchangeWeak) cannot be spelled in WGSL",
                ));
            }
        },
        _ => return Err(cx.unsupported(t, "a type WGSL has no spelling for")),
    };
    Ok(e)
}

/// An array's IR stride must be the stride WGSL gives its element type.
fn check_stride(cx: &Cx<'_>, t: Inst, elem: Inst, stride: Option<Inst>) -> Result<(), RaiseError> {
    let Some(stride) = stride.and_then(|s| cx.m.const_u32(s)) else {
        return Ok(());
    };
    match layout(cx.m, elem) {
        Some(l) if round_up(l.align, l.size) == stride => Ok(()),
        Some(l) => Err(cx.unsupported(
            t,
            &format!(
                "an array stride of {stride} bytes, where WGSL's layout of the element gives {}",
                round_up(l.align, l.size)
            ),
        )),
        None => Ok(()),
    }
}

// One memory layout for the whole compiler: the IR's (it works each struct out once per
// query, so structures that repeat a member type nest without exponential cost).
pub use crate::ir::layout::{layout, member_offset, round_up};

/// The `@align` and `@size` attributes each member needs so that WGSL's layout rules give
/// the struct's IR offsets, size and alignment. `None` entries need no attribute.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MemberAttrs {
    pub align: Option<u32>,
    pub size: Option<u32>,
}

/// Works out the layout attributes of a struct whose members carry `@offset`. Returns
/// `Err` with a reason when no attributes can give those offsets.
pub fn struct_layout_attrs(m: &Module, t: Inst) -> Result<Vec<MemberAttrs>, String> {
    let fields = m.struct_fields(t);
    let mut attrs = vec![MemberAttrs::default(); fields.len()];
    // Loops rather than all/map/find chains in this function: each chain was its own copy
    // of the iterator code in the package.
    let mut any_offset = false;
    for &f in &fields {
        if member_offset(m, f).is_some() {
            any_offset = true;
            break;
        }
    }
    if !any_offset {
        return Ok(attrs);
    }
    let mut layouts = Vec::with_capacity(fields.len());
    let mut offsets = Vec::with_capacity(fields.len());
    for &f in &fields {
        let ty = m.ty(f).ok_or("a member without a type")?;
        let l = layout(m, ty).ok_or("a member whose type has no memory layout")?;
        let o = member_offset(m, f).ok_or("some members have an offset and some do not")?;
        layouts.push(l);
        offsets.push(o);
    }
    let struct_deco = |op: Opcode| crate::raise::plan::decoration_u32(m, t, op);
    let want_align = struct_deco(Opcode::DecoAlign);
    let want_size = struct_deco(Opcode::DecoSize);
    if offsets[0] != 0 {
        return Err(format!(
            "the first member is at offset {}, not 0",
            offsets[0]
        ));
    }
    // Effective alignment and size of each member after attributes.
    let mut eff_align: Vec<u32> = Vec::with_capacity(layouts.len());
    let mut eff_size: Vec<u32> = Vec::with_capacity(layouts.len());
    for l in &layouts {
        eff_align.push(l.align);
        eff_size.push(l.size);
    }
    let mut end = 0u32;
    for k in 0..fields.len() {
        let natural = round_up(eff_align[k], end);
        let o = offsets[k];
        if o % layouts[k].align != 0 {
            return Err(format!(
                "member {k} is at offset {o}, which is not a multiple of its alignment {}",
                layouts[k].align
            ));
        }
        if o < natural {
            return Err(format!(
                "member {k} is at offset {o}, overlapping the member before it (which ends at {end})"
            ));
        }
        if o > natural {
            // Prefer raising this member's alignment (what `@align` in the source most
            // likely did), else grow the previous member.
            let mut by_align = None;
            for s in 0..31 {
                let a = 1u32 << s;
                if a > layouts[k].align
                    && a <= 1 << 30
                    && round_up(a, end) == o
                    && want_align.is_none_or(|w| a <= w)
                {
                    by_align = Some(a);
                    break;
                }
            }
            match by_align {
                Some(a) => {
                    attrs[k].align = Some(a);
                    eff_align[k] = a;
                }
                None => {
                    let prev = k - 1;
                    let size = o - offsets[prev];
                    attrs[prev].size = Some(size);
                    eff_size[prev] = size;
                }
            }
        }
        end = o.saturating_add(eff_size[k]);
    }
    let mut align = eff_align.iter().copied().max().unwrap_or(1);
    if let Some(w) = want_align {
        if w > align {
            if !w.is_power_of_two() {
                return Err(format!("the structure alignment {w} is not a power of two"));
            }
            attrs[0].align = Some(w);
            align = w;
        } else if w < align {
            return Err(format!(
                "the structure alignment {w} is below its members' alignment {align}"
            ));
        }
    }
    let size = round_up(align, end);
    if let Some(w) = want_size {
        if w > size {
            let last = fields.len() - 1;
            let grown = w - offsets[last];
            if round_up(align, offsets[last] + grown) != w {
                return Err(format!(
                    "the structure size {w} is not a multiple of its alignment {align}"
                ));
            }
            attrs[last].size = Some(grown);
        } else if w < size {
            return Err(format!(
                "the structure size {w} is smaller than its members need ({size})"
            ));
        }
    }
    Ok(attrs)
}
