//! `texture-bounds`: WGSL defines texel accesses outside a texture, and SPIR-V does not.
//!
//! - `textureLoad` at an invalid address returns a texel of the texture or zero: the
//!   level is clamped to the last level, then the coordinates to that level's last texel,
//!   the array index to the last layer and the sample index to the last sample, as
//!   WebGPU implementations do.
//! - `textureStore` at an invalid address is not executed: the store is wrapped in an
//!   `if` testing that every coordinate and the array index are in range.

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::edit::{branch_before, builder_before, find_all, shape};
use crate::ir::enums::TextureDim;
use crate::ir::types::Scalar;
use crate::ir::{Builder, Inst, Module, Opcode, Type, Value};

/// The transform's name in pipelines, diagnostics and tests.
pub const NAME: &str = "texture-bounds";

/// What `texture-bounds` can be told: nothing yet; the back end's list decides whether it runs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {}

pub fn run(m: &mut Module, _: &mut Analyses, _: &Options) -> Result<Changed, Diagnostic> {
    let mut changed = Changed::None;
    for i in find_all(m, &[Opcode::TextureLoad, Opcode::TextureStore]) {
        changed |= if m.opcode(i) == Opcode::TextureLoad {
            Changed::instructions_if(load(m, i))
        } else {
            // The store moves into a new `if`.
            Changed::cfg_if(store(m, i))
        };
    }
    Ok(changed)
}

struct Info {
    arrayed: bool,
    /// Sampled or depth, not multisampled: has levels.
    levels: bool,
    multisampled: bool,
}

fn info(m: &Module, t: Inst) -> Option<Info> {
    let ty = m.ty(t)?;
    let op = m.opcode(ty);
    let dim = if op == Opcode::TextureExternal {
        TextureDim::D2
    } else {
        TextureDim::from_u32(m.const_u32(m.operand_opt(ty, 0)?)?)?
    };
    Some(Info {
        arrayed: matches!(dim, TextureDim::D2Array | TextureDim::CubeArray),
        levels: matches!(op, Opcode::TextureSampled | Opcode::TextureDepth),
        multisampled: matches!(
            op,
            Opcode::TextureMultisampled | Opcode::TextureDepthMultisampled
        ),
    })
}

/// `v` as u32 (scalar or vector).
fn unsigned(b: &mut Builder<'_>, v: Value) -> Value {
    let Some((s, n)) = shape(b.module, v.inst()) else {
        return v;
    };
    if s == Scalar::U32 {
        return v;
    }
    let u = b.ty_u32();
    let t = if n > 1 { b.ty_vec(u, n) } else { u };
    b.value(Opcode::Bitcast, t, &[v])
}

/// `min(x, bound - 1)` for u32 scalars or vectors of the same shape.
fn clamp_below(b: &mut Builder<'_>, x: Value, bound: Value) -> Value {
    let t = b.type_of(bound);
    let one = crate::ir::edit::splat_const(b, t, 1);
    let last = b.binary(Opcode::Sub, bound, one);
    b.binary(Opcode::Min, x, last)
}

fn dims(b: &mut Builder<'_>, t: Value, level: Option<Value>, n: u32) -> Value {
    let u = b.ty_u32();
    let ty = if n > 1 { b.ty_vec(u, n) } else { u };
    let mut ops = vec![t];
    ops.extend(level);
    b.value(Opcode::TextureDimensions, Type(ty.inst()), &ops)
}

/// The operands, the texture's kind and the coordinates' size of a texture access.
fn access_parts(m: &Module, i: Inst) -> Option<(Vec<Inst>, Info, u32)> {
    let ops = m.operands_vec(i);
    let inf = info(m, *ops.first()?)?;
    let n = shape(m, *ops.get(1)?)?.1;
    Some((ops, inf, n))
}

fn load(m: &mut Module, i: Inst) -> bool {
    let Some((ops, inf, n)) = access_parts(m, i) else {
        return false;
    };
    let mut b = builder_before(m, i);
    let u32t = b.ty_u32();
    let t = Value(ops[0]);
    let mut next = 2;
    let layer = if inf.arrayed {
        next += 1;
        Some(Value(ops[2]))
    } else {
        None
    };
    let extra = ops.get(next).copied().map(Value);
    // Level first: the coordinates are clamped to that level's size.
    let level = match (inf.levels, extra) {
        (true, Some(l)) => {
            let levels = b.value(Opcode::TextureNumLevels, u32t, &[t]);
            let l = unsigned(&mut b, l);
            Some(clamp_below(&mut b, l, levels))
        }
        _ => None,
    };
    let size = dims(&mut b, t, level, n);
    let coords = unsigned(&mut b, Value(ops[1]));
    let coords = clamp_below(&mut b, coords, size);
    let mut new_ops = vec![t, coords];
    if let Some(a) = layer {
        let layers = b.value(Opcode::TextureNumLayers, u32t, &[t]);
        let a = unsigned(&mut b, a);
        new_ops.push(clamp_below(&mut b, a, layers));
    }
    if let Some(x) = extra {
        if inf.multisampled {
            let samples = b.value(Opcode::TextureNumSamples, u32t, &[t]);
            let x = unsigned(&mut b, x);
            new_ops.push(clamp_below(&mut b, x, samples));
        } else {
            new_ops.push(level.unwrap_or(x));
        }
    }
    let ids: Vec<Inst> = new_ops.iter().map(|v| v.inst()).collect();
    m.set_operands(i, &ids);
    true
}

fn store(m: &mut Module, i: Inst) -> bool {
    let Some((ops, inf, n)) = access_parts(m, i) else {
        return false;
    };
    let mut b = builder_before(m, i);
    let u32t = b.ty_u32();
    let t = Value(ops[0]);
    let size = dims(&mut b, t, None, n);
    let coords = unsigned(&mut b, Value(ops[1]));
    let lt = b.compare(Opcode::Lt, coords, size);
    let mut ok = if n > 1 {
        let bt = b.ty_bool();
        b.value(Opcode::All, bt, &[lt])
    } else {
        lt
    };
    if inf.arrayed {
        let layers = b.value(Opcode::TextureNumLayers, u32t, &[t]);
        let a = unsigned(&mut b, Value(ops[2]));
        let a_ok = b.compare(Opcode::Lt, a, layers);
        ok = b.binary(Opcode::And, ok, a_ok);
    }
    let Some((then, _, _)) = branch_before(m, i, ok) else {
        return false;
    };
    let Some(br) = m.last_child(then.inst()) else {
        return false;
    };
    m.detach(i);
    m.insert_before(br, i);
    true
}
