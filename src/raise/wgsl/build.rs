//! A small builder for synthesized AST nodes: every node gets [`Span::DETACHED`], names are
//! interned once, and each expression's height is kept so the raiser can bound nesting.
//!
//! An expression is never changed once built, so the expression of an IR type or of a
//! module-scope constant is built once and shared by all its uses: the raised tree is a
//! DAG of immutable nodes, which prints (and measures) exactly as the tree it stands for.

use crate::diag::Span;
use crate::syntax::ast::*;

pub struct Ast {
    pub module: Module,
    /// Height of each expression (a leaf is 1), indexed by `ExprId`.
    heights: Vec<u32>,
    /// The spelling of each float literal made so far, by its bits and suffix: formatting
    /// a float is most of a literal's cost, and a shader repeats its constants.
    float_spellings: crate::util::map::Map<(u32, u8), crate::util::Symbol>,
    /// The symbol of each opcode's builtin function name, by opcode, once interned.
    builtin_names: Vec<Option<crate::util::Symbol>>,
    /// The expression of each IR type written so far (`types::type_expr`).
    pub(super) types: crate::util::map::Map<crate::ir::Inst, ExprId>,
    /// The expression of each module-scope value written so far
    /// (`globals::global_value_expr`): constants and override expressions.
    pub(super) globals: crate::util::map::Map<crate::ir::Inst, ExprId>,
    /// Comparisons of integers or booleans: their negation is the opposite comparison,
    /// which is what `simplify` makes of `!(a < b)` when the output is compiled again.
    exact_compares: crate::util::map::Set<ExprId>,
}

impl Ast {
    /// A builder for a tree of about `exprs` expressions (an estimate, to size the
    /// arenas once).
    pub fn with_capacity(exprs: usize) -> Ast {
        let mut module = Module::default();
        module.exprs.reserve(exprs);
        module.stmts.reserve(exprs / 6);
        Ast {
            module,
            heights: Vec::with_capacity(exprs),
            float_spellings: Default::default(),
            builtin_names: Vec::new(),
            types: Default::default(),
            globals: Default::default(),
            exact_compares: Default::default(),
        }
    }

    /// `lhs op rhs` for a comparison of integers or booleans, which [`Ast::negation`]
    /// turns around.
    pub fn exact_compare(&mut self, op: BinaryOp, lhs: ExprId, rhs: ExprId) -> ExprId {
        let e = self.binary(op, lhs, rhs);
        self.exact_compares.insert(e);
        e
    }

    /// `!e`: the opposite comparison for one made by [`Ast::exact_compare`] (`a >= b` for
    /// `a < b`), the operand of a `!`, or `!e`.
    pub fn negation(&mut self, e: ExprId) -> ExprId {
        match self.module.expr(e).kind {
            ExprKind::Unary {
                op: UnaryOp::Not,
                operand,
            } => operand,
            ExprKind::Binary { op, lhs, rhs } if self.exact_compares.contains(&e) => {
                let opposite = match op {
                    BinaryOp::Equal => BinaryOp::NotEqual,
                    BinaryOp::NotEqual => BinaryOp::Equal,
                    BinaryOp::Less => BinaryOp::GreaterEqual,
                    BinaryOp::LessEqual => BinaryOp::Greater,
                    BinaryOp::Greater => BinaryOp::LessEqual,
                    BinaryOp::GreaterEqual => BinaryOp::Less,
                    _ => return self.unary(UnaryOp::Not, e),
                };
                self.exact_compare(opposite, lhs, rhs)
            }
            _ => self.unary(UnaryOp::Not, e),
        }
    }

    pub fn height(&self, e: ExprId) -> u32 {
        self.heights[e.index()]
    }

    fn add(&mut self, kind: ExprKind, height: u32) -> ExprId {
        self.heights.push(height);
        self.module.add_expr(kind, Span::DETACHED)
    }

    fn tallest(&self, children: &[ExprId]) -> u32 {
        children.iter().map(|&c| self.height(c)).max().unwrap_or(0)
    }

    /// An identifier for a name already interned.
    pub fn ident(name: crate::util::Symbol) -> Ident {
        Ident {
            name,
            span: Span::DETACHED,
        }
    }

    pub fn ident_of(&mut self, name: &str) -> Ident {
        Ident {
            name: self.module.symbols.intern(name),
            span: Span::DETACHED,
        }
    }

    /// A plain name: `x`, `f32`.
    pub fn name(&mut self, name: &str) -> ExprId {
        self.templated(name, Vec::new())
    }

    /// A plain name already interned.
    pub fn name_sym(&mut self, name: crate::util::Symbol) -> ExprId {
        let ident = Ast::ident(name);
        self.add(
            ExprKind::Ident(IdentExpr {
                ident,
                template_args: None,
            }),
            1,
        )
    }

    /// A template-elaborated name: `vec4<f32>` (no template list when `args` is empty).
    pub fn templated(&mut self, name: &str, args: Vec<ExprId>) -> ExprId {
        let h = self.tallest(&args) + 1;
        let ident = self.ident_of(name);
        let template_args = (!args.is_empty()).then(|| Box::new(args));
        self.add(
            ExprKind::Ident(IdentExpr {
                ident,
                template_args,
            }),
            h,
        )
    }

    /// `name<targs…>(args…)`.
    pub fn call(&mut self, name: &str, targs: Vec<ExprId>, args: Vec<ExprId>) -> ExprId {
        let h = self.tallest(&args).max(self.tallest(&targs)) + 1;
        let ident = self.ident_of(name);
        let template_args = (!targs.is_empty()).then(|| Box::new(targs));
        self.add(
            ExprKind::Call {
                callee: Box::new(IdentExpr {
                    ident,
                    template_args,
                }),
                args: args.into(),
            },
            h,
        )
    }

    /// `name(args…)`, where `name` is the builtin function of opcode `op` (interned once
    /// per opcode: a shader calls the same builtins again and again).
    pub fn call_builtin(&mut self, op: crate::ir::Opcode, name: &str, args: Vec<ExprId>) -> ExprId {
        let k = op as usize;
        if self.builtin_names.len() <= k {
            self.builtin_names.resize(k + 1, None);
        }
        let symbols = &mut self.module.symbols;
        let name = *self.builtin_names[k].get_or_insert_with(|| symbols.intern(name));
        let h = self.tallest(&args) + 1;
        self.add(
            ExprKind::Call {
                callee: Box::new(IdentExpr {
                    ident: Ast::ident(name),
                    template_args: None,
                }),
                args: args.into(),
            },
            h,
        )
    }

    /// A call whose callee is a type expression already built (`vec4<f32>(…)`): the
    /// callee's name and template list are reused.
    pub fn construct(&mut self, ty: ExprId, args: Vec<ExprId>) -> ExprId {
        let ExprKind::Ident(callee) = &self.module.expr(ty).kind else {
            // Types are always identifiers; keep the tree well formed regardless.
            return self.call("array", Vec::new(), args);
        };
        let callee = Box::new(callee.clone());
        // The type's height is one more than its template arguments'.
        let h = self.tallest(&args).max(self.height(ty) - 1) + 1;
        let args = args.into();
        self.add(ExprKind::Call { callee, args }, h)
    }

    pub fn binary(&mut self, op: BinaryOp, lhs: ExprId, rhs: ExprId) -> ExprId {
        let h = self.tallest(&[lhs, rhs]) + 1;
        self.add(ExprKind::Binary { op, lhs, rhs }, h)
    }

    pub fn unary(&mut self, op: UnaryOp, operand: ExprId) -> ExprId {
        // `*&x` is `x`, `&*p` is `p`.
        if let ExprKind::Unary {
            op: inner,
            operand: x,
        } = self.module.expr(operand).kind
        {
            let cancels = matches!(
                (op, inner),
                (UnaryOp::Deref, UnaryOp::AddressOf) | (UnaryOp::AddressOf, UnaryOp::Deref)
            );
            if cancels {
                return x;
            }
        }
        let h = self.height(operand) + 1;
        self.add(ExprKind::Unary { op, operand }, h)
    }

    pub fn member(&mut self, base: ExprId, name: &str) -> ExprId {
        let h = self.height(base) + 1;
        let member = self.ident_of(name);
        self.add(ExprKind::Member { base, member }, h)
    }

    pub fn index(&mut self, base: ExprId, index: ExprId) -> ExprId {
        let h = self.tallest(&[base, index]) + 1;
        self.add(ExprKind::Index { base, index }, h)
    }

    pub fn literal(&mut self, value: LiteralValue, spelling: &str) -> ExprId {
        let spelling = self.module.symbols.intern(spelling);
        self.add(ExprKind::Literal(Literal { value, spelling }), 1)
    }

    /// A float literal of value `magnitude` (not negative) spelled `spell()`, which is
    /// called once per distinct value and suffix.
    pub fn float_lit(
        &mut self,
        magnitude: f32,
        suffix: FloatSuffix,
        spell: impl FnOnce() -> String,
    ) -> ExprId {
        let key = (magnitude.to_bits(), suffix as u8);
        let symbols = &mut self.module.symbols;
        let spelling = *self
            .float_spellings
            .entry(key)
            .or_insert_with(|| symbols.intern(&spell()));
        let value = LiteralValue::Float {
            value: f64::from(magnitude),
            suffix,
        };
        self.add(ExprKind::Literal(Literal { value, spelling }), 1)
    }

    pub fn bool_lit(&mut self, v: bool) -> ExprId {
        self.literal(LiteralValue::Bool(v), if v { "true" } else { "false" })
    }

    /// A non-negative integer literal with a suffix (`None` for abstract-int).
    pub fn int_lit(&mut self, value: u64, suffix: IntSuffix) -> ExprId {
        let mut digits = itoa::Buffer::new();
        let digits = digits.format(value);
        let literal = LiteralValue::Int { value, suffix };
        let letter = match suffix {
            // The digits as they are: no string to build.
            IntSuffix::None => return self.literal(literal, digits),
            IntSuffix::I => 'i',
            IntSuffix::U => 'u',
        };
        let mut text = String::with_capacity(digits.len() + 1);
        text.push_str(digits);
        text.push(letter);
        self.literal(literal, &text)
    }

    pub fn stmt(&mut self, kind: StmtKind) -> StmtId {
        self.module.add_stmt(kind, Span::DETACHED)
    }

    pub fn block(&self, stmts: Vec<StmtId>) -> Block {
        Block {
            attributes: Vec::new(),
            stmts,
            span: Span::DETACHED,
        }
    }

    pub fn attribute(
        &mut self,
        kind: AttributeKind,
        name: &str,
        args: Option<Vec<ExprId>>,
    ) -> Attribute {
        Attribute {
            kind,
            name: self.ident_of(name),
            args,
            span: Span::DETACHED,
        }
    }

    /// `@name(n)` with integer arguments printed as plain (abstract) integers.
    pub fn int_attribute(&mut self, kind: AttributeKind, name: &str, values: &[u32]) -> Attribute {
        // An unsuffixed literal past i32's range is an error in WGSL (an attribute's
        // abstract integer becomes `i32`); such values are written as `u32` literals.
        let mut args = Vec::with_capacity(values.len());
        for &v in values {
            let suffix = if v > i32::MAX as u32 {
                IntSuffix::U
            } else {
                IntSuffix::None
            };
            args.push(self.int_lit(u64::from(v), suffix));
        }
        self.attribute(kind, name, Some(args))
    }

    /// `@name(word, …)` whose arguments are bare names (`@builtin(position)`).
    pub fn word_attribute(&mut self, kind: AttributeKind, name: &str, words: &[&str]) -> Attribute {
        let mut args = Vec::with_capacity(words.len());
        for w in words {
            args.push(self.name(w));
        }
        self.attribute(kind, name, Some(args))
    }

    /// Whether an expression mentions the name `name` anywhere.
    pub fn mentions(&self, e: ExprId, name: crate::util::Symbol) -> bool {
        mentions(&self.module, e, name)
    }
}

/// Whether an expression mentions the name `name` anywhere.
pub fn mentions(m: &Module, e: ExprId, name: crate::util::Symbol) -> bool {
    let mut found = false;
    walk_names(m, e, &mut |s| found |= s == name);
    found
}

/// Calls `f` with each direct subexpression of `kind` (template arguments included).
pub fn for_each_child(kind: &ExprKind, mut f: impl FnMut(ExprId)) {
    match kind {
        ExprKind::Literal(_) => {}
        ExprKind::Ident(i) => i.templates().iter().for_each(|&x| f(x)),
        ExprKind::Call { callee, args } => {
            callee.templates().iter().for_each(|&x| f(x));
            args.iter().for_each(|&x| f(x));
        }
        ExprKind::Paren(x) | ExprKind::Member { base: x, .. } => f(*x),
        ExprKind::Unary { operand, .. } => f(*operand),
        ExprKind::Index { base, index } => {
            f(*base);
            f(*index);
        }
        ExprKind::Binary { lhs, rhs, .. } => {
            f(*lhs);
            f(*rhs);
        }
    }
}

/// Calls `f` with every name an expression mentions (identifiers and callees).
pub fn walk_names(m: &Module, e: ExprId, f: &mut impl FnMut(crate::util::Symbol)) {
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        let kind = &m.expr(e).kind;
        match kind {
            ExprKind::Ident(i) => f(i.ident.name),
            ExprKind::Call { callee, .. } => f(callee.ident.name),
            _ => {}
        }
        for_each_child(kind, |c| stack.push(c));
    }
}

/// The parts of a statement: its expressions and nested statements, each with how many
/// nesting levels deeper than the statement the parser counts it (a block's statements
/// one, a `continuing`'s or a switch clause's two).
pub fn stmt_parts(kind: &StmtKind, exprs: &mut Vec<(ExprId, u32)>, stmts: &mut Vec<(StmtId, u32)>) {
    // Plain loops and `if let`s rather than `extend` over chained iterators: each chain was
    // its own copy of the iterator code in the package.
    fn block(b: &Block, d: u32, stmts: &mut Vec<(StmtId, u32)>) {
        for &x in &b.stmts {
            stmts.push((x, d));
        }
    }
    fn opt(e: &Option<ExprId>, d: u32, exprs: &mut Vec<(ExprId, u32)>) {
        if let Some(e) = *e {
            exprs.push((e, d));
        }
    }
    match kind {
        StmtKind::Empty | StmtKind::Break | StmtKind::Continue | StmtKind::Discard => {}
        StmtKind::Block(b) => block(b, 1, stmts),
        StmtKind::Var(v) => {
            opt(&v.ty, 0, exprs);
            opt(&v.init, 0, exprs);
        }
        StmtKind::Let(v) | StmtKind::Const(v) => {
            opt(&v.ty, 0, exprs);
            exprs.push((v.init, 0));
        }
        StmtKind::Assign { lhs, rhs, .. } => {
            opt(lhs, 0, exprs);
            exprs.push((*rhs, 0));
        }
        StmtKind::Increment(e)
        | StmtKind::Decrement(e)
        | StmtKind::Call(e)
        | StmtKind::ConstAssert(e) => exprs.push((*e, 0)),
        StmtKind::Return(e) => opt(e, 0, exprs),
        StmtKind::If {
            cond,
            then_branch,
            else_branch,
            ..
        } => {
            exprs.push((*cond, 0));
            block(then_branch, 1, stmts);
            if let Some(e) = *else_branch {
                stmts.push((e, 1));
            }
        }
        StmtKind::Switch {
            selector, clauses, ..
        } => {
            exprs.push((*selector, 0));
            for c in clauses {
                block(&c.body, 2, stmts);
                for sel in &c.selectors {
                    if let CaseSelector::Expr(e) = sel {
                        exprs.push((*e, 1));
                    }
                }
            }
        }
        StmtKind::Loop {
            body, continuing, ..
        } => {
            block(body, 1, stmts);
            if let Some(c) = continuing {
                block(&c.body, 2, stmts);
                opt(&c.break_if, 2, exprs);
            }
        }
        StmtKind::For {
            init,
            cond,
            update,
            body,
            ..
        } => {
            if let Some(x) = *init {
                stmts.push((x, 1));
            }
            if let Some(x) = *update {
                stmts.push((x, 1));
            }
            opt(cond, 0, exprs);
            block(body, 1, stmts);
        }
        StmtKind::While { cond, body, .. } => {
            exprs.push((*cond, 0));
            block(body, 1, stmts);
        }
    }
}
