//! Editor services: hover, go to definition, completion and signature help, answered by
//! the compiler's own front end.
//!
//! An editor asks about one place in one text, on every keystroke or mouse move, and the
//! text is usually broken: the user is in the middle of typing it. So the rules are:
//!
//! - **One front end.** An [`Analysis`] is the parser's tree and sema's [`Program`] of one
//!   text, and every answer is read from them: the names sema resolved, the types it
//!   inferred, the builtin overloads it chose ([`crate::sema::builtins`]), the structure
//!   layouts it computed. Nothing here types an expression of its own.
//! - **Answer from what parsed.** The parser recovers at the next statement or
//!   declaration, so a broken statement costs the tree only itself; sema is run on the
//!   partial tree with no error limit ([`crate::sema::analyze_for_tools`]), so every
//!   function that parsed is typed. Where the tree lacks what the cursor is on (an
//!   unclosed call, a `.` with nothing after it) the answer comes from the tokens, which the lexer gives for any text: signature help
//!   finds its call by matching brackets backwards, and member completion re-analyzes the
//!   text with a placeholder name typed at the cursor (`p.` becomes `p.x`), which makes
//!   the member access parse and its base typed.
//! - **A name means what sema says**, and where sema said nothing (code it could not
//!   check) what the scopes at the cursor say: [`Analysis::scope_at`] walks the enclosing
//!   function's blocks as the resolver does, so shadowing and a `continuing` block's view
//!   of its loop body come out the same.
//! - **Never fail.** Every function takes any text and any offset (clamped to the text,
//!   rounded down to a character boundary) and answers nothing rather than something
//!   wrong. The package tests run every function at every offset of broken texts.
//! - **Cheap.** One lex, parse and check per text (the wasm layer keeps the last
//!   [`Analysis`], so hovering over an unchanged text re-uses it), then linear scans over
//!   the tree's arenas; a 1,000-line shader takes a few milliseconds.
//! - **Plain text out.** Signatures are WGSL text; descriptions are built from sema's
//!   tables (a builtin's category, `@const`, stages, required extension), never stored
//!   prose, so they cost the package little and cannot drift from what sema checks.
//!
//! Offsets here are UTF-8 byte offsets, as spans are everywhere in refract;
//! [`byte_offset`] and [`utf16_offset`] convert for hosts that count UTF-16 units (the JS
//! API, whose strings do).

mod complete;
mod hover;
mod signature;
#[cfg(test)]
mod tests;

pub use complete::Completion;
pub use hover::Hover;
pub use signature::{Signature, SignatureHelp};

use crate::diag::Span;
use crate::sema::Program;
use crate::sema::builtins::BuiltinFn;
use crate::sema::program::{DeclId, DeclInfo, LocalKind, Name};
use crate::sema::resolve::decl_name;
use crate::sema::types::{StructId, TypeId, TypeKind};
use crate::syntax::ast::{Block, ExprId, ExprKind, GlobalDeclKind, Module, StmtId, StmtKind};
use crate::syntax::token::Token;
use crate::util::Symbol;

/// What a name or completion denotes, as the JS API spells it ([`Kind::name`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Var,
    Let,
    Const,
    Override,
    Parameter,
    Function,
    Builtin,
    Struct,
    Member,
    Alias,
    Type,
    Swizzle,
    Enumerant,
    Attribute,
    Keyword,
    /// Any other expression (a literal, an operation): only its type is known.
    Expression,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Var => "var",
            Kind::Let => "let",
            Kind::Const => "const",
            Kind::Override => "override",
            Kind::Parameter => "parameter",
            Kind::Function => "function",
            Kind::Builtin => "builtin",
            Kind::Struct => "struct",
            Kind::Member => "member",
            Kind::Alias => "alias",
            Kind::Type => "type",
            Kind::Swizzle => "swizzle",
            Kind::Enumerant => "enumerant",
            Kind::Attribute => "attribute",
            Kind::Keyword => "keyword",
            Kind::Expression => "expression",
        }
    }
}

/// A declared thing a name can denote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Def {
    /// A function-scope `var`, `let` or `const`: its declaring statement.
    Local(StmtId),
    /// A function's `index`-th parameter.
    Param(DeclId, u32),
    /// A module-scope declaration.
    Global(DeclId),
    /// A structure member (of a user structure, or of a builtin one such as `frexp`'s).
    Member(StructId, u32),
    Builtin(BuiltinFn),
}

/// One text, parsed and checked, to ask about.
pub struct Analysis {
    source: String,
    module: Module,
    program: Program,
    /// The lexer's tokens (comments and blankspace excluded), in order.
    tokens: Vec<Token>,
}

impl Analysis {
    /// Parses and checks `source`, keeping whatever parsed: never fails.
    pub fn new(source: &str) -> Analysis {
        let (module, tokens) = crate::syntax::parse_for_tools(source);
        let program = crate::sema::analyze_for_tools(&module, source);
        Analysis {
            source: source.to_string(),
            module,
            program,
            tokens,
        }
    }

    pub fn source(&self) -> &str {
        &self.source
    }

    /// `offset` clamped to the text and rounded down to a character boundary.
    fn clamp(&self, offset: u32) -> u32 {
        let mut at = (offset as usize).min(self.source.len());
        while !self.source.is_char_boundary(at) {
            at -= 1;
        }
        at as u32
    }

    fn text(&self, span: Span) -> &str {
        self.source.get(span.range()).unwrap_or("")
    }

    fn type_name(&self, ty: TypeId) -> String {
        self.program.types.name(ty)
    }

    /// The source text of an expression: its first line, cut at 60 bytes.
    fn snippet(&self, e: ExprId) -> String {
        self.snippet_of(self.module.expr(e).span)
    }

    fn snippet_of(&self, span: Span) -> String {
        let text = self.text(span);
        let mut cut = text.find('\n').unwrap_or(text.len()).min(60);
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        let more = if cut < text.len() { "…" } else { "" };
        format!("{}{more}", text[..cut].trim_end())
    }

    /// The module-scope function whose span holds `offset`.
    fn function_at(&self, offset: u32) -> Option<DeclId> {
        self.module
            .decls
            .iter()
            .position(|d| {
                matches!(d.kind, GlobalDeclKind::Fn(_))
                    && d.span.start <= offset
                    && offset <= d.span.end
            })
            .map(DeclId::from_index)
    }

    /// The structure a type (or the type a reference or pointer points at) is.
    fn struct_of(&self, ty: TypeId) -> Option<StructId> {
        let types = &self.program.types;
        match types.kind(types.unref(ty)) {
            TypeKind::Struct(s) => Some(s),
            TypeKind::Ptr { store, .. } => match types.kind(store) {
                TypeKind::Struct(s) => Some(s),
                _ => None,
            },
            _ => None,
        }
    }

    /// What sema resolved a name to, for an identifier expression at `at`.
    fn def_of_name(&self, name: Name, at: u32) -> Option<Def> {
        Some(match name {
            Name::Local(s) => Def::Local(s),
            Name::Param(i) => Def::Param(self.function_at(at)?, i),
            Name::Global(d) => Def::Global(d),
            Name::Builtin(f) => Def::Builtin(f),
            Name::Predeclared => return None,
        })
    }

    /// What `sym` denotes at `offset` by the scopes there, for names sema did not resolve
    /// (code it could not check): locals and parameters, module scope, builtins.
    fn lookup(&self, sym: Symbol, offset: u32) -> Option<Def> {
        if let Some(&(_, d)) = self.scope_at(offset).iter().rev().find(|(s, _)| *s == sym) {
            return Some(d);
        }
        BuiltinFn::from_name(self.module.name(sym)).map(Def::Builtin)
    }

    /// The names visible at `offset`, outermost first (a later entry shadows an earlier
    /// one of the same name): module-scope declarations, then, inside a function body,
    /// its parameters and the locals declared before `offset` in the enclosing blocks.
    pub(crate) fn scope_at(&self, offset: u32) -> Vec<(Symbol, Def)> {
        let mut out: Vec<(Symbol, Def)> = Vec::new();
        for (i, d) in self.module.decls.iter().enumerate() {
            if let Some(name) = decl_name(&d.kind) {
                out.push((name.name, Def::Global(DeclId::from_index(i))));
            }
        }
        let Some(f) = self.function_at(offset) else {
            return out;
        };
        let GlobalDeclKind::Fn(func) = &self.module.decls[f.index()].kind else {
            return out;
        };
        if !inside(func.body.span, offset) {
            return out;
        }
        for (i, p) in func.params.iter().enumerate() {
            out.push((p.name.name, Def::Param(f, i as u32)));
        }
        self.block_scope(&func.body, offset, &mut out);
        out
    }

    fn block_scope(&self, block: &Block, offset: u32, out: &mut Vec<(Symbol, Def)>) {
        for &s in &block.stmts {
            let stmt = self.module.stmt(s);
            if stmt.span.end <= offset {
                self.declared(s, out);
                continue;
            }
            if stmt.span.start < offset {
                self.stmt_scope(s, offset, out);
            }
            break;
        }
    }

    /// Pushes the name a `var`, `let` or `const` statement declares.
    fn declared(&self, s: StmtId, out: &mut Vec<(Symbol, Def)>) {
        match &self.module.stmt(s).kind {
            StmtKind::Var(v) => out.push((v.name.name, Def::Local(s))),
            StmtKind::Let(v) | StmtKind::Const(v) => out.push((v.name.name, Def::Local(s))),
            _ => {}
        }
    }

    /// The scopes inside statement `s`, which holds `offset`.
    fn stmt_scope(&self, s: StmtId, offset: u32, out: &mut Vec<(Symbol, Def)>) {
        match &self.module.stmt(s).kind {
            StmtKind::Block(b) => self.block_scope(b, offset, out),
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => {
                if inside(then_branch.span, offset) {
                    self.block_scope(then_branch, offset, out);
                } else if let Some(e) = *else_branch {
                    if self.module.stmt(e).span.start < offset {
                        self.stmt_scope(e, offset, out);
                    }
                }
            }
            StmtKind::Loop {
                body, continuing, ..
            } => {
                if inside(body.span, offset) {
                    self.block_scope(body, offset, out);
                } else if let Some(c) = continuing.as_ref().filter(|c| inside(c.body.span, offset))
                {
                    for &b in &body.stmts {
                        self.declared(b, out);
                    }
                    self.block_scope(&c.body, offset, out);
                }
            }
            StmtKind::For { init, body, .. } => {
                if let Some(i) = *init {
                    if self.module.stmt(i).span.end <= offset {
                        self.declared(i, out);
                    }
                }
                if inside(body.span, offset) {
                    self.block_scope(body, offset, out);
                }
            }
            StmtKind::While { body, .. } if inside(body.span, offset) => {
                self.block_scope(body, offset, out);
            }
            StmtKind::Switch { clauses, .. } => {
                if let Some(c) = clauses.iter().find(|c| inside(c.body.span, offset)) {
                    self.block_scope(&c.body, offset, out);
                }
            }
            _ => {}
        }
    }

    // ---- What a definition is ------------------------------------------------------------

    /// The span of the name a definition declares.
    fn def_span(&self, def: Def) -> Option<Span> {
        let span = match def {
            Def::Local(s) => match &self.module.stmt(s).kind {
                StmtKind::Var(v) => v.name.span,
                StmtKind::Let(v) | StmtKind::Const(v) => v.name.span,
                _ => return None,
            },
            Def::Param(f, i) => match &self.module.decls.get(f.index())?.kind {
                GlobalDeclKind::Fn(func) => func.params.get(i as usize)?.name.span,
                _ => return None,
            },
            Def::Global(d) => decl_name(&self.module.decls.get(d.index())?.kind)?.span,
            Def::Member(s, i) => {
                self.program
                    .types
                    .struct_def(s)
                    .members
                    .get(i as usize)?
                    .span
            }
            Def::Builtin(_) => return None,
        };
        (!span.is_detached()).then_some(span)
    }

    fn def_name(&self, def: Def) -> String {
        match def {
            Def::Member(s, i) => self
                .program
                .types
                .struct_def(s)
                .members
                .get(i as usize)
                .map_or_else(String::new, |m| m.name.clone()),
            Def::Builtin(f) => f.name().to_string(),
            _ => self
                .def_span(def)
                .map_or_else(String::new, |s| self.text(s).to_string()),
        }
    }

    fn def_kind(&self, def: Def) -> Kind {
        match def {
            Def::Local(s) => match &self.module.stmt(s).kind {
                StmtKind::Var(_) => Kind::Var,
                StmtKind::Let(_) => Kind::Let,
                _ => Kind::Const,
            },
            Def::Param(..) => Kind::Parameter,
            Def::Global(d) => match &self.module.decls[d.index()].kind {
                GlobalDeclKind::Var(_) => Kind::Var,
                GlobalDeclKind::Const(_) | GlobalDeclKind::ConstAssert(_) => Kind::Const,
                GlobalDeclKind::Override(_) => Kind::Override,
                GlobalDeclKind::Alias(_) => Kind::Alias,
                GlobalDeclKind::Struct(_) => Kind::Struct,
                GlobalDeclKind::Fn(_) => Kind::Function,
            },
            Def::Member(..) => Kind::Member,
            Def::Builtin(_) => Kind::Builtin,
        }
    }

    /// The type of the value a definition names (a function's: its return type; a type
    /// declaration's: the type), when sema knows it.
    fn def_type(&self, def: Def) -> Option<TypeId> {
        match def {
            Def::Local(s) => self.program.local(s).map(|l| l.ty),
            Def::Param(f, i) => self.program.function(f)?.params.get(i as usize).copied(),
            Def::Global(d) => match self.program.decl(d) {
                DeclInfo::Var(g) => Some(g.ty),
                DeclInfo::Const { ty, .. } | DeclInfo::Alias(ty) | DeclInfo::Struct(ty) => {
                    Some(*ty)
                }
                DeclInfo::Override(o) => Some(o.ty),
                DeclInfo::Fn(f) => f.ret,
                DeclInfo::Error | DeclInfo::ConstAssert => None,
            },
            Def::Member(s, i) => Some(self.program.types.struct_def(s).members.get(i as usize)?.ty),
            Def::Builtin(_) => None,
        }
    }

    /// `name: T`, with sema's type when it has one, else the type as written.
    fn typed(&self, name: &str, ty: Option<TypeId>, written: Option<ExprId>) -> String {
        let ty = ty
            .map(|t| self.type_name(t))
            .or_else(|| written.map(|w| self.text(self.module.expr(w).span).to_string()));
        match ty {
            Some(t) => format!("{name}: {t}"),
            None => name.to_string(),
        }
    }

    /// The declaration as WGSL text: `let x: f32`, `fn f(a: i32) -> f32`, a structure
    /// with its members; for a builtin, each overload.
    fn def_signatures(&self, def: Def) -> Vec<String> {
        let name = self.def_name(def);
        let ty = self.def_type(def);
        let line = match def {
            Def::Builtin(f) => {
                let mut out = Vec::new();
                for o in f.overloads() {
                    out.push(o.text.clone());
                }
                return out;
            }
            Def::Member(..) | Def::Param(..) => self.typed(&name, ty, None),
            Def::Local(s) => match &self.module.stmt(s).kind {
                StmtKind::Var(v) => format!("var {}", self.typed(&name, ty, v.ty)),
                StmtKind::Let(v) => format!("let {}", self.typed(&name, ty, v.ty)),
                StmtKind::Const(v) => {
                    format!(
                        "const {} = {}",
                        self.typed(&name, ty, v.ty),
                        self.snippet(v.init)
                    )
                }
                _ => name,
            },
            Def::Global(d) => self.global_signature(d, &name, ty),
        };
        vec![line]
    }

    fn global_signature(&self, d: DeclId, name: &str, ty: Option<TypeId>) -> String {
        let attrs = |list: &[crate::syntax::ast::Attribute]| {
            let mut out = String::new();
            for a in list {
                out.push_str(self.text(a.span));
                out.push(' ');
            }
            out
        };
        match &self.module.decls[d.index()].kind {
            GlobalDeclKind::Var(v) => {
                let template = v.template_span.map_or("", |s| self.text(s));
                format!(
                    "{}var{template} {}",
                    attrs(&v.attributes),
                    self.typed(name, ty, v.ty)
                )
            }
            GlobalDeclKind::Const(c) => {
                format!(
                    "const {} = {}",
                    self.typed(name, ty, c.ty),
                    self.snippet(c.init)
                )
            }
            GlobalDeclKind::Override(o) => {
                let init = o
                    .init
                    .map_or_else(String::new, |i| format!(" = {}", self.snippet(i)));
                format!(
                    "{}override {}{init}",
                    attrs(&o.attributes),
                    self.typed(name, ty, o.ty)
                )
            }
            GlobalDeclKind::Alias(a) => {
                let target = ty.map_or_else(|| self.snippet(a.ty), |t| self.type_name(t));
                format!("alias {name} = {target}")
            }
            GlobalDeclKind::Struct(s) => {
                let mut out = format!("struct {name} {{\n");
                for (m, member) in s.members.iter().zip(self.member_texts(d)) {
                    out.push_str(&format!("  {}{member},\n", attrs(&m.attributes)));
                }
                out.push('}');
                out
            }
            GlobalDeclKind::Fn(f) => {
                let info = self.program.function(d);
                let mut params = Vec::with_capacity(f.params.len());
                for (i, p) in f.params.iter().enumerate() {
                    let pty = info.and_then(|f| f.params.get(i).copied());
                    params.push(self.typed(self.module.name(p.name.name), pty, Some(p.ty)));
                }
                let ret = match &f.ret {
                    Some(r) => {
                        let rty = info.and_then(|f| f.ret);
                        let t = rty.map_or_else(|| self.snippet(r.ty), |t| self.type_name(t));
                        format!(" -> {t}")
                    }
                    None => String::new(),
                };
                format!(
                    "{}fn {name}({}){ret}",
                    attrs(&f.attributes),
                    params.join(", ")
                )
            }
            GlobalDeclKind::ConstAssert(_) => String::new(),
        }
    }

    /// `name: T` for each member of structure declaration `d`.
    fn member_texts(&self, d: DeclId) -> Vec<String> {
        let GlobalDeclKind::Struct(s) = &self.module.decls[d.index()].kind else {
            return Vec::new();
        };
        let sid = self
            .def_type(Def::Global(d))
            .and_then(|t| self.struct_of(t));
        let mut out = Vec::new();
        for (i, m) in s.members.iter().enumerate() {
            let ty =
                sid.and_then(|sid| Some(self.program.types.struct_def(sid).members.get(i)?.ty));
            out.push(self.typed(self.module.name(m.name.name), ty, Some(m.ty)));
        }
        out
    }

    /// A one-line description built from sema's facts: a builtin's category and rules, a
    /// member's layout.
    fn def_description(&self, def: Def) -> Option<String> {
        match def {
            Def::Builtin(f) => Some(describe_builtin(f)),
            Def::Member(s, i) => {
                let def = self.program.types.struct_def(s);
                def.layout?;
                let m = def.members.get(i as usize)?;
                Some(format!(
                    "offset {}, size {}, align {}",
                    m.offset, m.size, m.align
                ))
            }
            Def::Local(s) => {
                let kind = self.program.local(s)?.kind;
                (kind == LocalKind::Var).then(|| "function-scope variable".to_string())
            }
            _ => None,
        }
    }
}

/// Whether `offset` lies strictly between a block's braces.
fn inside(block: Span, offset: u32) -> bool {
    block.start < offset && offset < block.end
}

/// A builtin's one-line description, from its entry in the builtin table.
fn describe_builtin(f: BuiltinFn) -> String {
    use crate::sema::builtins::{Category, Requirement, Stages};
    let category = match f.category() {
        Category::BitReinterpretation => "bit reinterpretation",
        Category::Logical => "logical",
        Category::Array => "array",
        Category::Numeric => "numeric",
        Category::Derivative => "derivative",
        Category::Texture => "texture",
        Category::Atomic => "atomic",
        Category::Packing => "data packing",
        Category::Unpacking => "data unpacking",
        Category::Synchronization => "synchronization",
        Category::Subgroup => "subgroup",
        Category::Quad => "quad",
        Category::BufferView => "buffer view",
    };
    let mut out = format!("WGSL {category} built-in function");
    if f.is_const() {
        out.push_str("; usable in const-expressions");
    }
    match f.stages() {
        Stages::All => {}
        Stages::FragmentOnly => out.push_str("; fragment shaders only"),
        Stages::ComputeOnly => out.push_str("; compute shaders only"),
        Stages::FragmentAndCompute => out.push_str("; fragment and compute shaders"),
        Stages::NotVertex => out.push_str("; not in vertex shaders"),
    }
    match f.requirement() {
        Requirement::None => {}
        Requirement::Extension(e) => out.push_str(&format!("; needs `enable {e};`")),
        Requirement::LanguageFeature(l) => out.push_str(&format!("; language feature `{l}`")),
    }
    if f.must_use() {
        out.push_str("; its result must be used");
    }
    out
}

/// The UTF-8 byte offset of the character at UTF-16 offset `units` of `text`. An offset
/// between the two halves of a surrogate pair gives the start of their character; one
/// past the end gives the text's length.
pub fn byte_offset(text: &str, units: u32) -> u32 {
    let mut seen = 0u32;
    for (at, c) in text.char_indices() {
        seen += c.len_utf16() as u32;
        if seen > units {
            return at as u32;
        }
    }
    text.len() as u32
}

/// The UTF-16 offset of UTF-8 byte offset `byte` of `text` (rounded down to a character
/// boundary; clamped to the text).
pub fn utf16_offset(text: &str, byte: u32) -> u32 {
    let mut end = (byte as usize).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].chars().map(|c| c.len_utf16() as u32).sum()
}

/// The names a name expression may be found under: for a call, its callee; for a member
/// access, its member name.
fn name_span(module: &Module, e: ExprId) -> Option<Span> {
    match &module.expr(e).kind {
        ExprKind::Ident(ie) => Some(ie.ident.span),
        ExprKind::Call { callee, .. } => Some(callee.ident.span),
        ExprKind::Member { member, .. } => Some(member.span),
        _ => None,
    }
}
