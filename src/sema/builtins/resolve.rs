//! Overload resolution (§"Overload Resolution") over tables of [`Overload`]s.
//!
//! The spec defines resolution over every *substitution* of a parameterized rule: each
//! fully elaborated overload whose preconditions hold through feasible automatic
//! conversions is a candidate, candidates with an abstract parameter type are dropped when
//! some argument is not a const-expression, and the one candidate whose conversion ranks
//! are all at least as good as every other's, and strictly better in one position, wins.
//!
//! This module does exactly that, cheaply:
//! - Variables that range over a set of scalars are *enumerated*; before enumerating, each
//!   set is narrowed to the scalars every argument at that variable's positions converts
//!   to, so a concrete argument pins its variable to one value at once.
//! - All other variables (widths, address spaces, texture formats, store types) are bound
//!   structurally from the argument types; no conversion changes them.
//! - Each surviving substitution is instantiated to parameter types and ranked with
//!   [`conversion_rank`], which also applies the Load Rule to reference arguments.
//! - Each answer is remembered in the type table's [`Memo`]: a shader applies the same
//!   operator to the same types hundreds of times, and the answer depends on nothing else.

use super::pattern::{AccessPat, Overload, Pat, SpacePat, TypePredicate, VarId, VarKind, Width};
use crate::sema::types::convert::{conversion_rank, scalar_rank};
use crate::sema::types::{
    Access, AddressSpace, ArraySize, BuiltinStruct, Scalar, TexelFormat, TextureKind, TypeId,
    TypeKind, TypeTable,
};
use crate::util::map::Map;
use std::rc::Rc;

/// One argument of a call or operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arg {
    pub ty: TypeId,
    /// Whether the argument is a const-expression.
    pub is_const: bool,
}

/// The chosen overload, fully elaborated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// Index of the overload in the table it was resolved against.
    pub overload: usize,
    /// The parameter types: each argument converts to its parameter's type. Shared, so
    /// that an answer from the [`Memo`] is copied without allocating.
    pub params: Rc<[TypeId]>,
    pub ret: Option<TypeId>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolveError {
    /// No overload applies.
    NoMatch,
    /// Several apply and none is preferable to all the others; the overload indices.
    Ambiguous(Vec<usize>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Binding {
    None,
    Type(TypeId),
    Scalar(Scalar),
    Width(u8),
    Space(AddressSpace),
    Access(Access),
    Format(TexelFormat),
    Size(ArraySize),
}

/// A substitution that applies: its parameter types and their conversion ranks are
/// `Scratch::cand_params` and `cand_ranks` from `at`, one per argument.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    overload: usize,
    at: usize,
    ret: Option<TypeId>,
}

/// The working buffers of [`resolve_afresh`], kept in the [`Memo`] between resolutions.
#[derive(Clone, Debug, Default)]
struct Scratch {
    /// The structural bindings of the overload being tried.
    base: Vec<Binding>,
    /// `base` with one choice of each enumerated variable.
    bindings: Vec<Binding>,
    leaves: Vec<(Scalar, bool)>,
    /// The enumerated variables, each with its narrowed set: `members[from..to]`.
    sets: Vec<(VarId, usize, usize)>,
    members: Vec<Scalar>,
    /// The current choice in each set.
    choice: Vec<usize>,
    /// The parameter types and ranks of the substitution being instantiated.
    params: Vec<TypeId>,
    ranks: Vec<u32>,
    /// The candidates found so far, and their parameter types and ranks end to end
    /// (one list for all rather than two per candidate).
    candidates: Vec<Candidate>,
    cand_params: Vec<TypeId>,
    cand_ranks: Vec<u32>,
}

/// The resolutions already made against one [`TypeTable`].
///
/// A resolution is a function of the overload table, the template types, the argument
/// types (and whether each is a const-expression) and the type table alone. Overload
/// tables are `'static` (so their address names them), and a type table only ever gains
/// types (an id never changes meaning), so an answer stays right for as long as its table
/// lives, and the memo lives in the table.
#[derive(Clone, Debug, Default)]
pub struct Memo {
    /// The key being looked up, kept to reuse its allocation.
    key: Vec<u32>,
    scratch: Scratch,
    answers: Map<Box<[u32]>, Result<Resolved, ResolveError>>,
}

/// Resolves a call against `overloads`.
pub fn resolve(
    table: &mut TypeTable,
    overloads: &'static [Overload],
    templates: &[TypeId],
    args: &[Arg],
) -> Result<Resolved, ResolveError> {
    // The key: the table's address and length, the templates, and each argument's type
    // and constness in one word. Written into a stack buffer when it fits (nearly every
    // call): at opt-level "z" each `Vec` push or extend is a call.
    let len = 4 + templates.len() + args.len();
    let mut small = [0u32; 16];
    let mut key = std::mem::take(&mut table.memo_mut().key);
    let slot: &mut [u32] = if len <= small.len() {
        &mut small[..len]
    } else {
        key.clear();
        key.resize(len, 0);
        &mut key
    };
    let at = overloads.as_ptr() as usize as u64;
    slot[0] = at as u32;
    slot[1] = (at >> 32) as u32;
    slot[2] = overloads.len() as u32;
    slot[3] = templates.len() as u32;
    for (k, t) in templates.iter().enumerate() {
        slot[4 + k] = t.index() as u32;
    }
    let first_arg = 4 + templates.len();
    for (k, a) in args.iter().enumerate() {
        slot[first_arg + k] = (a.ty.index() as u32) << 1 | u32::from(a.is_const);
    }
    let slot: &[u32] = slot;
    let answer = match table.memo_mut().answers.get(slot) {
        Some(answer) => answer.clone(),
        None => {
            let answer = resolve_afresh(table, overloads, templates, args);
            let memo = table.memo_mut();
            memo.answers.insert(slot.into(), answer.clone());
            answer
        }
    };
    table.memo_mut().key = key;
    answer
}

fn resolve_afresh(
    table: &mut TypeTable,
    overloads: &[Overload],
    templates: &[TypeId],
    args: &[Arg],
) -> Result<Resolved, ResolveError> {
    let mut sc = std::mem::take(&mut table.memo_mut().scratch);
    sc.candidates.clear();
    sc.cand_params.clear();
    sc.cand_ranks.clear();
    for (i, o) in overloads.iter().enumerate() {
        candidates_of(table, i, o, templates, args, &mut sc);
    }
    let n = args.len();
    // Step 2: drop candidates that keep an abstract parameter while some argument is not a
    // const-expression.
    if args.iter().any(|a| !a.is_const) {
        let Scratch {
            candidates,
            cand_params,
            ..
        } = &mut sc;
        candidates.retain(|c| {
            cand_params[c.at..c.at + n]
                .iter()
                .all(|&p| !table.is_abstract(p))
        });
    }
    let answer = pick_preferred(&sc, n).map(|c| Resolved {
        overload: c.overload,
        params: sc.cand_params[c.at..c.at + n].into(),
        ret: c.ret,
    });
    table.memo_mut().scratch = sc;
    answer
}

fn pick_preferred(sc: &Scratch, n: usize) -> Result<Candidate, ResolveError> {
    let candidates = &sc.candidates;
    match candidates.len() {
        0 => return Err(ResolveError::NoMatch),
        1 => return Ok(candidates[0]),
        _ => {}
    }
    let ranks = |i: usize| {
        let at = candidates[i].at;
        &sc.cand_ranks[at..at + n]
    };
    match preferred_index(candidates.len(), &ranks) {
        Some(i) => Ok(candidates[i]),
        None => {
            let mut ids = Vec::with_capacity(candidates.len());
            for c in candidates {
                ids.push(c.overload);
            }
            ids.dedup();
            Err(ResolveError::Ambiguous(ids))
        }
    }
}

/// The first of `n` candidates preferred to every other, given each one's conversion
/// ranks: one preferred to another has no rank worse and one better. Shared by overload
/// and array constructor resolution, in loops rather than iterator chains (a copy of the
/// iterator code each).
pub(super) fn preferred_index<'a>(n: usize, ranks: &dyn Fn(usize) -> &'a [u32]) -> Option<usize> {
    let preferred = |a: &[u32], b: &[u32]| {
        let (mut worse, mut better) = (false, false);
        for (x, y) in a.iter().zip(b) {
            worse |= x > y;
            better |= x < y;
        }
        !worse && better
    };
    'candidates: for i in 0..n {
        for j in 0..n {
            if i != j && !preferred(ranks(i), ranks(j)) {
                continue 'candidates;
            }
        }
        return Some(i);
    }
    None
}

fn candidates_of(
    table: &mut TypeTable,
    index: usize,
    o: &Overload,
    templates: &[TypeId],
    args: &[Arg],
    sc: &mut Scratch,
) {
    if o.params.len() != args.len() || o.templates.len() != templates.len() {
        return;
    }
    // Structural bindings, shared by every enumeration.
    sc.base.clear();
    sc.base.resize(o.vars.len(), Binding::None);
    for (p, &t) in o.templates.iter().zip(templates) {
        if !bind(table, o, p, t, &mut sc.base) {
            return;
        }
    }
    for (p, a) in o.params.iter().zip(args) {
        let ty = if matches!(p.pat, Pat::Ptr(..)) {
            a.ty
        } else {
            table.unref(a.ty)
        };
        if !bind(table, o, &p.pat, ty, &mut sc.base) {
            return;
        }
    }
    // The enumerated variables and their narrowed sets, in the sets' order.
    sc.sets.clear();
    sc.members.clear();
    for (v, var) in o.vars.iter().enumerate() {
        if let VarKind::ScalarSet(set) = &var.kind {
            sc.leaves.clear();
            for (p, &t) in o.templates.iter().zip(templates) {
                leaf_scalars(table, p, t, v as VarId, true, &mut sc.leaves);
            }
            for (p, a) in o.params.iter().zip(args) {
                let ty = table.unref(a.ty);
                leaf_scalars(table, &p.pat, ty, v as VarId, false, &mut sc.leaves);
            }
            let from = sc.members.len();
            for &s in set.iter() {
                let fits = sc.leaves.iter().all(|&(leaf, exact)| {
                    if exact {
                        leaf == s
                    } else {
                        scalar_rank(leaf, s).is_some()
                    }
                });
                if fits {
                    sc.members.push(s);
                }
            }
            if sc.members.len() == from {
                return;
            }
            sc.sets.push((v as VarId, from, sc.members.len()));
        }
    }
    // Enumerate the cartesian product of the sets.
    sc.choice.clear();
    sc.choice.resize(sc.sets.len(), 0);
    loop {
        sc.bindings.clear();
        sc.bindings.extend_from_slice(&sc.base);
        for (k, &(v, from, _)) in sc.sets.iter().enumerate() {
            sc.bindings[v as usize] = Binding::Scalar(sc.members[from + sc.choice[k]]);
        }
        if let Some(ret) = instantiate_candidate(table, o, templates, args, sc) {
            sc.candidates.push(Candidate {
                overload: index,
                at: sc.cand_params.len(),
                ret,
            });
            sc.cand_params.extend_from_slice(&sc.params);
            sc.cand_ranks.extend_from_slice(&sc.ranks);
        }
        // Next combination.
        let mut k = 0;
        loop {
            if k == sc.sets.len() {
                return;
            }
            sc.choice[k] += 1;
            let (_, from, to) = sc.sets[k];
            if sc.choice[k] < to - from {
                break;
            }
            sc.choice[k] = 0;
            k += 1;
        }
    }
}

/// Instantiates `o` with `sc.bindings` into `sc.params` and `sc.ranks`; the result
/// type if every argument converts (the outer `None` if one does not).
fn instantiate_candidate(
    table: &mut TypeTable,
    o: &Overload,
    templates: &[TypeId],
    args: &[Arg],
    sc: &mut Scratch,
) -> Option<Option<TypeId>> {
    let bindings = &sc.bindings;
    for (p, &t) in o.templates.iter().zip(templates) {
        if instantiate(table, p, bindings)? != t {
            return None;
        }
    }
    sc.params.clear();
    sc.ranks.clear();
    for (p, a) in o.params.iter().zip(args) {
        let ty = instantiate(table, &p.pat, bindings)?;
        sc.ranks.push(conversion_rank(table, a.ty, ty)?);
        sc.params.push(ty);
    }
    Some(match &o.ret {
        Some(p) => Some(instantiate(table, p, bindings)?),
        None => None,
    })
}

/// Collects the scalars an argument has where `pat` has the enumerated variable `var`.
/// `exact` marks positions where no conversion applies (templates, pointers, atomics).
fn leaf_scalars(
    table: &TypeTable,
    pat: &Pat,
    ty: TypeId,
    var: VarId,
    exact: bool,
    out: &mut Vec<(Scalar, bool)>,
) {
    match (pat, table.kind(ty)) {
        (Pat::Var(v), _) if *v == var => {
            if let Some(s) = table.scalar_of(ty) {
                if table.is_scalar(ty) {
                    out.push((s, exact));
                }
            }
        }
        (Pat::Vec(_, inner), TypeKind::Scalar(_) | TypeKind::Vector { .. })
        | (Pat::Mat(_, _, inner), TypeKind::Matrix { .. }) => {
            let s = table.scalar_of(ty).expect("numeric shape");
            let sty = table.scalar(s);
            leaf_scalars(table, inner, sty, var, exact, out);
        }
        (Pat::Atomic(inner), TypeKind::Atomic(s)) => {
            leaf_scalars(table, inner, table.scalar(s), var, true, out);
        }
        (Pat::Ptr(_, inner, _), TypeKind::Ptr { store, .. }) => {
            leaf_scalars(table, inner, store, var, true, out);
        }
        (Pat::RuntimeArray(inner), TypeKind::Array { elem, .. }) => {
            leaf_scalars(table, inner, elem, var, true, out);
        }
        (
            Pat::SampledTexture(_, inner),
            TypeKind::Texture(TextureKind::Sampled { sampled, .. }),
        )
        | (
            Pat::MultisampledTexture(inner),
            TypeKind::Texture(TextureKind::Multisampled { sampled }),
        ) => {
            leaf_scalars(table, inner, table.scalar(sampled), var, true, out);
        }
        _ => {}
    }
}

fn bind_one(bindings: &mut [Binding], v: VarId, value: Binding) -> bool {
    let slot = &mut bindings[v as usize];
    match *slot {
        Binding::None => {
            *slot = value;
            true
        }
        existing => existing == value,
    }
}

fn bind_width(bindings: &mut [Binding], w: Width, n: u8) -> bool {
    match w {
        Width::Fixed(f) => f == n,
        Width::Var { var, allow_scalar } => {
            (allow_scalar || n != 1) && bind_one(bindings, var, Binding::Width(n))
        }
    }
}

fn bind_space(o: &Overload, bindings: &mut [Binding], p: SpacePat, s: AddressSpace) -> bool {
    match p {
        SpacePat::Fixed(f) => f == s,
        SpacePat::Var(v) => {
            if let VarKind::Space(Some(set)) = &o.vars[v as usize].kind {
                if !set.contains(&s) {
                    return false;
                }
            }
            bind_one(bindings, v, Binding::Space(s))
        }
    }
}

fn bind_access(o: &Overload, bindings: &mut [Binding], p: AccessPat, a: Access) -> bool {
    match p {
        AccessPat::Fixed(f) => f == a,
        AccessPat::Var(v) => {
            if let VarKind::Access(Some(set)) = &o.vars[v as usize].kind {
                if !set.contains(&a) {
                    return false;
                }
            }
            bind_one(bindings, v, Binding::Access(a))
        }
    }
}

/// Binds the structural variables of `pat` from `ty`; false if the shapes differ.
fn bind(table: &TypeTable, o: &Overload, pat: &Pat, ty: TypeId, b: &mut [Binding]) -> bool {
    let kind = table.kind(ty);
    match pat {
        Pat::Scalar(_) => true,
        Pat::Var(v) => match &o.vars[*v as usize].kind {
            VarKind::ScalarSet(_) => true,
            VarKind::Type(pred) => {
                let ok = match pred {
                    TypePredicate::Any => true,
                    TypePredicate::Constructible => table.is_constructible(ty),
                    TypePredicate::HostShareable => table.is_host_shareable(ty),
                };
                ok && (b[*v as usize] != Binding::None || bind_one(b, *v, Binding::Type(ty)))
            }
            _ => false,
        },
        Pat::Vec(w, inner) => match kind {
            TypeKind::Vector { size, scalar } => {
                bind_width(b, *w, size) && bind(table, o, inner, table.scalar(scalar), b)
            }
            TypeKind::Scalar(_) => bind_width(b, *w, 1) && bind(table, o, inner, ty, b),
            _ => false,
        },
        Pat::Mat(c, r, inner) => match kind {
            TypeKind::Matrix { cols, rows, scalar } => {
                bind_width(b, *c, cols)
                    && bind_width(b, *r, rows)
                    && bind(table, o, inner, table.scalar(scalar), b)
            }
            _ => false,
        },
        Pat::Atomic(inner) => match kind {
            TypeKind::Atomic(s) => bind(table, o, inner, table.scalar(s), b),
            _ => false,
        },
        Pat::RuntimeArray(inner) => match kind {
            TypeKind::Array {
                elem,
                size: ArraySize::Runtime,
            } => bind(table, o, inner, elem, b),
            _ => false,
        },
        Pat::Ptr(space, store, access) => match kind {
            TypeKind::Ptr {
                space: s,
                store: st,
                access: a,
            } => {
                bind_space(o, b, *space, s)
                    && bind_access(o, b, *access, a)
                    && bind(table, o, store, st, b)
            }
            _ => false,
        },
        Pat::Sampler { comparison } => {
            kind == TypeKind::Sampler {
                comparison: *comparison,
            }
        }
        Pat::SampledTexture(dim, inner) => match kind {
            TypeKind::Texture(TextureKind::Sampled { dim: d, sampled }) if d == *dim => {
                bind(table, o, inner, table.scalar(sampled), b)
            }
            _ => false,
        },
        Pat::MultisampledTexture(inner) => match kind {
            TypeKind::Texture(TextureKind::Multisampled { sampled }) => {
                bind(table, o, inner, table.scalar(sampled), b)
            }
            _ => false,
        },
        Pat::DepthTexture(dim) => kind == TypeKind::Texture(TextureKind::Depth { dim: *dim }),
        Pat::DepthMultisampledTexture => kind == TypeKind::Texture(TextureKind::DepthMultisampled),
        Pat::ExternalTexture => kind == TypeKind::Texture(TextureKind::External),
        Pat::StorageTexture(dim, f, a) => match kind {
            TypeKind::Texture(TextureKind::Storage {
                dim: d,
                format,
                access,
            }) if d == *dim => {
                bind_one(b, *f, Binding::Format(format)) && bind_access(o, b, *a, access)
            }
            _ => false,
        },
        Pat::Buffer(size) => match (kind, size) {
            (TypeKind::Buffer(ArraySize::Runtime), None) => true,
            (TypeKind::Buffer(s), Some(v)) if s != ArraySize::Runtime => {
                bind_one(b, *v, Binding::Size(s))
            }
            _ => false,
        },
        // A texel parameter takes its format from the texture parameter before it.
        Pat::Texel(_) => true,
        Pat::Frexp(_) | Pat::Modf(_) | Pat::AtomicCompareExchangeResult(_) => false,
    }
}

fn width_value(b: &[Binding], w: Width) -> Option<u8> {
    match w {
        Width::Fixed(n) => Some(n),
        Width::Var { var, .. } => match b[var as usize] {
            Binding::Width(n) => Some(n),
            _ => None,
        },
    }
}

fn access_value(b: &[Binding], a: AccessPat) -> Option<Access> {
    match a {
        AccessPat::Fixed(a) => Some(a),
        AccessPat::Var(v) => match b[v as usize] {
            Binding::Access(a) => Some(a),
            _ => None,
        },
    }
}

/// The scalar an instantiated scalar-shaped pattern stands for.
fn scalar_value(table: &mut TypeTable, pat: &Pat, b: &[Binding]) -> Option<Scalar> {
    let ty = instantiate(table, pat, b)?;
    match table.kind(ty) {
        TypeKind::Scalar(s) => Some(s),
        _ => None,
    }
}

fn instantiate(table: &mut TypeTable, pat: &Pat, b: &[Binding]) -> Option<TypeId> {
    Some(match pat {
        Pat::Scalar(s) => table.scalar(*s),
        Pat::Var(v) => match b[*v as usize] {
            Binding::Type(t) => t,
            Binding::Scalar(s) => table.scalar(s),
            _ => return None,
        },
        Pat::Vec(w, inner) => {
            let n = width_value(b, *w)?;
            let s = scalar_value(table, inner, b)?;
            table.scalar_or_vector(n, s)
        }
        Pat::Mat(c, r, inner) => {
            let (c, r) = (width_value(b, *c)?, width_value(b, *r)?);
            let s = scalar_value(table, inner, b)?;
            if !s.is_float() {
                return None;
            }
            table.matrix(c, r, s)
        }
        Pat::Atomic(inner) => {
            let s = scalar_value(table, inner, b)?;
            table.intern(TypeKind::Atomic(s))
        }
        Pat::RuntimeArray(inner) => {
            let e = instantiate(table, inner, b)?;
            table.array(e, ArraySize::Runtime)
        }
        Pat::Ptr(space, store, access) => {
            let space = match space {
                SpacePat::Fixed(s) => *s,
                SpacePat::Var(v) => match b[*v as usize] {
                    Binding::Space(s) => s,
                    _ => return None,
                },
            };
            let store = instantiate(table, store, b)?;
            let access = access_value(b, *access)?;
            table.ptr(space, store, access)
        }
        Pat::Sampler { comparison } => table.intern(TypeKind::Sampler {
            comparison: *comparison,
        }),
        Pat::SampledTexture(dim, inner) => {
            let sampled = scalar_value(table, inner, b)?;
            table.intern(TypeKind::Texture(TextureKind::Sampled {
                dim: *dim,
                sampled,
            }))
        }
        Pat::MultisampledTexture(inner) => {
            let sampled = scalar_value(table, inner, b)?;
            table.intern(TypeKind::Texture(TextureKind::Multisampled { sampled }))
        }
        Pat::DepthTexture(dim) => table.intern(TypeKind::Texture(TextureKind::Depth { dim: *dim })),
        Pat::DepthMultisampledTexture => {
            table.intern(TypeKind::Texture(TextureKind::DepthMultisampled))
        }
        Pat::ExternalTexture => table.intern(TypeKind::Texture(TextureKind::External)),
        Pat::StorageTexture(dim, f, a) => {
            let Binding::Format(format) = b[*f as usize] else {
                return None;
            };
            let access = access_value(b, *a)?;
            table.intern(TypeKind::Texture(TextureKind::Storage {
                dim: *dim,
                format,
                access,
            }))
        }
        Pat::Buffer(size) => match size {
            None => table.intern(TypeKind::Buffer(ArraySize::Runtime)),
            Some(v) => match b[*v as usize] {
                Binding::Size(s) => table.intern(TypeKind::Buffer(s)),
                _ => return None,
            },
        },
        Pat::Frexp(inner) | Pat::Modf(inner) => {
            let ty = instantiate(table, inner, b)?;
            let width = table.width_of(ty)?;
            let scalar = table.scalar_of(ty)?;
            let which = if matches!(pat, Pat::Frexp(_)) {
                BuiltinStruct::Frexp { scalar, width }
            } else {
                BuiltinStruct::Modf { scalar, width }
            };
            table.builtin_struct(which)
        }
        Pat::AtomicCompareExchangeResult(inner) => {
            let scalar = scalar_value(table, inner, b)?;
            table.builtin_struct(BuiltinStruct::AtomicCompareExchange { scalar })
        }
        Pat::Texel(f) => {
            let Binding::Format(format) = b[*f as usize] else {
                return None;
            };
            table.vector(4, format.channel_type())
        }
    })
}
