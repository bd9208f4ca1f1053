//! The WGSL abstract syntax tree.
//!
//! Rules of this tree:
//! - **Arenas, not boxes.** Expressions and statements live in two vectors of the
//!   [`Module`] and are named by [`ExprId`] and [`StmtId`]. Sema keeps its results (types,
//!   resolved names, constant values) in side tables indexed by those ids, and dropping a
//!   deep tree never recurses.
//! - **Every node has a byte span** into the source it was parsed from. Nodes built by
//!   raising IR carry [`Span::DETACHED`].
//! - **Names are interned** [`Symbol`]s in [`Module::symbols`].
//! - **Types are expressions.** As in the current WGSL grammar, a type is a
//!   template-elaborated identifier (`vec4<f32>`, `array<u32, 4>`,
//!   `texture_storage_2d<rgba8unorm, write>`), parsed as an [`ExprKind::Ident`]. Whether an
//!   identifier names a type, a value, a builtin function or an enumerant (`read_write`,
//!   `rgba8unorm`, `position`) is decided by sema, not by the parser. A [`TypeExpr`] is an
//!   `ExprId` that the grammar put in a type position.
//! - **Syntax only.** The tree says what was written, in source order, including the
//!   `else if` chains, `for` and `while` forms, compound assignments and parentheses, so the
//!   printer can reproduce the program and the formatter can keep its shape.
//! - **Comments** are kept beside the tree in [`Module::comments`], in source order, so the
//!   formatter can put each back near where it was.

use crate::diag::Span;
use crate::util::{Interner, Symbol};

crate::entity_id! {
    /// An expression in [`Module::exprs`].
    pub struct ExprId;
}

crate::entity_id! {
    /// A statement in [`Module::stmts`].
    pub struct StmtId;
}

/// An expression in a type position; always an [`ExprKind::Ident`].
pub type TypeExpr = ExprId;

/// A parsed WGSL translation unit.
#[derive(Clone, Debug, Default)]
pub struct Module {
    pub directives: Vec<Directive>,
    /// Module-scope declarations and `const_assert`s, in source order.
    pub decls: Vec<GlobalDecl>,
    pub exprs: Vec<Expr>,
    pub stmts: Vec<Stmt>,
    pub symbols: Interner,
    /// Every comment of the source, in source order.
    pub comments: Vec<Comment>,
}

impl Module {
    // Slices, not `Vec`s, are indexed: at opt-level "z" (the wasm build) `Vec`'s `Index`
    // is a call of its own.
    pub fn expr(&self, id: ExprId) -> &Expr {
        &self.exprs.as_slice()[id.index()]
    }

    pub fn stmt(&self, id: StmtId) -> &Stmt {
        &self.stmts.as_slice()[id.index()]
    }

    pub fn add_expr(&mut self, kind: ExprKind, span: Span) -> ExprId {
        let id = ExprId::from_index(self.exprs.len());
        self.exprs.push(Expr { kind, span });
        id
    }

    pub fn add_stmt(&mut self, kind: StmtKind, span: Span) -> StmtId {
        let id = StmtId::from_index(self.stmts.len());
        self.stmts.push(Stmt { kind, span });
        id
    }

    pub fn name(&self, sym: Symbol) -> &str {
        self.symbols.resolve(sym)
    }
}

/// A name as written, with its span.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ident {
    pub name: Symbol,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommentKind {
    /// `// …` up to the end of the line.
    Line,
    /// `/* … */`, possibly nested.
    Block,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Comment {
    pub kind: CommentKind,
    /// The whole comment including its delimiters.
    pub span: Span,
}

// ---- Directives ------------------------------------------------------------------------

#[derive(Clone, Debug)]
pub struct Directive {
    pub kind: DirectiveKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum DirectiveKind {
    /// `enable f16, subgroups;`
    Enable(Vec<Ident>),
    /// `requires readonly_and_readwrite_storage_textures;`
    Requires(Vec<Ident>),
    /// `diagnostic(off, derivative_uniformity);`
    Diagnostic(DiagnosticControl),
}

/// `(severity, rule)` of a `diagnostic` directive or attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiagnosticControl {
    /// `error`, `warning`, `info` or `off`; checked by sema.
    pub severity: Ident,
    /// The rule name: one identifier, or two joined by a dot (`chromium.unreachable_code`).
    pub rule: Ident,
    pub rule_suffix: Option<Ident>,
}

// ---- Attributes --------------------------------------------------------------------------

/// `@name` or `@name(args…)`.
#[derive(Clone, Debug)]
pub struct Attribute {
    pub kind: AttributeKind,
    /// The name as written after `@`.
    pub name: Ident,
    /// The parenthesized arguments, or `None` when there are no parentheses. Arguments that
    /// the grammar spells as bare names (`@builtin(position)`, `@interpolate(flat)`) are
    /// [`ExprKind::Ident`] expressions. Empty for `@diagnostic`, whose arguments are in
    /// `kind`.
    pub args: Option<Vec<ExprId>>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttributeKind {
    Align,
    Binding,
    BlendSrc,
    Builtin,
    Const,
    Diagnostic(DiagnosticControl),
    Group,
    Id,
    Interpolate,
    Invariant,
    Location,
    MustUse,
    Size,
    WorkgroupSize,
    SubgroupSize,
    Vertex,
    Fragment,
    Compute,
}

impl AttributeKind {
    /// The attribute kind for a name written after `@`, for every name except
    /// `diagnostic` (which carries its control).
    pub fn from_name(name: &str) -> Option<AttributeKind> {
        Some(match name {
            "align" => AttributeKind::Align,
            "binding" => AttributeKind::Binding,
            "blend_src" => AttributeKind::BlendSrc,
            "builtin" => AttributeKind::Builtin,
            "const" => AttributeKind::Const,
            "group" => AttributeKind::Group,
            "id" => AttributeKind::Id,
            "interpolate" => AttributeKind::Interpolate,
            "invariant" => AttributeKind::Invariant,
            "location" => AttributeKind::Location,
            "must_use" => AttributeKind::MustUse,
            "size" => AttributeKind::Size,
            "workgroup_size" => AttributeKind::WorkgroupSize,
            "subgroup_size" => AttributeKind::SubgroupSize,
            "vertex" => AttributeKind::Vertex,
            "fragment" => AttributeKind::Fragment,
            "compute" => AttributeKind::Compute,
            _ => return None,
        })
    }
}

// ---- Module-scope declarations -------------------------------------------------------------

#[derive(Clone, Debug)]
pub struct GlobalDecl {
    pub kind: GlobalDeclKind,
    /// From the first attribute (or keyword) to the closing `;` or `}`.
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum GlobalDeclKind {
    Var(VarDecl),
    Const(ValueDecl),
    Override(OverrideDecl),
    Alias(AliasDecl),
    Struct(StructDecl),
    Fn(FnDecl),
    ConstAssert(ExprId),
}

/// `var<space, access> name: T = init` at module or function scope.
#[derive(Clone, Debug)]
pub struct VarDecl {
    pub attributes: Vec<Attribute>,
    /// The template list after `var`, such as `<storage, read_write>`: identifiers as
    /// expressions. Empty when there is none.
    pub template_args: Vec<ExprId>,
    /// Span of the template list including `<` and `>`, when present.
    pub template_span: Option<Span>,
    pub name: Ident,
    pub ty: Option<TypeExpr>,
    pub init: Option<ExprId>,
}

/// `const name: T = init` or `let name: T = init`.
#[derive(Clone, Debug)]
pub struct ValueDecl {
    pub name: Ident,
    pub ty: Option<TypeExpr>,
    pub init: ExprId,
}

/// `@id(n) override name: T = init`.
#[derive(Clone, Debug)]
pub struct OverrideDecl {
    pub attributes: Vec<Attribute>,
    pub name: Ident,
    pub ty: Option<TypeExpr>,
    pub init: Option<ExprId>,
}

#[derive(Clone, Debug)]
pub struct AliasDecl {
    pub name: Ident,
    pub ty: TypeExpr,
}

#[derive(Clone, Debug)]
pub struct StructDecl {
    pub name: Ident,
    pub members: Vec<StructMember>,
}

#[derive(Clone, Debug)]
pub struct StructMember {
    pub attributes: Vec<Attribute>,
    pub name: Ident,
    pub ty: TypeExpr,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct FnDecl {
    pub attributes: Vec<Attribute>,
    pub name: Ident,
    pub params: Vec<Param>,
    pub ret: Option<FnReturn>,
    pub body: Block,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub attributes: Vec<Attribute>,
    pub name: Ident,
    pub ty: TypeExpr,
    pub span: Span,
}

/// `-> @location(0) vec4f`
#[derive(Clone, Debug)]
pub struct FnReturn {
    pub attributes: Vec<Attribute>,
    pub ty: TypeExpr,
}

// ---- Statements ----------------------------------------------------------------------

/// `attributes { statements }`
#[derive(Clone, Debug, Default)]
pub struct Block {
    pub attributes: Vec<Attribute>,
    pub stmts: Vec<StmtId>,
    /// From `{` to `}` inclusive (attributes excluded).
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    /// The whole statement, including a trailing `;` when the grammar has one.
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    /// A lone `;`.
    Empty,
    /// `{ … }` used as a statement.
    Block(Block),
    /// `var …;`
    Var(VarDecl),
    /// `let name: T = init;`
    Let(ValueDecl),
    /// `const name: T = init;`
    Const(ValueDecl),
    /// `lhs = rhs;`, `lhs op= rhs;` (`op` is `Some`), or `_ = rhs;` (`lhs` is `None`).
    Assign {
        lhs: Option<ExprId>,
        op: Option<BinaryOp>,
        rhs: ExprId,
    },
    /// `lhs++;`
    Increment(ExprId),
    /// `lhs--;`
    Decrement(ExprId),
    /// A function call used as a statement; the expression is an [`ExprKind::Call`].
    Call(ExprId),
    /// `if c {…} else if d {…} else {…}`. `else_branch` is another `If` statement for
    /// `else if`, or a `Block` statement for `else`.
    If {
        attributes: Vec<Attribute>,
        cond: ExprId,
        then_branch: Block,
        else_branch: Option<StmtId>,
    },
    Switch {
        attributes: Vec<Attribute>,
        selector: ExprId,
        /// Attributes between the selector and `{`.
        body_attributes: Vec<Attribute>,
        clauses: Vec<SwitchClause>,
    },
    /// `loop { … continuing { … break if c; } }`
    Loop {
        attributes: Vec<Attribute>,
        /// The body; its attributes are those written between `loop` and `{`.
        body: Block,
        /// Boxed: the largest part of any statement, and rare.
        continuing: Option<Box<Continuing>>,
    },
    /// `for (init; cond; update) { … }`
    For {
        attributes: Vec<Attribute>,
        init: Option<StmtId>,
        cond: Option<ExprId>,
        update: Option<StmtId>,
        body: Block,
    },
    /// `while cond { … }`
    While {
        attributes: Vec<Attribute>,
        cond: ExprId,
        body: Block,
    },
    Break,
    Continue,
    Discard,
    /// `return;` or `return e;`
    Return(Option<ExprId>),
    ConstAssert(ExprId),
}

#[derive(Clone, Debug)]
pub struct SwitchClause {
    /// Empty selectors never occur: `default:` alone is one [`CaseSelector::Default`].
    pub selectors: Vec<CaseSelector>,
    pub body: Block,
    pub span: Span,
}

#[derive(Clone, Copy, Debug)]
pub enum CaseSelector {
    /// `default`, with its span.
    Default(Span),
    Expr(ExprId),
}

/// `continuing { … break if cond; }`
#[derive(Clone, Debug)]
pub struct Continuing {
    pub body: Block,
    pub break_if: Option<ExprId>,
    /// From `continuing` to its `}`.
    pub span: Span,
}

// ---- Expressions -------------------------------------------------------------------------

/// One node of the expression arena, 40 bytes: a valid source holds about one per two
/// bytes, so a node's size is most of the front end's memory per source byte. Lists that
/// most nodes lack (a call's arguments, template arguments) sit behind one pointer.
#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

const _: () = assert!(std::mem::size_of::<Expr>() <= 40);

#[derive(Clone, Debug)]
pub enum ExprKind {
    Literal(Literal),
    /// A template-elaborated identifier: `x`, `f32`, `vec4<f32>`, `array<u32, N>`.
    Ident(IdentExpr),
    /// `callee(args…)`: a function call, a builtin call, or a value constructor
    /// (`vec4<f32>(…)`, `array(…)`, `S(…)`). Boxed, so that every node stays small (see
    /// [`Expr`]).
    Call {
        callee: Box<IdentExpr>,
        args: Box<[ExprId]>,
    },
    /// `( e )`, kept so the printer reproduces the grouping the author wrote.
    Paren(ExprId),
    /// `base.name`: a struct member or a swizzle, told apart by sema.
    Member {
        base: ExprId,
        member: Ident,
    },
    /// `base[index]`
    Index {
        base: ExprId,
        index: ExprId,
    },
    Unary {
        op: UnaryOp,
        operand: ExprId,
    },
    Binary {
        op: BinaryOp,
        lhs: ExprId,
        rhs: ExprId,
    },
}

/// An identifier with an optional template list.
#[derive(Clone, Debug)]
pub struct IdentExpr {
    pub ident: Ident,
    /// `None` when no template list was written; an empty list cannot come from the
    /// parser (the grammar needs at least one argument) but is allowed for synthesized
    /// trees. A thin pointer, as most identifiers have none (see [`Expr`]).
    #[allow(clippy::box_collection)]
    pub template_args: Option<Box<Vec<ExprId>>>,
}

impl IdentExpr {
    /// The template list, when one was written.
    pub fn template_list(&self) -> Option<&[ExprId]> {
        self.template_args.as_deref().map(Vec::as_slice)
    }

    /// The template arguments: none when no list was written.
    pub fn templates(&self) -> &[ExprId] {
        self.template_list().unwrap_or(&[])
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-e`
    Negate,
    /// `!e`
    Not,
    /// `~e`
    Complement,
    /// `*e`
    Deref,
    /// `&e`
    AddressOf,
}

impl UnaryOp {
    pub fn as_str(self) -> &'static str {
        match self {
            UnaryOp::Negate => "-",
            UnaryOp::Not => "!",
            UnaryOp::Complement => "~",
            UnaryOp::Deref => "*",
            UnaryOp::AddressOf => "&",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    And,
    Or,
    Xor,
    ShiftLeft,
    ShiftRight,
    LogicalAnd,
    LogicalOr,
    Equal,
    NotEqual,
    Less,
    LessEqual,
    Greater,
    GreaterEqual,
}

impl BinaryOp {
    pub fn as_str(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Rem => "%",
            BinaryOp::And => "&",
            BinaryOp::Or => "|",
            BinaryOp::Xor => "^",
            BinaryOp::ShiftLeft => "<<",
            BinaryOp::ShiftRight => ">>",
            BinaryOp::LogicalAnd => "&&",
            BinaryOp::LogicalOr => "||",
            BinaryOp::Equal => "==",
            BinaryOp::NotEqual => "!=",
            BinaryOp::Less => "<",
            BinaryOp::LessEqual => "<=",
            BinaryOp::Greater => ">",
            BinaryOp::GreaterEqual => ">=",
        }
    }

    /// The compound assignment token (`+=` …) of the operators that have one.
    pub fn compound_assign_str(self) -> Option<&'static str> {
        Some(match self {
            BinaryOp::Add => "+=",
            BinaryOp::Sub => "-=",
            BinaryOp::Mul => "*=",
            BinaryOp::Div => "/=",
            BinaryOp::Rem => "%=",
            BinaryOp::And => "&=",
            BinaryOp::Or => "|=",
            BinaryOp::Xor => "^=",
            BinaryOp::ShiftLeft => "<<=",
            BinaryOp::ShiftRight => ">>=",
            _ => return None,
        })
    }

    /// True for the operators that may appear in a compound assignment (`+=` …).
    pub fn is_compound_assignable(self) -> bool {
        self.compound_assign_str().is_some()
    }
}

/// A literal, with its value as the lexer read it and its spelling as written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Literal {
    pub value: LiteralValue,
    /// The literal's text (`0x1p-3f`, `1e3`, `true`), kept so the printer and formatter
    /// reproduce what the author wrote.
    pub spelling: Symbol,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LiteralValue {
    Bool(bool),
    /// An integer literal's magnitude. The parser rejects values that do not fit the
    /// suffix's type (`i32`, `u32`, or for no suffix, i64 as the spec requires of
    /// abstract-int); the unary minus is a separate [`UnaryOp::Negate`].
    Int {
        value: u64,
        suffix: IntSuffix,
    },
    /// A float literal's value, correctly rounded to the suffix's type (`f` → f32,
    /// `h` → f16, none → f64 for abstract-float), stored as f64, which holds all three
    /// exactly. Overflow to infinity is reported by the lexer.
    Float {
        value: f64,
        suffix: FloatSuffix,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntSuffix {
    /// Abstract-int.
    None,
    /// `i`
    I,
    /// `u`
    U,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatSuffix {
    /// Abstract-float.
    None,
    /// `f`
    F,
    /// `h`
    H,
}
