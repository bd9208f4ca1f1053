//! HLSL expressions and statements as a small tree, printed with C's precedence.
//!
//! The writer builds expressions bottom-up while the raising plan walks a function, and
//! prints each function once its statements are complete. Expressions live in an arena
//! ([`Exprs`]) and are named by [`E`]; each records its height (for the plan's
//! expression-height policy) so no walk is needed to answer it.
//!
//! Printing parenthesizes a child whose operator binds less tightly than its parent's,
//! the right operand of a non-associative operator at the same level, and — for readers
//! and for DXC's `-Wparentheses` — any binary operand of a bitwise or shift operator, or
//! of `&&`/`||` mixed with the other.

use std::fmt::Write;

/// An expression handle: an index into [`Exprs`]. The raising plan's expression handle
/// (the AST's kind), so that the plan hands the emitter its own expressions as they are.
pub type E = crate::syntax::ast::ExprId;

/// A name handle: an index into the writer's name table. The raising plan's name handle,
/// as [`E`] is its expression handle.
pub type Sym = crate::util::Symbol;

/// Binary operators, with their precedence level (higher binds tighter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bin {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    And,
    Or,
}

impl Bin {
    pub fn text(self) -> &'static str {
        match self {
            Bin::Mul => "*",
            Bin::Div => "/",
            Bin::Rem => "%",
            Bin::Add => "+",
            Bin::Sub => "-",
            Bin::Shl => "<<",
            Bin::Shr => ">>",
            Bin::Lt => "<",
            Bin::Le => "<=",
            Bin::Gt => ">",
            Bin::Ge => ">=",
            Bin::Eq => "==",
            Bin::Ne => "!=",
            Bin::BitAnd => "&",
            Bin::BitXor => "^",
            Bin::BitOr => "|",
            Bin::And => "&&",
            Bin::Or => "||",
        }
    }

    fn level(self) -> u8 {
        match self {
            Bin::Mul | Bin::Div | Bin::Rem => 12,
            Bin::Add | Bin::Sub => 11,
            Bin::Shl | Bin::Shr => 10,
            Bin::Lt | Bin::Le | Bin::Gt | Bin::Ge => 9,
            Bin::Eq | Bin::Ne => 8,
            Bin::BitAnd => 7,
            Bin::BitXor => 6,
            Bin::BitOr => 5,
            Bin::And => 4,
            Bin::Or => 3,
        }
    }

    fn bitwise(self) -> bool {
        matches!(
            self,
            Bin::Shl | Bin::Shr | Bin::BitAnd | Bin::BitXor | Bin::BitOr
        )
    }
}

const TERNARY: u8 = 2;
const PREFIX: u8 = 14;
const POSTFIX: u8 = 15;

/// One expression.
#[derive(Clone, Debug)]
pub enum Node {
    /// A declared name.
    Name(Sym),
    /// Literal text: a number, `true`.
    Lit(String),
    /// A prefix operator (`-`, `!`, `~`).
    Prefix(&'static str, E),
    Binary(Bin, E, E),
    /// `f(args)`: an intrinsic, a function or a constructor (`float4(…)`).
    Call(String, Vec<E>),
    /// `object.method(args)`.
    Method(E, String, Vec<E>),
    /// `e.field` or a swizzle `e.xyz`.
    Member(E, String),
    /// `e[i]`.
    Index(E, E),
    /// `c ? t : f`.
    Ternary(E, E, E),
    /// `(T)e`.
    Cast(String, E),
    /// `{ a, b, … }`: an initializer list, only in declarations.
    List(Vec<E>),
    /// A place in a byte-addressed buffer (the `byte-address` transform's `buffer_view`):
    /// reading it gives `read`; `store` names the helper that writes a value there, with
    /// the offset as its first argument, or is `None` in a read-only buffer.
    View {
        read: E,
        store: Option<ViewStore>,
        /// The buffer's name and the offset, for atomics.
        buffer: Sym,
        offset: E,
    },
}

/// How to write a value into a buffer place: a method of the buffer (`Store3`) with the
/// value converted by `convert` (`asuint`), a helper function taking the offset and the
/// value, or an assignment to a word.
#[derive(Clone, Debug)]
pub enum ViewStore {
    Method {
        method: String,
        convert: Option<&'static str>,
    },
    Helper(String),
    /// A word of a `groupshared` array, assigned `convert(value)`.
    Word {
        place: E,
        convert: Option<&'static str>,
    },
}

struct Data {
    node: Node,
    height: u32,
}

/// The expression arena of one module.
#[derive(Default)]
pub struct Exprs {
    data: Vec<Data>,
}

impl Exprs {
    pub fn add(&mut self, node: Node) -> E {
        let mut below = 0;
        Self::each_child(&node, &mut |c| below = below.max(self.height(c)));
        let height = 1 + below;
        let id = E::from_index(self.data.len());
        self.data.push(Data { node, height });
        id
    }

    /// `name(args)`. This and the constructors below take borrowed text and arguments,
    /// so that a call site builds no `String` or `Vec` of its own: written once here,
    /// not at each of the writer's hundred call sites.
    pub fn call(&mut self, name: &str, args: &[E]) -> E {
        self.add(Node::Call(name.to_string(), args.to_vec()))
    }

    /// `object.name(args)`.
    pub fn method(&mut self, object: E, name: &str, args: &[E]) -> E {
        self.add(Node::Method(object, name.to_string(), args.to_vec()))
    }

    /// `e.name` (a member or a swizzle).
    pub fn member(&mut self, e: E, name: &str) -> E {
        self.add(Node::Member(e, name.to_string()))
    }

    /// `(t)e`.
    pub fn cast(&mut self, t: &str, e: E) -> E {
        self.add(Node::Cast(t.to_string(), e))
    }

    /// Literal text.
    pub fn lit(&mut self, text: &str) -> E {
        self.add(Node::Lit(text.to_string()))
    }

    pub fn node(&self, e: E) -> &Node {
        &self.data[e.index()].node
    }

    pub fn height(&self, e: E) -> u32 {
        self.data[e.index()].height
    }

    /// Calls `f` on each operand of `node`, in order: a visit rather than a boxed
    /// iterator, which cost an allocation per expression built.
    fn each_child(node: &Node, f: &mut dyn FnMut(E)) {
        match node {
            Node::Name(_) | Node::Lit(_) => {}
            Node::Prefix(_, a) | Node::Member(a, _) | Node::Cast(_, a) => f(*a),
            Node::Binary(_, a, b) | Node::Index(a, b) => {
                f(*a);
                f(*b);
            }
            Node::Ternary(a, b, c) => {
                f(*a);
                f(*b);
                f(*c);
            }
            Node::Call(_, args) | Node::List(args) => args.iter().for_each(|&a| f(a)),
            Node::Method(o, _, args) => {
                f(*o);
                args.iter().for_each(|&a| f(a));
            }
            Node::View { read, offset, .. } => {
                f(*read);
                f(*offset);
            }
        }
    }

    /// Whether `e` mentions name `s` anywhere.
    pub fn mentions(&self, e: E, s: Sym) -> bool {
        let mut work = vec![e];
        while let Some(x) = work.pop() {
            let node = self.node(x);
            if let Node::Name(n) = node {
                if *n == s {
                    return true;
                }
            }
            Self::each_child(node, &mut |c| work.push(c));
        }
        false
    }

    fn level(&self, e: E) -> u8 {
        match self.node(e) {
            Node::Name(_) | Node::Lit(_) | Node::Call(..) | Node::Method(..) | Node::List(_) => {
                POSTFIX
            }
            Node::Member(..) | Node::Index(..) => POSTFIX,
            Node::Prefix(..) | Node::Cast(..) => PREFIX,
            Node::Binary(op, ..) => op.level(),
            Node::Ternary(..) => TERNARY,
            Node::View { read, .. } => self.level(*read),
        }
    }

    /// Prints `e` into `out`, using `names` for names.
    pub fn print(&self, out: &mut String, names: &[String], e: E) {
        match self.node(e) {
            Node::Name(s) => out.push_str(&names[s.index()]),
            Node::Lit(t) => out.push_str(t),
            Node::Prefix(op, a) => {
                out.push_str(op);
                // `- -x` must not print as `--x`.
                let a_text_starts_with_op = matches!(self.node(*a), Node::Prefix(p, _) if p == op)
                    || matches!(self.node(*a), Node::Lit(t) if t.starts_with(op));
                if a_text_starts_with_op {
                    out.push(' ');
                }
                self.operand(out, names, *a, PREFIX);
            }
            Node::Binary(op, a, b) => {
                let level = op.level();
                self.binary_operand(out, names, *op, *a, level, false);
                let _ = write!(out, " {} ", op.text());
                self.binary_operand(out, names, *op, *b, level, true);
            }
            Node::Call(f, args) => {
                out.push_str(f);
                self.args(out, names, args);
            }
            Node::Method(o, f, args) => {
                self.operand(out, names, *o, POSTFIX);
                out.push('.');
                out.push_str(f);
                self.args(out, names, args);
            }
            Node::Member(a, field) => {
                self.operand(out, names, *a, POSTFIX);
                out.push('.');
                out.push_str(field);
            }
            Node::Index(a, i) => {
                self.operand(out, names, *a, POSTFIX);
                out.push('[');
                self.print(out, names, *i);
                out.push(']');
            }
            Node::Ternary(c, t, f) => {
                self.operand(out, names, *c, TERNARY + 1);
                out.push_str(" ? ");
                self.operand(out, names, *t, TERNARY + 1);
                out.push_str(" : ");
                self.operand(out, names, *f, TERNARY);
            }
            Node::Cast(t, a) => {
                let _ = write!(out, "({t})");
                self.operand(out, names, *a, PREFIX);
            }
            Node::List(items) => {
                out.push('{');
                for (k, &x) in items.iter().enumerate() {
                    out.push_str(if k == 0 { " " } else { ", " });
                    self.print(out, names, x);
                }
                out.push_str(" }");
            }
            Node::View { read, .. } => self.print(out, names, *read),
        }
    }

    fn args(&self, out: &mut String, names: &[String], args: &[E]) {
        out.push('(');
        for (k, &a) in args.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            self.print(out, names, a);
        }
        out.push(')');
    }

    /// Prints `e` as an operand needing at least `level`, parenthesized when below it.
    fn operand(&self, out: &mut String, names: &[String], e: E, level: u8) {
        if self.level(e) < level {
            out.push('(');
            self.print(out, names, e);
            out.push(')');
        } else {
            self.print(out, names, e);
        }
    }

    fn binary_operand(
        &self,
        out: &mut String,
        names: &[String],
        op: Bin,
        e: E,
        level: u8,
        right: bool,
    ) {
        let paren = match self.node(e) {
            Node::Binary(inner, ..) => {
                let l = inner.level();
                l < level
                    || (right && l == level)
                    || ((op.bitwise() || inner.bitwise()) && *inner != op)
                    || (matches!(op, Bin::And | Bin::Or)
                        && matches!(inner, Bin::And | Bin::Or)
                        && *inner != op)
            }
            _ => self.level(e) < level,
        };
        if paren {
            out.push('(');
            self.print(out, names, e);
            out.push(')');
        } else {
            self.print(out, names, e);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(x: &Exprs, names: &[String], e: E) -> String {
        let mut s = String::new();
        x.print(&mut s, names, e);
        s
    }

    #[test]
    fn prints_with_c_precedence_and_readable_parentheses() {
        let names: Vec<String> = ["a", "b", "c"].iter().map(|s| s.to_string()).collect();
        let mut x = Exprs::default();
        let a = x.add(Node::Name(Sym::from_index(0)));
        let b = x.add(Node::Name(Sym::from_index(1)));
        let c = x.add(Node::Name(Sym::from_index(2)));
        let bc = x.add(Node::Binary(Bin::Mul, b, c));
        let sum = x.add(Node::Binary(Bin::Add, a, bc));
        assert_eq!(text(&x, &names, sum), "a + b * c");
        let ab = x.add(Node::Binary(Bin::Add, a, b));
        let prod = x.add(Node::Binary(Bin::Mul, ab, c));
        assert_eq!(text(&x, &names, prod), "(a + b) * c");
        let diff = x.add(Node::Binary(Bin::Sub, a, ab));
        assert_eq!(text(&x, &names, diff), "a - (a + b)");
        let sh = x.add(Node::Binary(Bin::Shl, a, ab));
        let and = x.add(Node::Binary(Bin::BitAnd, sh, c));
        assert_eq!(text(&x, &names, and), "(a << (a + b)) & c");
        let neg = x.add(Node::Prefix("-", a));
        let negneg = x.add(Node::Prefix("-", neg));
        assert_eq!(text(&x, &names, negneg), "- -a");
        let idx = x.add(Node::Index(ab, c));
        assert_eq!(text(&x, &names, idx), "(a + b)[c]");
        assert_eq!(x.height(and), 4);
        assert!(x.mentions(and, Sym::from_index(2)) && !x.mentions(ab, Sym::from_index(2)));
    }
}
