//! The parser: tokens to an [`ast::Module`], by recursive descent over the spec's grammar
//! (`wgsl-syntax.bnf`), one function per rule or small group of rules.
//!
//! Rules:
//! - **One token of lookahead**, plus a second in the few places the grammar needs it (a
//!   `break` followed by `if`). Template lists were found by the lexer, so `<` and `>` are
//!   never ambiguous here.
//! - **Every node gets a byte span** (see `ast.rs` for what each covers).
//! - **Errors are reported once and recovered from.** A rule that cannot go on reports one
//!   diagnostic and returns `Err(Abort)`; the innermost statement or declaration loop then
//!   skips to a synchronisation point (a `;`, a `}` that closes the enclosing block, or the
//!   start of the next declaration) with brackets balanced, and parsing resumes. Some
//!   mistakes are repaired in place instead, without aborting: a missing `;` at a line end,
//!   a missing `,` between struct members, operators mixed without parentheses, a missing
//!   `{` before a one-statement body. The tree stays well formed either way.
//! - **Nesting is bounded** by [`MAX_NESTING_DEPTH`] (see there), and so is the parser's
//!   own recursion: no input overflows the stack.
//! - Names are interned once, as they are met; nothing else allocates per token.

mod attributes;
mod decls;
mod expressions;
mod statements;

pub(crate) use attributes::KNOWN_ATTRIBUTES;

use super::ast::{ExprId, ExprKind, Ident, Module};
use super::lexer::lex;
use super::token::{Token, TokenKind};
use crate::diag::limit::{self, Horizon};
use crate::diag::{Diagnostic, Span, codes};

/// The deepest a syntax tree may nest, counted in nodes from a module-scope declaration
/// down: each statement is one level below the statement whose body holds it (an
/// `else if` is one level below its `if`), and each expression one level below its parent
/// expression or statement.
///
/// The spec asks implementations to accept 127 levels of nested braces; that uses 127 of
/// these levels and leaves at least 128 for the expressions inside. Every in-scope corpus
/// file stays far below (its deepest tree is reported by the corpus test). The bound
/// exists for every recursive walk over the tree, in refract and its users: at a few
/// hundred bytes per level of a typical walk, 255 levels need well under 256 KiB of
/// stack, a quarter of a 1 MiB WebAssembly stack.
pub const MAX_NESTING_DEPTH: usize = 255;

/// The marker of a reported error: the caller skips to a synchronisation point.
#[derive(Debug)]
pub(crate) struct Abort;

pub(crate) type PResult<T> = Result<T, Abort>;

/// Parses a whole source text, reporting at most `error_limit` errors (see
/// [`crate::diag::limit`]).
pub fn parse(source: &str, error_limit: u32) -> (Module, Vec<Diagnostic>) {
    let (module, diags, _) = parse_keeping_tokens(source, error_limit);
    (module, diags)
}

/// Parses a whole source text, and also returns its tokens (the formatter reads them).
pub(crate) fn parse_keeping_tokens(
    source: &str,
    error_limit: u32,
) -> (Module, Vec<Diagnostic>, Vec<Token>) {
    let lexed = lex(source);
    let mut horizon = Horizon::new(error_limit);
    horizon.follow(&lexed.diagnostics);
    let mut parser = Parser {
        src: source,
        tokens: lexed.tokens,
        pos: 0,
        module: Module {
            comments: lexed.comments,
            symbols: lexed.symbols,
            ..Module::default()
        },
        diags: lexed.diagnostics,
        quiet: lexed.quiet,
        heights: Vec::new(),
        depth: 0,
        depth_reported: false,
        eof_reported: false,
        horizon,
        stopped: false,
    };
    // Measured on the corpus: about one expression per two or three tokens, one statement
    // per ten or more.
    parser.module.exprs.reserve(parser.tokens.len() / 2);
    parser.heights.reserve(parser.tokens.len() / 2);
    parser.module.stmts.reserve(parser.tokens.len() / 10);
    parser.translation_unit();
    let mut diags = parser.diags;
    // Lexer and parser diagnostics interleave in source order.
    limit::sort_by_position(&mut diags);
    limit::limit_errors(
        &mut diags,
        error_limit,
        !parser.stopped,
        parser.horizon.dropped(),
    );
    (parser.module, diags, parser.tokens)
}

pub(crate) struct Parser<'s> {
    pub(crate) src: &'s str,
    tokens: Vec<Token>,
    /// Index of the current token; the last token is `Eof`, where this stops.
    pos: usize,
    pub(crate) module: Module,
    diags: Vec<Diagnostic>,
    /// Positions right after lexical errors, where parse errors are not reported.
    quiet: Vec<u32>,
    /// Height of each expression's subtree (1 for a leaf), parallel to `module.exprs`.
    heights: Vec<u16>,
    /// Nesting depth of the current position: enclosing statements and expressions.
    depth: usize,
    /// A nesting-depth error was reported for the current declaration.
    depth_reported: bool,
    /// An unclosed `{` was reported at the end of the file: enclosing ones stay quiet.
    pub(crate) eof_reported: bool,
    /// Where the error limit's last error lies among the diagnostics so far: it followed
    /// the lexer's, and [`Parser::report`] feeds it the parser's.
    horizon: Horizon,
    /// Parsing stopped before the end: the error limit was reached before it.
    stopped: bool,
}

impl<'s> Parser<'s> {
    // ---- Tokens ------------------------------------------------------------------------

    // The token accessors index the slice, not the `Vec`: at opt-level "z" (the wasm
    // build) `Vec`'s `Index` is a call of its own, and these run for every token.
    fn peek(&self) -> TokenKind {
        self.tokens.as_slice()[self.pos].kind
    }

    fn peek_token(&self) -> Token {
        self.tokens.as_slice()[self.pos]
    }

    fn peek_nth(&self, n: usize) -> TokenKind {
        self.tokens.as_slice()[(self.pos + n).min(self.tokens.len() - 1)].kind
    }

    fn at(&self, kind: TokenKind) -> bool {
        self.peek() == kind
    }

    fn bump(&mut self) -> Token {
        let t = self.tokens.as_slice()[self.pos];
        if t.kind != TokenKind::Eof {
            self.pos += 1;
        }
        t
    }

    fn eat(&mut self, kind: TokenKind) -> Option<Token> {
        if self.at(kind) {
            Some(self.bump())
        } else {
            None
        }
    }

    /// The end of the last consumed token.
    fn prev_end(&self) -> u32 {
        if self.pos == 0 {
            0
        } else {
            self.tokens.as_slice()[self.pos - 1].end
        }
    }

    fn prev_token(&self) -> Option<Token> {
        self.pos.checked_sub(1).map(|i| self.tokens[i])
    }

    fn text(&self, t: Token) -> &'s str {
        &self.src[t.start as usize..t.end as usize]
    }

    /// A span from `start` to the end of the last consumed token.
    fn span_from(&self, start: u32) -> Span {
        Span::new(start, self.prev_end().max(start))
    }

    /// True if a line break separates the previous token from the current one.
    fn at_line_start(&self) -> bool {
        let from = self.prev_end() as usize;
        let to = self.peek_token().start as usize;
        self.src.get(from..to).is_some_and(|gap| {
            gap.contains([
                '\n', '\r', '\u{0B}', '\u{0C}', '\u{85}', '\u{2028}', '\u{2029}',
            ])
        })
    }

    fn intern(&mut self, t: Token) -> Ident {
        let name = match t.sym {
            Some(sym) => sym,
            None => self
                .module
                .symbols
                .intern(&self.src[t.start as usize..t.end as usize]),
        };
        Ident {
            name,
            span: t.span(),
        }
    }

    // ---- Diagnostics -------------------------------------------------------------------

    /// Whether the error limit's errors all lie before the current token, so nothing the
    /// rest of the source could report would be shown. Asked at declaration boundaries,
    /// where no earlier construct is still open: every later parse error lies ahead.
    fn past_error_limit(&self) -> bool {
        self.horizon.is_past(self.peek_token().start)
    }

    /// Keeps `d` unless it is quiet or past the error limit (then only counted): one
    /// declaration may hold an error per token.
    fn report(&mut self, d: Diagnostic) {
        if let Some(span) = d.primary_span() {
            if self.quiet.binary_search(&span.start).is_ok() {
                return;
            }
        }
        if self.horizon.keep(&d) {
            self.diags.push(d);
        }
    }

    /// How a diagnostic names the current token: "`;`", "keyword `fn`", "`foo`".
    fn describe_current(&self) -> String {
        self.describe(self.peek_token())
    }

    fn describe(&self, t: Token) -> String {
        match t.kind {
            TokenKind::Ident => format!("`{}`", self.text(t)),
            TokenKind::IntLiteral | TokenKind::FloatLiteral => {
                format!("the number `{}`", self.text(t))
            }
            TokenKind::Eof => "the end of the file".to_string(),
            kind => kind.describe(),
        }
    }

    /// The span a diagnostic about the current token points at. At the end of the file,
    /// an empty span there.
    fn current_span(&self) -> Span {
        self.peek_token().span()
    }

    /// "expected {what}, found {current}", with the primary label on the current token.
    fn unexpected(&self, code: &'static str, what: &str) -> Diagnostic {
        let found = self.describe_current();
        let mut d = Diagnostic::error(code, format!("expected {what}, found {found}"))
            .with_primary(self.current_span(), format!("expected {what}"));
        if matches!(self.peek(), TokenKind::PlusPlus | TokenKind::MinusMinus) {
            d = d.with_note(
                "`++` and `--` are statements in WGSL (`i++;`), not operators inside expressions",
            );
        }
        self.with_template_hint(d)
    }

    /// After a template list that a name or literal follows, the author most likely meant
    /// two comparisons: say how WGSL read them.
    fn with_template_hint(&self, d: Diagnostic) -> Diagnostic {
        let after_template = self
            .prev_token()
            .is_some_and(|t| t.kind == TokenKind::TemplateArgsEnd);
        if after_template && (self.at(TokenKind::Ident) || self.peek().is_literal()) {
            d.with_note(
                "the `<` … `>` before this was read as a template list, as in `vec4<f32>`; \
                 to compare values, put parentheses around a comparison: `(a < b) > c`",
            )
        } else {
            d
        }
    }

    /// Consumes a token of `kind`, or reports "expected `kind` {context}" and aborts.
    fn expect(&mut self, kind: TokenKind, context: &str) -> PResult<Token> {
        if let Some(t) = self.eat(kind) {
            return Ok(t);
        }
        let what = if context.is_empty() {
            format!("`{}`", kind.text())
        } else {
            format!("`{}` {context}", kind.text())
        };
        let d = self.unexpected(codes::UNEXPECTED_TOKEN, &what);
        self.report(d);
        Err(Abort)
    }

    /// Consumes the `close` delimiter matching `open`, or reports it missing with a label
    /// on `open` and aborts.
    fn expect_closing(&mut self, close: TokenKind, open: Token, what: &str) -> PResult<Token> {
        if let Some(t) = self.eat(close) {
            return Ok(t);
        }
        let code = if self.at(TokenKind::Eof) {
            codes::UNCLOSED_DELIMITER
        } else {
            codes::UNEXPECTED_TOKEN
        };
        let d = self
            .unexpected(code, &format!("`{}` to close {what}", close.text()))
            .with_secondary(open.span(), format!("`{}` opened here", self.text(open)));
        self.report(d);
        Err(Abort)
    }

    /// Consumes the `;` that ends a statement or declaration. When it is missing but the
    /// next token starts a new line, a new statement or closes the block, the `;` is
    /// taken as written (after reporting it), so one forgotten `;` is one error.
    fn expect_semicolon(&mut self, after: &str) -> PResult<()> {
        if self.eat(TokenKind::Semicolon).is_some() {
            return Ok(());
        }
        let found = self.describe_current();
        let mut d = Diagnostic::error(
            codes::MISSING_SEMICOLON,
            format!("expected `;` after {after}, found {found}"),
        )
        .with_primary(self.current_span(), "expected `;` before this");
        if let Some(prev) = self
            .prev_token()
            .filter(|p| p.end < self.peek_token().start)
        {
            d = d.with_secondary(Span::new(prev.end, prev.end), "add `;` here");
        }
        if matches!(self.peek(), TokenKind::PlusPlus | TokenKind::MinusMinus) {
            d = d.with_note(
                "`++` and `--` are statements in WGSL (`i++;`), not operators inside expressions",
            );
        }
        let d = self.with_template_hint(d);
        self.report(d);
        let recoverable = self.at_line_start()
            || matches!(self.peek(), TokenKind::RBrace | TokenKind::Eof)
            || statements::starts_statement_keyword(self.peek());
        if recoverable { Ok(()) } else { Err(Abort) }
    }

    /// Reads a name: an identifier token. Keywords are refused with a note saying so.
    fn expect_ident(&mut self, what: &str) -> PResult<Ident> {
        if self.at(TokenKind::Ident) {
            let t = self.bump();
            return Ok(self.intern(t));
        }
        let mut d = self.unexpected(codes::EXPECTED_NAME, what);
        if self.peek().is_keyword() {
            d = d.with_note(format!(
                "`{}` is a keyword and cannot be used as a name",
                self.peek().text()
            ));
        } else if self.at(TokenKind::Underscore) {
            d = d.with_note("`_` alone is not a name; it only appears in `_ = expression;`");
        }
        self.report(d);
        Err(Abort)
    }

    // ---- Nesting -----------------------------------------------------------------------

    /// Enters one level of nesting; aborts (reporting once per declaration) past the limit.
    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING_DEPTH {
            let span = self.current_span();
            self.report_too_deep(span);
            self.depth -= 1;
            return Err(Abort);
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    fn report_too_deep(&mut self, span: Span) {
        if !self.depth_reported {
            self.depth_reported = true;
            self.report(
                Diagnostic::error(
                    codes::NESTING_TOO_DEEP,
                    format!("this is nested too deeply (more than {MAX_NESTING_DEPTH} levels)"),
                )
                .with_primary(span, "the limit is reached here")
                .with_note(
                    "refract bounds the depth of statements and expressions; \
                     split the code with `let` declarations or helper functions",
                ),
            );
        }
    }

    // ---- Expressions arena -------------------------------------------------------------

    /// Adds an expression. Its height is one more than its tallest child's; aborts when
    /// the expression would be too deep at this position.
    fn add_expr(&mut self, kind: ExprKind, span: Span) -> PResult<ExprId> {
        let mut tallest = 0u16;
        let heights = &self.heights;
        let mut visit = |c: &ExprId| tallest = tallest.max(heights[c.index()]);
        match &kind {
            ExprKind::Literal(_) => {}
            ExprKind::Ident(i) => i.templates().iter().for_each(&mut visit),
            ExprKind::Call { callee, args } => {
                callee.templates().iter().for_each(&mut visit);
                args.iter().for_each(&mut visit);
            }
            ExprKind::Paren(e) | ExprKind::Member { base: e, .. } => visit(e),
            ExprKind::Unary { operand, .. } => visit(operand),
            ExprKind::Index { base, index } => {
                visit(base);
                visit(index);
            }
            ExprKind::Binary { lhs, rhs, .. } => {
                visit(lhs);
                visit(rhs);
            }
        }
        let height = tallest + 1;
        if self.depth + height as usize > MAX_NESTING_DEPTH {
            self.report_too_deep(span);
            return Err(Abort);
        }
        self.heights.push(height);
        Ok(self.module.add_expr(kind, span))
    }

    fn expr_span(&self, id: ExprId) -> Span {
        self.module.exprs[id.index()].span
    }

    // ---- Synchronisation ---------------------------------------------------------------

    /// Skips to the end of a broken statement: past a `;`, or up to a `}` that closes the
    /// enclosing block, a keyword that can only start a module-scope declaration, or a
    /// statement keyword at the start of a line. Brackets are balanced on the way.
    fn sync_statement(&mut self) {
        let mut nesting = 0usize;
        let start = self.pos;
        loop {
            match self.peek() {
                TokenKind::Eof => return,
                TokenKind::Semicolon if nesting == 0 => {
                    self.bump();
                    return;
                }
                TokenKind::RBrace if nesting == 0 => return,
                kind if nesting == 0 && decls::starts_module_only_decl(kind) => return,
                // A statement keyword starting a line: the next statement, most likely.
                kind if nesting == 0
                    && self.pos > start
                    && statements::starts_statement_keyword(kind)
                    && self.at_line_start() =>
                {
                    return;
                }
                TokenKind::LParen | TokenKind::LBracket | TokenKind::LBrace => nesting += 1,
                TokenKind::RParen | TokenKind::RBracket | TokenKind::RBrace => {
                    nesting = nesting.saturating_sub(1);
                    // A `}` that closes a block opened inside the broken statement ends it,
                    // unless an `else` continues the statement.
                    if nesting == 0 && self.peek() == TokenKind::RBrace {
                        self.bump();
                        if self.at(TokenKind::Else) {
                            continue;
                        }
                        return;
                    }
                }
                _ => {}
            }
            self.bump();
        }
    }

    /// Skips to the start of the next module-scope declaration, balancing braces.
    fn sync_module(&mut self) {
        let mut nesting = 0usize;
        loop {
            let kind = self.peek();
            match kind {
                TokenKind::Eof => return,
                TokenKind::LBrace => nesting += 1,
                TokenKind::RBrace => {
                    if nesting <= 1 {
                        self.bump();
                        if nesting == 1 {
                            return;
                        }
                        continue;
                    }
                    nesting -= 1;
                }
                TokenKind::Semicolon if nesting == 0 => {
                    self.bump();
                    return;
                }
                _ if nesting == 0 && decls::starts_global_decl(kind) => return,
                _ => {}
            }
            self.bump();
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::diag::Span;
    use crate::syntax::ast::*;
    use crate::syntax::{MAX_NESTING_DEPTH, parse};

    fn ok(src: &str) -> Module {
        let (m, d) = parse(src);
        assert!(d.is_empty(), "{src}\n{d:#?}");
        m
    }

    fn codes(src: &str) -> Vec<&'static str> {
        parse(src).1.iter().map(|d| d.code).collect()
    }

    /// The stack of a WebAssembly instance: 1 MiB. Unoptimized builds (`target/debug`)
    /// spend several times more stack per call, so there the bound is checked with more
    /// room; the optimized test profile checks the real figure.
    fn small_stack() -> usize {
        let unoptimized =
            std::env::current_exe().is_ok_and(|p| p.components().any(|c| c.as_os_str() == "debug"));
        if unoptimized { 8 << 20 } else { 1 << 20 }
    }

    /// Parses on a thread with a small stack, as WebAssembly has.
    fn codes_small_stack(src: String) -> Vec<&'static str> {
        std::thread::Builder::new()
            .stack_size(small_stack())
            .spawn(move || codes(&src))
            .unwrap()
            .join()
            .unwrap()
    }

    #[test]
    fn the_whole_grammar() {
        let m = ok(r#"
            enable f16, subgroups,;
            requires readonly_and_readwrite_storage_textures;
            diagnostic(off, derivative_uniformity);
            alias A = array<vec4<f32>, 4>;
            struct S { @size(16) a: f32, @location(0) @interpolate(flat, either) b: vec2i, }
            const c: i32 = 1;
            override o: f32;
            @id(3) override p = 2.0;
            @group(0) @binding(1) var<storage, read_write> buf: array<u32>;
            var<private> q = 0u;
            const_assert c == 1;
            @must_use fn helper(x: ptr<function, i32>) -> i32 { return *x; }
            @compute @workgroup_size(8, 8, 1) @diagnostic(warning, chromium.unreachable_code)
            fn main(@builtin(global_invocation_id) id: vec3<u32>) @diagnostic(off, derivative_uniformity) {
                var v: i32;
                let w = v;
                const k = 2;
                v = 1; v += 2; v <<= 1u; v >>= 1u; v++; v--;
                _ = helper(&v);
                helper(&v);
                if v > 0 { } else if v < 0 { } else { }
                switch v { case 1, 2, default: { } case 3 { } }
                loop { if v > 10 { break; } continuing { v++; break if v > 5; } }
                for (var i = 0; i < 4; i++) { continue; }
                for (;;) { break; }
                while v < 100 { v *= 2; }
                { ; }
                @diagnostic(off, derivative_uniformity) { }
                const_assert k == 2;
                (*(&v)) = 3;
                buf[0] = u32(v);
                return;
            }
            @fragment fn fs() -> @location(0) vec4<f32> { discard; }
        "#);
        assert_eq!(m.directives.len(), 3);
        assert_eq!(m.decls.len(), 11);
        let GlobalDeclKind::Fn(main) = &m.decls[9].kind else {
            panic!()
        };
        assert_eq!(main.attributes.len(), 3);
        assert!(
            matches!(main.attributes[2].kind, AttributeKind::Diagnostic(c) if c.rule_suffix.is_some())
        );
        assert_eq!(main.body.attributes.len(), 1);
        assert_eq!(main.body.stmts.len(), 23);
        let GlobalDeclKind::Var(buf) = &m.decls[5].kind else {
            panic!()
        };
        assert_eq!(buf.template_args.len(), 2);
    }

    #[test]
    fn spans_cover_their_nodes() {
        let src = "fn f() { let x = a + b * c; }";
        let m = ok(src);
        let GlobalDeclKind::Fn(f) = &m.decls[0].kind else {
            panic!()
        };
        let text = |s: Span| &src[s.range()];
        assert_eq!(text(m.decls[0].span), src);
        assert_eq!(text(f.body.span), "{ let x = a + b * c; }");
        let stmt = m.stmt(f.body.stmts[0]);
        assert_eq!(text(stmt.span), "let x = a + b * c;");
        let StmtKind::Let(v) = &stmt.kind else {
            panic!()
        };
        assert_eq!(text(m.expr(v.init).span), "a + b * c");
        let ExprKind::Binary { rhs, .. } = m.expr(v.init).kind else {
            panic!()
        };
        assert_eq!(text(m.expr(rhs).span), "b * c");
        assert_eq!(text(v.name.span), "x");
    }

    #[test]
    fn one_error_per_mistake() {
        // Three independent mistakes, three diagnostics.
        let src = "
            fn a() { let x = ; let y = 1; }
            fn b() { var z = 1 var w = 2; }
            struct S { a: f32 b: f32 }
            fn c() { return 1 }
        ";
        assert_eq!(codes(src), vec!["E0203", "E0201", "E0200", "E0201"]);
        // A missing `}` is one error, and the next function is still parsed.
        let (m, d) = parse("fn a() { let x = 1;\nfn b() { let y = 2; }");
        assert_eq!(d.len(), 1);
        assert_eq!(m.decls.len(), 2);
        // Garbage lines are skipped up to the next statement.
        assert_eq!(
            codes("fn a() {\n  ) ) )\n  let x = 1;\n  let y = ;\n}"),
            vec!["E0215", "E0203"]
        );
    }

    #[test]
    fn continuing_and_break_if_placement() {
        assert_eq!(codes("fn f() { loop { break if true; } }"), vec!["E0213"]);
        assert_eq!(
            codes("fn f() { loop { continuing { break if true; let x = 1; } } }"),
            vec!["E0213"]
        );
        assert_eq!(
            codes("fn f() { loop { continuing { } let x = 1; } }"),
            vec!["E0224"]
        );
        assert_eq!(codes("fn f() { continuing { } }"), vec!["E0224"]);
        assert_eq!(codes("fn f() { loop { } else { } }"), vec!["E0223"]);
    }

    #[test]
    fn nesting_is_bounded_without_overflowing_the_stack() {
        let n = 100_000;
        let deep = [
            format!("const x = {}1{};", "(".repeat(n), ")".repeat(n)),
            format!("const x = {}1;", "-".repeat(n)),
            format!("const x = {}1;", "!~".repeat(n)),
            format!("const x = {}1;", "1 + ".repeat(n)),
            format!("const x = a{};", ".b".repeat(n)),
            format!("const x = {}0{};", "a[".repeat(n), "]".repeat(n)),
            format!("alias T = {}f32{};", "array<".repeat(n), ">".repeat(n)),
            format!("fn f() {{ {}{} }}", "{".repeat(n), "}".repeat(n)),
            format!("fn f() {{ if a {{}} {} }}", "else if a {} ".repeat(n)),
            format!("fn f() {{ {} }}", "loop { ".repeat(n)),
            format!("const x = f({}1{});", "f(".repeat(n), ")".repeat(n)),
        ];
        for src in deep {
            let got = codes_small_stack(src.clone());
            let head = &src[..40.min(src.len())];
            assert!(got.contains(&"E0208"), "{head}…: no E0208");
            assert!(
                got.len() <= 2,
                "{head}…: {} diagnostics: {:?}…",
                got.len(),
                &got[..got.len().min(5)]
            );
        }
        // The spec's 127 nested braces, with an expression inside, are fine.
        let braces = format!(
            "fn f() {{ {} let x = ((((1)))) + 2; {} }}",
            "{".repeat(127),
            "}".repeat(127)
        );
        assert!(codes_small_stack(braces).is_empty());
        const { assert!(MAX_NESTING_DEPTH >= 2 * 127) };
    }

    #[test]
    fn the_deepest_accepted_trees_print_and_format_on_a_small_stack() {
        // The most nested parentheses that parse, then the same inside 100 nested blocks.
        let parens = |n: usize| format!("{}1{}", "(".repeat(n), ")".repeat(n));
        let accepted = (1..MAX_NESTING_DEPTH)
            .rev()
            .find(|&n| parse(&format!("const x = {};", parens(n))).1.is_empty())
            .unwrap();
        assert!(accepted >= 120, "only {accepted} nested parentheses parse");
        let in_blocks = format!(
            "fn f() {{ {} let x = {}; {} }}",
            "{".repeat(100),
            parens(70),
            "}".repeat(100)
        );
        for src in [format!("const x = {};", parens(accepted)), in_blocks] {
            std::thread::Builder::new()
                .stack_size(small_stack())
                .spawn(move || {
                    let (m, d) = parse(&src);
                    assert!(d.is_empty(), "{:?}", d.first());
                    let printed = crate::syntax::print(&m);
                    let json = crate::syntax::ast_to_json(&m);
                    let formatted = crate::syntax::format(&src).unwrap();
                    assert!(!printed.is_empty() && !json.is_empty() && !formatted.is_empty());
                })
                .unwrap()
                .join()
                .expect("no stack overflow");
        }
    }

    #[test]
    fn directives_come_first() {
        assert_eq!(codes("const x = 1;\nenable f16;"), vec!["E0212"]);
        let m = ok("enable f16;\ndiagnostic(off, derivative_uniformity);\nconst x = 1h;");
        assert_eq!(m.directives.len(), 2);
    }

    #[test]
    fn statement_forms_need_their_shapes() {
        assert_eq!(codes("fn f() { a + 1; }"), vec!["E0215"]);
        assert_eq!(codes("fn f() { 1 = 2; }"), vec!["E0214"]);
        assert_eq!(codes("fn f() { -a = 2; }"), vec!["E0214"]);
        assert_eq!(codes("fn f() { (a + b) = 2; }"), vec!["E0214"]);
        assert_eq!(codes("fn f() { _ += 2; }"), vec!["E0200"]);
        assert_eq!(
            codes("fn f() { @diagnostic(off, x) let y = 1; }"),
            vec!["E0220"]
        );
        assert!(codes("fn f() { (*p).x = 2; f().y = 1; a[0].b++; }").is_empty());
        assert_eq!(codes("fn f() { let x; }"), vec!["E0219"]);
        assert_eq!(codes("fn f() { if x return; }"), vec!["E0222"]);
    }
}
