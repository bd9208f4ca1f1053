//! `memory`: load/store forwarding and dead stores for the function variables that stay
//! in memory (`mem2reg` promotes the others).
//!
//! **Which variables.** A function-scope `var` whose address does not escape: every use,
//! through access chains with any indices, is a `load` or a `store` through it or another
//! `access`. A variable indexed by a computed index is the usual case (`mem2reg` leaves
//! those in memory); one passed to a call, to an atomic or stored as a value is left
//! alone, since something this pass does not see may read or write it.
//!
//! **Places.** Each pointer into such a variable is a *place*: the variable and the list
//! of indices of the access chains that lead to it, constants and SSA values alike. Two
//! places are the *same* when their variable and every index are the same instruction
//! (constants are hash-consed, and `gvn` runs first, so equal indices are one value); two
//! places *may overlap* unless, at some depth both have, both indices are constants and
//! differ. A shorter place overlaps every place it is a prefix of (a whole-variable store
//! writes every element).
//!
//! **What is known.** Walking the instructions of a block in order, the pass keeps the
//! value each place is known to hold: stored there, loaded from there, or the variable's
//! initializer. A `load` of a place with a known value becomes that value (a later load
//! of the same place, or a load after a store: forwarding within the block; a variable
//! without initializer holds its type's zero value, as WGSL zero-initializes); a `store`
//! forgets every known place it may overlap, then knows its own. A block with a single
//! predecessor starts from what its predecessor knew at its end (its immediate dominator:
//! the arms of an `if`, a case of a `switch`, the body after a loop's header), so values
//! also flow across blocks along the dominator tree; a block that several edges enter (a
//! merge, a loop header, where a back edge may bring a store) starts knowing nothing.
//!
//! **Dead stores.** A store of the value its place is known to hold is removed. A store
//! is dead when a later store in the same block writes the same place, or a prefix of it,
//! and nothing in between may read it (a load of an overlapping place). Only within one block: a store before a branch is needed by the arm that does
//! not overwrite it. Stores to variables that are never read at all are `dce`'s.
//!
//! **Cost.** One walk of each function's dominator tree. What a block knows is a list,
//! bounded by [`MAX_KNOWN`] places (the oldest is forgotten first), and every load and
//! store compares its place with each entry, so the work is linear in the instructions
//! times that bound. Places are computed once per access chain.
//!
//! **Invariants kept.** A load is replaced by a value that dominates it (defined earlier
//! in the block or in a dominating block along single-predecessor edges) and has its type
//! (the same place has the same pointer type). Only loads and stores of non-escaping
//! function variables are removed, none is added or moved, so no effect, barrier or
//! uniformity-sensitive operation changes; blocks and edges are untouched
//! (`Changed::Instructions`).

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::edit::functions;
use crate::ir::enums::AddressSpace;
use crate::ir::eval::{read, same_constant};
use crate::ir::{Builder, Func, Inst, Module, Opcode, Type};
use crate::util::map::Map;

/// Most places a block keeps a value for.
pub const MAX_KNOWN: usize = 64;

/// Deepest access chain followed from a variable.
const MAX_DEPTH: u32 = 64;

pub fn run(m: &mut Module, an: &mut Analyses, _: &()) -> Result<Changed, Diagnostic> {
    let mut changed = false;
    for f in functions(m) {
        changed |= forward_function(m, an, f);
    }
    Ok(Changed::instructions_if(changed))
}

/// A place: a variable and the indices that lead into it.
#[derive(Clone, PartialEq, Eq)]
struct Place {
    var: Inst,
    indices: Vec<Inst>,
}

impl Place {
    fn may_overlap(&self, m: &Module, other: &Place) -> bool {
        if self.var != other.var {
            return false;
        }
        for (&a, &b) in self.indices.iter().zip(&other.indices) {
            if a != b && m.opcode(a) == Opcode::Constant && m.opcode(b) == Opcode::Constant {
                return false;
            }
        }
        true
    }

    /// Whether a store to `self` writes all of `other`.
    fn covers(&self, other: &Place) -> bool {
        self.var == other.var && other.indices.starts_with(&self.indices)
    }
}

/// A place's known value, and the store that put it there when that store is in the
/// current block and nothing has read the place since (a candidate dead store).
#[derive(Clone)]
struct Known {
    place: usize,
    /// `None`: the zero value of the place's type (a variable without initializer).
    value: Option<Inst>,
    pending: Option<Inst>,
}

/// Collects the pointers into a variable (`p`, the variable or an access chain, and the
/// chains built on it) with their places, or `false` when the variable's address escapes.
fn collect_places(
    m: &Module,
    p: Inst,
    place: &Place,
    found: &mut Vec<(Inst, Place)>,
    depth: u32,
) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    found.push((p, place.clone()));
    for u in m.uses(p) {
        match (m.opcode(u.user), u.index) {
            (Opcode::Load, 0) | (Opcode::Store, 0) => {}
            (Opcode::Access, 0) => {
                let mut deeper = place.clone();
                deeper.indices.extend(m.operands(u.user).skip(1));
                if !collect_places(m, u.user, &deeper, found, depth + 1) {
                    return false;
                }
            }
            _ => return false,
        }
    }
    true
}

fn is_function_var(m: &Module, i: Inst) -> bool {
    m.opcode(i) == Opcode::Var
        && !m.is_global(i)
        && m.ty(i)
            .and_then(|t| m.ptr_parts(t))
            .is_some_and(|(space, ..)| space == AddressSpace::Function)
}

fn forward_function(m: &mut Module, an: &mut Analyses, f: Func) -> bool {
    let mut places: Vec<Place> = Vec::new();
    let mut index: Map<Inst, usize> = Map::default();
    let mut found: Vec<(Inst, Place)> = Vec::new();
    for b in m.blocks(f) {
        for i in m.children(b.inst()) {
            if !is_function_var(m, i) {
                continue;
            }
            let whole = Place {
                var: i,
                indices: Vec::new(),
            };
            found.clear();
            if collect_places(m, i, &whole, &mut found, 0) {
                for (p, place) in found.drain(..) {
                    index.insert(p, places.len());
                    places.push(place);
                }
            }
        }
    }
    if places.is_empty() {
        return false;
    }
    let cfg = an.cfg(m, f);
    if cfg.is_empty() || !cfg.is_reachable(0) {
        return false;
    }
    let dom = an.dominators(m, f);
    let mut doomed: Vec<Inst> = Vec::new();
    // Dominator-tree pre-order; each entry carries what its block starts knowing.
    let mut stack: Vec<(u32, Vec<Known>)> = vec![(0, Vec::new())];
    while let Some((bi, mut known)) = stack.pop() {
        for i in m.children_vec(cfg.blocks[bi as usize].inst()) {
            match m.opcode(i) {
                Opcode::Var => {
                    if let Some(&p) = index.get(&i) {
                        learn(&mut known, p, m.operand_opt(i, 0), None);
                    }
                }
                Opcode::Load => {
                    let Some(&p) = index.get(&m.operand(i, 0)) else {
                        continue;
                    };
                    if let Some(k) = known.iter().position(|k| places[k.place] == places[p]) {
                        let value = match (known[k].value, m.ty(i)) {
                            (Some(v), _) => v,
                            (None, Some(ty)) => Builder::new(m).zero_value(Type(ty)).inst(),
                            (None, None) => continue,
                        };
                        if m.ty(value) == m.ty(i) {
                            known[k].pending = None;
                            m.replace_all_uses_with(i, value);
                            doomed.push(i);
                            continue;
                        }
                    }
                    // What the load reads is needed: the stores it may read stay.
                    for k in known.iter_mut() {
                        if places[k.place].may_overlap(m, &places[p]) {
                            k.pending = None;
                        }
                    }
                    learn(&mut known, p, Some(i), None);
                }
                Opcode::Store => {
                    let Some(&p) = index.get(&m.operand(i, 0)) else {
                        continue;
                    };
                    let value = m.operand(i, 1);
                    // Storing what the place already holds changes nothing.
                    let holds = |k: &Known| match k.value {
                        Some(v) => same_value(m, v, value),
                        None => is_zero(m, value),
                    };
                    if known
                        .iter()
                        .any(|k| holds(k) && places[k.place] == places[p])
                    {
                        doomed.push(i);
                        continue;
                    }
                    let mut k = 0;
                    while k < known.len() {
                        let place = &places[known[k].place];
                        if !place.may_overlap(m, &places[p]) {
                            k += 1;
                            continue;
                        }
                        if let Some(s) = known[k].pending.filter(|_| places[p].covers(place)) {
                            doomed.push(s);
                        }
                        known.remove(k);
                    }
                    learn(&mut known, p, Some(value), Some(i));
                }
                _ => {}
            }
        }
        // Stores pending in this block are needed by whatever follows it.
        for k in known.iter_mut() {
            k.pending = None;
        }
        for &c in dom.children_of(bi) {
            let start = if cfg.preds(c).len() == 1 {
                known.clone()
            } else {
                Vec::new()
            };
            stack.push((c, start));
        }
    }
    let changed = !doomed.is_empty();
    for i in doomed {
        m.set_operands(i, &[]);
        m.remove(i);
    }
    changed
}

/// Records that place `p` holds `value` (stored by `store`, when one did).
fn learn(known: &mut Vec<Known>, p: usize, value: Option<Inst>, store: Option<Inst>) {
    if known.len() >= MAX_KNOWN {
        known.remove(0);
    }
    known.push(Known {
        place: p,
        value,
        pending: store,
    });
}

/// Whether `v` is a zero value: `zero`, a constant whose every component is all zero
/// bits (`-0.0` is not), or a composite of zero values.
fn is_zero(m: &Module, v: Inst) -> bool {
    zero_within(m, v, 0)
}

/// [`is_zero`], looking into composites (a structure of arrays of zeros) at most
/// [`MAX_DEPTH`] levels deep.
fn zero_within(m: &Module, v: Inst, depth: u32) -> bool {
    match m.opcode(v) {
        Opcode::Zero => true,
        Opcode::Constant => read(m, v).is_some_and(|c| c.lanes.iter().all(|&l| l == 0)),
        Opcode::Composite if depth < MAX_DEPTH && m.is_global(v) => {
            m.operands(v).all(|x| zero_within(m, x, depth + 1))
        }
        _ => false,
    }
}

/// Whether `a` and `b` are one value: one instruction, or constants of one type with the
/// same bits (`vec4<f32>()` and `vec4(0.0f, 0.0f, 0.0f, 0.0f)` are two instructions).
fn same_value(m: &Module, a: Inst, b: Inst) -> bool {
    a == b
        || (m.is_global(a)
            && m.is_global(b)
            && (same_constant(m, a, b) || (m.ty(a) == m.ty(b) && is_zero(m, a) && is_zero(m, b))))
}
