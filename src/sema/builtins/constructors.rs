//! Value constructors (§"Constructor Built-in Functions"): zero values, conversions and
//! component-wise construction of scalars, vectors, matrices, arrays and structures.
//!
//! Scalars, vectors and matrices resolve through overload tables like builtins; the type
//! being constructed, when written (`vec3<f32>(…)`), is passed as the one template
//! argument so the tables can name its component type. Forms without a template list
//! (`vec3(…)`, `mat2x2(…)`) infer the component type from the arguments through the same
//! enumeration, so `vec3(1, 2.0, 3)` is a `vec3<AbstractFloat>` exactly as the spec's
//! ranks decide. Arrays and structures, whose element and member types are arbitrary,
//! are checked directly against the same conversion ranks.

use std::sync::OnceLock;

use super::pattern::{Overload, cached, parse_named};
use super::resolve::{Arg, ResolveError, Resolved, preferred_index, resolve};
use crate::sema::types::convert::{conversion_rank, with_scalar};
use crate::sema::types::{ArraySize, Scalar, TypeId, TypeKind, TypeTable};

/// What a constructor call names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ctor {
    /// A fully specified constructible type: `f32`, `vec3<f32>`, `array<u32, 4>`, a
    /// structure, or an alias of one.
    Type(TypeId),
    /// `vec2`, `vec3` or `vec4` without a template list.
    Vec(u8),
    /// `matCxR` without a template list.
    Mat(u8, u8),
    /// `array` without a template list.
    Array,
}

/// The spec's limit on the number of elements of an array constructor.
pub const MAX_ARRAY_CONSTRUCTOR_ELEMENTS: usize = 2047;

/// Splits `k` into ordered parts of sizes 1..k-1, at least two parts.
fn compositions(k: u8) -> Vec<Vec<u8>> {
    fn go(rest: u8, k: u8, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if rest == 0 {
            if cur.len() >= 2 {
                out.push(cur.clone());
            }
            return;
        }
        for part in 1..=rest.min(k - 1) {
            cur.push(part);
            go(rest - part, k, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(k, k, &mut Vec::new(), &mut out);
    out
}

// The parameter lists are written by loops, where `map`, `collect` and `join` would be a
// copy of the iterator code per list.

/// Parameters `e1: T` (a part of size 1) or `v1: vecN<T>` for the parts of a vector.
fn component_params(parts: &[u8], elem: &str) -> String {
    let mut out = String::new();
    for (i, &p) in parts.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&if p == 1 {
            format!("e{}: {elem}", i + 1)
        } else {
            format!("v{}: vec{p}<{elem}>", i + 1)
        });
    }
    out
}

/// Parameters `v1: vecR<T>, …` for `c` columns (`c * r` scalars `e1: T, …` when
/// `r` is 1).
fn column_params(c: u8, r: u8) -> String {
    let mut out = String::new();
    for i in 1..=c {
        if i > 1 {
            out.push_str(", ");
        }
        out.push_str(&if r == 1 {
            format!("e{i}: T")
        } else {
            format!("v{i}: vec{r}<T>")
        });
    }
    out
}

fn vector_sources(k: u8, explicit: bool) -> Vec<String> {
    let mut out = Vec::new();
    let tmpl = if explicit {
        format!("<vec{k}<T>>")
    } else {
        String::new()
    };
    if explicit {
        out.push(format!("{tmpl}() -> vec{k}<T> | T: any"));
        out.push(format!("{tmpl}(e: T) -> vec{k}<T> | T: any"));
        out.push(format!(
            "{tmpl}(e: vec{k}<S>) -> vec{k}<T> | T: any; S: any"
        ));
    } else {
        out.push(format!("() -> vec{k}<ai>"));
        out.push(format!("(e: T) -> vec{k}<T> | T: any"));
        out.push(format!("(e: vec{k}<T>) -> vec{k}<T> | T: any"));
    }
    for parts in compositions(k) {
        out.push(format!(
            "{tmpl}({}) -> vec{k}<T> | T: any",
            component_params(&parts, "T")
        ));
    }
    out
}

fn matrix_sources(c: u8, r: u8, explicit: bool) -> Vec<String> {
    let ty = format!("mat{c}x{r}<T>");
    let columns = column_params(c, r);
    let scalars = column_params(c * r, 1);
    if explicit {
        let tmpl = format!("<{ty}>");
        vec![
            format!("{tmpl}() -> {ty} | T: float"),
            format!("{tmpl}(e: mat{c}x{r}<S>) -> {ty} | T: float; S: float"),
            format!("{tmpl}({columns}) -> {ty} | T: float"),
            format!("{tmpl}({scalars}) -> {ty} | T: float"),
        ]
    } else {
        vec![
            format!("(e: {ty}) -> {ty} | T: float"),
            format!("({columns}) -> {ty} | T: float"),
            format!("({scalars}) -> {ty} | T: float"),
        ]
    }
}

/// Each constructor's overloads, parsed when first asked for (see `table::overloads`).
struct Tables {
    scalar: OnceLock<Vec<Overload>>,
    /// Indexed by width − 2; explicit and inferred.
    vec_explicit: [OnceLock<Vec<Overload>>; 3],
    vec_inferred: [OnceLock<Vec<Overload>>; 3],
    /// Indexed by (cols − 2) * 3 + (rows − 2).
    mat_explicit: [OnceLock<Vec<Overload>>; 9],
    mat_inferred: [OnceLock<Vec<Overload>>; 9],
}

static TABLES: Tables = Tables {
    scalar: OnceLock::new(),
    vec_explicit: [const { OnceLock::new() }; 3],
    vec_inferred: [const { OnceLock::new() }; 3],
    mat_explicit: [const { OnceLock::new() }; 9],
    mat_inferred: [const { OnceLock::new() }; 9],
};

/// The overloads of one constructor, shown without the template (the constructed type).
fn parse_ctor(name: &str, sources: Vec<String>) -> Vec<Overload> {
    parse_named(name, &mut sources.iter().map(String::as_str), true)
}

fn scalar_overloads() -> &'static [Overload] {
    cached(&TABLES.scalar, &|| {
        parse_ctor(
            "T",
            vec![
                "<T>() -> T | T: any".into(),
                "<T>(e: S) -> T | T: any; S: any".into(),
            ],
        )
    })
}

fn vec_overloads(k: u8, explicit: bool) -> &'static [Overload] {
    let table = match explicit {
        true => &TABLES.vec_explicit,
        false => &TABLES.vec_inferred,
    };
    cached(&table[usize::from(k - 2)], &|| {
        let name = match explicit {
            true => format!("vec{k}<T>"),
            false => format!("vec{k}"),
        };
        parse_ctor(&name, vector_sources(k, explicit))
    })
}

fn mat_overloads(c: u8, r: u8, explicit: bool) -> &'static [Overload] {
    let table = match explicit {
        true => &TABLES.mat_explicit,
        false => &TABLES.mat_inferred,
    };
    cached(&table[mat_index(c, r)], &|| {
        let name = match explicit {
            true => format!("mat{c}x{r}<T>"),
            false => format!("mat{c}x{r}"),
        };
        parse_ctor(&name, matrix_sources(c, r, explicit))
    })
}

fn mat_index(c: u8, r: u8) -> usize {
    usize::from(c - 2) * 3 + usize::from(r - 2)
}

/// The overloads a constructor call is resolved against, for diagnostics; empty for
/// arrays and structures, whose rules are not tabulated.
pub fn overloads(types: &TypeTable, ctor: Ctor) -> &'static [Overload] {
    match ctor {
        Ctor::Vec(k) => vec_overloads(k, false),
        Ctor::Mat(c, r) => mat_overloads(c, r, false),
        Ctor::Array => &[],
        Ctor::Type(ty) => match types.kind(ty) {
            TypeKind::Scalar(_) => scalar_overloads(),
            TypeKind::Vector { size, .. } => vec_overloads(size, true),
            TypeKind::Matrix { cols, rows, .. } => mat_overloads(cols, rows, true),
            _ => &[],
        },
    }
}

/// Resolves a value constructor call. The result's `ret` is the constructed type and
/// `params` the type each argument converts to.
pub fn resolve_constructor(
    types: &mut TypeTable,
    ctor: Ctor,
    args: &[Arg],
) -> Result<Resolved, ResolveError> {
    match ctor {
        Ctor::Array => return infer_array(types, args),
        Ctor::Type(ty) => match types.kind(ty) {
            TypeKind::Scalar(_) | TypeKind::Vector { .. } | TypeKind::Matrix { .. } => {
                let table = overloads(types, ctor);
                return resolve(types, table, &[ty], args);
            }
            TypeKind::Array {
                elem,
                size: ArraySize::Const(n),
            } if types.is_constructible(ty) => {
                let n = n as usize;
                if !args.is_empty() && args.len() != n {
                    return Err(ResolveError::NoMatch);
                }
                return fixed_params(types, ty, vec![elem; args.len()], args);
            }
            TypeKind::Struct(id) if types.is_constructible(ty) => {
                let members = types.struct_def(id).member_types();
                if !args.is_empty() && args.len() != members.len() {
                    return Err(ResolveError::NoMatch);
                }
                let params = if args.is_empty() { Vec::new() } else { members };
                return fixed_params(types, ty, params, args);
            }
            _ => return Err(ResolveError::NoMatch),
        },
        Ctor::Vec(_) | Ctor::Mat(..) => {}
    }
    let table = overloads(types, ctor);
    resolve(types, table, &[], args)
}

/// A constructor whose parameter types are known: each argument must convert.
fn fixed_params(
    types: &mut TypeTable,
    ret: TypeId,
    params: Vec<TypeId>,
    args: &[Arg],
) -> Result<Resolved, ResolveError> {
    for (&p, a) in params.iter().zip(args) {
        conversion_rank(types, a.ty, p).ok_or(ResolveError::NoMatch)?;
    }
    Ok(Resolved {
        overload: 0,
        params: params.into(),
        ret: Some(ret),
    })
}

/// `array(e1, …, eN)`: the element type is the candidate every argument converts to with
/// the preferable ranks (§"Overload Resolution" applied to the substitutions of `T`).
fn infer_array(types: &mut TypeTable, args: &[Arg]) -> Result<Resolved, ResolveError> {
    if args.is_empty() {
        return Err(ResolveError::NoMatch);
    }
    let mut candidates: Vec<TypeId> = Vec::new();
    for a in args {
        let t = types.unref(a.ty);
        if !candidates.contains(&t) {
            candidates.push(t);
        }
        if types.is_abstract(t) {
            for s in [
                Scalar::AbstractFloat,
                Scalar::I32,
                Scalar::U32,
                Scalar::F32,
                Scalar::F16,
            ] {
                let c = with_scalar(types, t, s);
                if !candidates.contains(&c) {
                    candidates.push(c);
                }
            }
        }
    }
    let any_runtime = args.iter().any(|a| !a.is_const);
    let mut ranked: Vec<(TypeId, Vec<u32>)> = Vec::new();
    for c in candidates {
        if !types.is_constructible(c) || (any_runtime && types.is_abstract(c)) {
            continue;
        }
        // Loops rather than iterator chains (each a copy of the iterator code).
        let mut ranks = Vec::with_capacity(args.len());
        for a in args {
            match conversion_rank(types, a.ty, c) {
                Some(r) => ranks.push(r),
                None => break,
            }
        }
        if ranks.len() == args.len() {
            ranked.push((c, ranks));
        }
    }
    let winner = preferred_index(ranked.len(), &|i| &ranked[i].1);
    match winner {
        Some(i) => {
            let elem = ranked[i].0;
            let n = u32::try_from(args.len()).map_err(|_| ResolveError::NoMatch)?;
            let ret = types.array(elem, ArraySize::Const(n));
            Ok(Resolved {
                overload: 0,
                params: std::iter::repeat_n(elem, args.len()).collect(),
                ret: Some(ret),
            })
        }
        None if ranked.is_empty() => Err(ResolveError::NoMatch),
        None => Err(ResolveError::Ambiguous(Vec::new())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compositions_of_vector_widths() {
        assert_eq!(compositions(2), vec![vec![1, 1]]);
        assert_eq!(compositions(3).len(), 3);
        // (1,1,1,1) (1,1,2) (1,2,1) (1,3) (2,1,1) (2,2) (3,1)
        assert_eq!(compositions(4).len(), 7);
    }
}
