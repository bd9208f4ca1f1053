//! `gvn`: global value numbering by dominator-scoped hash tables (common-subexpression
//! elimination over SSA).
//!
//! **What is merged.** Two instructions compute the same value when they have the same
//! opcode, the same type and the same operands, and the opcode depends on nothing else:
//! the pure class ([`Opcode::is_pure`]), which reads no memory, has no effect and does
//! not depend on where it runs. That key is the one the module hash-conses its global
//! values with (opcode, type, operands; pure operations carry no literal), applied to the
//! operations inside functions. When an instruction's key was already seen in a block
//! that dominates it (or earlier in its own block), every use of it is redirected to the
//! first one and it is removed. For integer and boolean operands the operands of
//! commutative operations (`add`, `mul`, `and`, `or`, `xor`, `eq`, `ne`, `min`, `max`) are
//! put in a canonical order first, so `a + b` and `b + a` meet; float operations are
//! matched as written (their commuted forms are equal only up to NaN payloads, which this
//! pass does not decide).
//!
//! Sizes of textures (`texture_dimensions`, `texture_num_levels`, …) and loads of
//! texture and sampler variables are merged like pure values: a handle variable is never
//! written, and a resource's size is fixed for the dispatch. So are loads of memory that
//! nothing writes while the shader runs: `uniform` and `immediate` variables, and
//! `storage` variables declared `read`. No invocation can write those (the shader has no
//! writable pointer to them), and WebGPU forbids binding one buffer range both as
//! read-only and as writable storage in one dispatch or draw, so two loads of one
//! pointer give one value wherever they run (spirv-opt's redundancy elimination treats
//! `Uniform` loads the same way).
//!
//! **What is not.** Other loads, stores, atomics, calls, barriers and everything with an effect
//! are never keyed. Operations whose result depends on the control flow they run in —
//! derivatives, implicit-derivative and other texture sampling (which also read a
//! texture), subgroup and quad operations — are merged only within one block, and only
//! when no instruction with an effect (a call, `demote`, a barrier, a store) lies between
//! the two: then both run in the same invocations, with the same helpers and the same
//! texture contents, so they give the same result. Across blocks they are never merged,
//! since this pass proves nothing about the uniformity of the control flow between two
//! blocks. Nothing is moved: a merged instruction is replaced by one that already
//! dominates it, so no instruction runs where it did not before, and no instruction that
//! may trap (none does in WGSL's pure set) runs more often.
//!
//! **Algorithm.** A pre-order walk of the dominator tree with one hash table of keys:
//! entering a block adds the keys of its instructions that are new, leaving it removes
//! them again (an undo log), so the table always holds exactly the instructions of the
//! dominating blocks (Briggs, Cooper and Simpson's dominator-based value numbering
//! without the phi part: block parameters are left alone). Replacing a value rewrites its
//! users at once (`replace_all_uses_with`), so a user met later in the walk is keyed with
//! the surviving operand and chains of duplicates collapse in one walk.
//!
//! Cost: one walk over a function's instructions, with a hash of each keyed one (linear
//! in its operands); the table and the undo log hold at most one entry per instruction.
//! Unreachable blocks are not in the dominator tree and are left to `dce`.
//!
//! **Invariants kept.** Only instructions inside blocks are removed, and each of them is
//! replaced by a value of the same type that dominates all its uses; blocks, edges and
//! the structure are untouched (`Changed::Instructions`).

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::edit::functions;
use crate::ir::enums::{AccessMode, AddressSpace};
use crate::ir::types::Scalar;
use crate::ir::{Class, Func, Inst, Module, Opcode};
use crate::util::map::Map;

pub fn run(m: &mut Module, an: &mut Analyses, _: &()) -> Result<Changed, Diagnostic> {
    let mut changed = false;
    for f in functions(m) {
        changed |= number_function(m, an, f);
    }
    Ok(Changed::instructions_if(changed))
}

/// What identifies a value: opcode, type and operands (see the module documentation).
#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    op: Opcode,
    ty: Option<Inst>,
    operands: Operands,
}

/// A key's operands: up to four in place (nearly every pure operation has one to three),
/// more on the heap, so that keying an instruction allocates nothing in the common case.
/// Unused places are `None`, so equal lists are equal keys.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Operands {
    Few([Option<Inst>; 4]),
    Many(Box<[Inst]>),
}

/// How an instruction may be merged.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// Pure: with any dominating instruction of the same key.
    Dominated,
    /// Depends on the control flow or on a texture: only within its block, with no effect
    /// in between.
    Block,
    /// Never.
    Never,
}

fn scope_of(m: &Module, i: Inst) -> Scope {
    use Opcode as O;
    let op = m.opcode(i);
    if op.is_pure() {
        return Scope::Dominated;
    }
    if op.is_in(Class::Derivative) || op.is_in(Class::Subgroup) {
        return Scope::Block;
    }
    match op {
        // Reads of sampled textures and of resource sizes: textures that can be sampled
        // are never written by a shader, and a size does not change during a dispatch.
        O::TextureSample
        | O::TextureSampleBias
        | O::TextureSampleCompare
        | O::TextureSampleCompareLevel
        | O::TextureSampleGrad
        | O::TextureSampleLevel
        | O::TextureSampleBaseClampToEdge
        | O::TextureGather
        | O::TextureGatherCompare => Scope::Block,
        // A resource's size does not change during a dispatch, and asking for it neither
        // traps nor depends on the invocations that ask.
        O::TextureDimensions | O::TextureNumLayers | O::TextureNumLevels | O::TextureNumSamples => {
            Scope::Dominated
        }
        // A texture or sampler variable holds the same handle for the whole dispatch, and
        // read-only memory the same contents.
        O::Load if reads_immutable(m, m.operand(i, 0)) => Scope::Dominated,
        _ => Scope::Never,
    }
}

/// Whether `p` points into memory that nothing writes during the dispatch: textures and
/// samplers, uniform and immediate data, and read-only storage (see the module essay).
pub fn reads_immutable(m: &Module, p: Inst) -> bool {
    m.ty(p)
        .and_then(|t| m.ptr_parts(t))
        .is_some_and(|(space, _, access)| match space {
            AddressSpace::Handle | AddressSpace::Uniform | AddressSpace::Immediate => true,
            AddressSpace::Storage => access == AccessMode::Read,
            _ => false,
        })
}

/// Whether `op` on operands of scalar kind `s` gives the same result with its two operands
/// swapped, bit for bit.
fn is_commutative(op: Opcode, s: Scalar) -> bool {
    use Opcode as O;
    let exact = matches!(s, Scalar::I32 | Scalar::U32 | Scalar::Bool);
    exact
        && matches!(
            op,
            O::Add | O::Mul | O::And | O::Or | O::Xor | O::Eq | O::Ne | O::Min | O::Max
        )
}

fn key_of(m: &Module, i: Inst) -> Key {
    let op = m.opcode(i);
    let n = m.num_operands(i);
    let operands = if n <= 4 {
        let mut few = [None; 4];
        for (k, slot) in few.iter_mut().enumerate().take(n) {
            *slot = Some(m.operand(i, k));
        }
        if let [Some(a), Some(b), None, None] = few {
            let kind = m.ty(a).and_then(|t| m.scalar_or_vec(t)).map(|(s, _)| s);
            if kind.is_some_and(|s| is_commutative(op, s)) && b < a {
                few.swap(0, 1);
            }
        }
        Operands::Few(few)
    } else {
        Operands::Many(m.operands(i).collect())
    };
    Key {
        op,
        ty: m.ty(i),
        operands,
    }
}

fn number_function(m: &mut Module, an: &mut Analyses, f: Func) -> bool {
    let cfg = an.cfg(m, f);
    if cfg.is_empty() || !cfg.is_reachable(0) {
        return false;
    }
    let dom = an.dominators(m, f);
    let mut table: Map<Key, Inst> = Map::default();
    let mut undo: Vec<Key> = Vec::new();
    // Within one block: the control-dependent operations since the last effect.
    let mut local: Map<Key, Inst> = Map::default();
    let mut doomed: Vec<Inst> = Vec::new();
    enum Visit {
        Enter(u32),
        /// Leave a block: drop the keys it added (the undo log's length on entry).
        Leave(usize),
    }
    let mut stack = vec![Visit::Enter(0)];
    while let Some(visit) = stack.pop() {
        let bi = match visit {
            Visit::Leave(mark) => {
                for k in undo.drain(mark..) {
                    table.remove(&k);
                }
                continue;
            }
            Visit::Enter(bi) => bi,
        };
        stack.push(Visit::Leave(undo.len()));
        local.clear();
        let b = cfg.blocks[bi as usize];
        for i in m.children_vec(b.inst()) {
            let op = m.opcode(i);
            let scope = scope_of(m, i);
            if scope == Scope::Never {
                if op.has_side_effects() {
                    local.clear();
                }
                continue;
            }
            if m.ty(i).is_none() {
                continue;
            }
            let key = key_of(m, i);
            let seen = match scope {
                Scope::Dominated => table.get(&key),
                _ => local.get(&key),
            };
            if let Some(&first) = seen {
                m.replace_all_uses_with(i, first);
                doomed.push(i);
            } else if scope == Scope::Dominated {
                table.insert(key.clone(), i);
                undo.push(key);
            } else {
                local.insert(key, i);
            }
        }
        for &c in dom.children_of(bi).iter().rev() {
            stack.push(Visit::Enter(c));
        }
    }
    let changed = !doomed.is_empty();
    for i in doomed {
        m.set_operands(i, &[]);
        m.remove(i);
    }
    changed
}
