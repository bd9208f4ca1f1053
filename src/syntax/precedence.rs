//! WGSL's operator groups and which operands each accepts without parentheses (spec
//! §"Operator Precedence and Associativity"). WGSL has no single precedence ladder:
//! `&`, `|`, `^`, `&&`, `||`, shifts and comparisons do not mix freely. The parser uses the
//! groups to reject mixes; the printer uses [`operand_fits`] to parenthesize trees built
//! by code.

use super::ast::BinaryOp;

/// The class of an expression: a primary or unary expression, or the group of its binary
/// operator.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Class {
    Primary,
    Unary,
    Multiplicative,
    Additive,
    Shift,
    Relational,
    LogicalAnd,
    LogicalOr,
    BitAnd,
    BitOr,
    BitXor,
}

/// The group of a binary operator.
pub fn binary_class(op: BinaryOp) -> Class {
    match op {
        BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem => Class::Multiplicative,
        BinaryOp::Add | BinaryOp::Sub => Class::Additive,
        BinaryOp::ShiftLeft | BinaryOp::ShiftRight => Class::Shift,
        BinaryOp::Less
        | BinaryOp::Greater
        | BinaryOp::LessEqual
        | BinaryOp::GreaterEqual
        | BinaryOp::Equal
        | BinaryOp::NotEqual => Class::Relational,
        BinaryOp::LogicalAnd => Class::LogicalAnd,
        BinaryOp::LogicalOr => Class::LogicalOr,
        BinaryOp::And => Class::BitAnd,
        BinaryOp::Or => Class::BitOr,
        BinaryOp::Xor => Class::BitXor,
    }
}

/// Whether an operand of class `c` may stand on the left (`left`) or right of `op`
/// without parentheses.
pub fn operand_fits(op: BinaryOp, c: Class, left: bool) -> bool {
    use Class::*;
    let unary = matches!(c, Primary | Unary);
    let own = binary_class(op);
    match own {
        Multiplicative => unary || (left && c == Multiplicative),
        Additive => unary || c == Multiplicative || (left && c == Additive),
        Shift => unary,
        Relational => unary || matches!(c, Multiplicative | Additive | Shift),
        LogicalAnd | LogicalOr => {
            unary
                || matches!(c, Multiplicative | Additive | Shift | Relational)
                || (left && c == own)
        }
        BitAnd | BitOr | BitXor => unary || (left && c == own),
        Primary | Unary => unary,
    }
}
