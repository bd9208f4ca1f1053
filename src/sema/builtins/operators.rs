//! The type rules of WGSL's operators (§"Logical Expressions", §"Arithmetic Expressions",
//! §"Comparison Expressions", §"Bit Expressions"), as overload tables resolved like builtin
//! calls. Mixed vector–scalar arithmetic is its own row, as in the spec, so `v * 2.0` keeps
//! `2.0` a scalar and the evaluator splats it.
//!
//! Address-of, indirection, indexing and member access are not here: their rules depend on
//! memory views, not only on types, and the expression checker applies them directly.

use std::sync::OnceLock;

use super::pattern::{Overload, cached, parse_named};
use super::resolve::{Arg, ResolveError, Resolved, resolve};
use crate::sema::types::TypeTable;
use crate::syntax::ast::{BinaryOp, UnaryOp};

const ARITHMETIC: &[&str] = &[
    "(e1: vN<S>, e2: vN<S>) -> vN<S> | S: num",
    "(e1: vecN<S>, e2: S) -> vecN<S> | S: num",
    "(e1: S, e2: vecN<S>) -> vecN<S> | S: num",
];
const MATRIX_ADDITIVE: &str = "(e1: matCxR<S>, e2: matCxR<S>) -> matCxR<S> | S: float";
const MATRIX_MULTIPLICATIVE: &[&str] = &[
    "(e1: matCxR<S>, e2: S) -> matCxR<S> | S: float",
    "(e1: S, e2: matCxR<S>) -> matCxR<S> | S: float",
    "(e1: matCxR<S>, e2: vecC<S>) -> vecR<S> | S: float",
    "(e1: vecR<S>, e2: matCxR<S>) -> vecC<S> | S: float",
    "(e1: matKxR<S>, e2: matCxK<S>) -> matCxR<S> | S: float",
];
const EQUALITY: &str = "(e1: vN<S>, e2: vN<S>) -> vN<bool> | S: any";
const ORDERING: &str = "(e1: vN<S>, e2: vN<S>) -> vN<bool> | S: num";
const BITWISE: &str = "(e1: vN<S>, e2: vN<S>) -> vN<S> | S: int";
const BOOLEAN_BITWISE: &str = "(e1: vN<bool>, e2: vN<bool>) -> vN<bool>";
const SHIFT: &str = "(e1: vN<S>, e2: vN<u32>) -> vN<S> | S: int";

fn binary_sources(op: BinaryOp) -> Vec<&'static str> {
    use BinaryOp::*;
    let mut v: Vec<&'static str> = Vec::new();
    match op {
        Add | Sub => {
            v.extend(ARITHMETIC);
            v.push(MATRIX_ADDITIVE);
        }
        Mul => {
            v.extend(ARITHMETIC);
            v.extend(MATRIX_MULTIPLICATIVE);
        }
        Div | Rem => v.extend(ARITHMETIC),
        Equal | NotEqual => v.push(EQUALITY),
        Less | LessEqual | Greater | GreaterEqual => v.push(ORDERING),
        LogicalAnd | LogicalOr => v.push("(e1: bool, e2: bool) -> bool"),
        And | Or => {
            v.push(BOOLEAN_BITWISE);
            v.push(BITWISE);
        }
        Xor => v.push(BITWISE),
        ShiftLeft | ShiftRight => v.push(SHIFT),
    }
    v
}

const BINARY_OPS: [BinaryOp; 18] = [
    BinaryOp::Add,
    BinaryOp::Sub,
    BinaryOp::Mul,
    BinaryOp::Div,
    BinaryOp::Rem,
    BinaryOp::And,
    BinaryOp::Or,
    BinaryOp::Xor,
    BinaryOp::ShiftLeft,
    BinaryOp::ShiftRight,
    BinaryOp::LogicalAnd,
    BinaryOp::LogicalOr,
    BinaryOp::Equal,
    BinaryOp::NotEqual,
    BinaryOp::Less,
    BinaryOp::LessEqual,
    BinaryOp::Greater,
    BinaryOp::GreaterEqual,
];

fn parse_all(op: &str, sources: &[&str]) -> Vec<Overload> {
    parse_named(
        &format!("operator {op} "),
        &mut sources.iter().copied(),
        false,
    )
}

/// The overloads of a binary operator.
pub fn binary_overloads(op: BinaryOp) -> &'static [Overload] {
    // Each operator's overloads are parsed when first asked for (see `table::overloads`).
    static TABLE: [OnceLock<Vec<Overload>>; BINARY_OPS.len()] =
        [const { OnceLock::new() }; BINARY_OPS.len()];
    let index = BINARY_OPS
        .iter()
        .position(|&o| o == op)
        .expect("every binary operator is listed");
    cached(&TABLE[index], &|| {
        parse_all(op.as_str(), &binary_sources(op))
    })
}

/// The overloads of a unary operator other than `&` and `*`.
pub fn unary_overloads(op: UnaryOp) -> &'static [Overload] {
    static TABLE: [OnceLock<Vec<Overload>>; 3] = [const { OnceLock::new() }; 3];
    let (k, name, source) = match op {
        UnaryOp::Negate => (0, "-", "(e: vN<S>) -> vN<S> | S: signed"),
        UnaryOp::Not => (1, "!", "(e: vN<bool>) -> vN<bool>"),
        UnaryOp::Complement => (2, "~", "(e: vN<S>) -> vN<S> | S: int"),
        UnaryOp::Deref | UnaryOp::AddressOf => return &[],
    };
    cached(&TABLE[k], &|| parse_all(name, &[source]))
}

/// Resolves `lhs op rhs`.
pub fn resolve_binary(
    types: &mut TypeTable,
    op: BinaryOp,
    lhs: Arg,
    rhs: Arg,
) -> Result<Resolved, ResolveError> {
    resolve(types, binary_overloads(op), &[], &[lhs, rhs])
}

/// Resolves `op operand` for `-`, `!` and `~`.
pub fn resolve_unary(
    types: &mut TypeTable,
    op: UnaryOp,
    operand: Arg,
) -> Result<Resolved, ResolveError> {
    resolve(types, unary_overloads(op), &[], &[operand])
}
