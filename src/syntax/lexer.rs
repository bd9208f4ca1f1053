//! The lexer: source text to tokens, comments and lexical diagnostics, in one pass.
//!
//! Rules:
//! - **Longest match**, as the spec's tokenization does, with one exception the spec
//!   itself makes: a `<` or `>` that template-list discovery marks as a template-list
//!   delimiter is a one-character token of its own ([`TokenKind::TemplateArgsStart`],
//!   [`TokenKind::TemplateArgsEnd`]), so `array<vec4<f32>>` ends in two `>` tokens and
//!   `vec2<f32>=v` in `>` and `=`.
//! - **Template-list discovery runs interleaved with lexing** (`Discovery`). It is the
//!   spec's algorithm (§"Template Lists") step for step, on the same code points: it walks
//!   the punctuation inside and between tokens itself, so lookaheads that reach into the
//!   next token (`a<b<=c`, `<==`) behave exactly as the spec says. A `<` is only known to
//!   start a template list when its `>` is found, so candidate `<` tokens are patched in
//!   place then.
//! - **Comments** become no tokens; each is recorded in [`Lexed::comments`] for the
//!   formatter. Block comments nest.
//! - **Blankspace** is the spec's Pattern_White_Space set, including U+0085, U+200E,
//!   U+200F, U+2028 and U+2029.
//! - **Errors never stop lexing.** A character that starts no token is reported and
//!   skipped (one diagnostic per run of them); reserved words and names starting with `__`
//!   are reported and lexed as identifiers, so the parser carries on undisturbed. Numeric
//!   literal values are checked by the parser when it builds them ([`super::literal`]).

use super::ast::{Comment, CommentKind};
use super::literal::{NumberKind, scan_number};
use super::token::{Token, TokenKind, is_reserved, may_be_keyword_or_reserved};
use crate::diag::{Diagnostic, Span, codes};
use crate::util::{Interner, Symbol};

/// The lexer's output. `tokens` always ends with one [`TokenKind::Eof`].
pub struct Lexed {
    pub tokens: Vec<Token>,
    pub comments: Vec<Comment>,
    pub diagnostics: Vec<Diagnostic>,
    /// Every name met, interned; identifier tokens carry their symbol.
    pub symbols: Interner,
    /// Sorted start positions of tokens that directly follow a lexical error (and the end
    /// of the file after an unterminated comment). A parse error there would only repeat
    /// the lexical one, so the parser stays quiet about it.
    pub quiet: Vec<u32>,
}

/// Tokenizes a whole source text.
pub fn lex(source: &str) -> Lexed {
    let mut lexer = Lexer {
        src: source,
        bytes: source.as_bytes(),
        pos: 0,
        // Corpus files average one token per 3.5 to 4.5 bytes.
        tokens: Vec::with_capacity(source.len() / 3 + 16),
        comments: Vec::new(),
        diagnostics: Vec::new(),
        discovery: Discovery::default(),
        // The example renderer (36 KB) has one distinct name per 75 bytes, most of them
        // under 16 bytes long.
        symbols: Interner::with_capacity(source.len() / 64 + 16, source.len() / 8 + 64),
        classes: Vec::with_capacity(source.len() / 64 + 16),
        quiet: Vec::new(),
        quiet_next: false,
    };
    lexer.run();
    Lexed {
        tokens: lexer.tokens,
        comments: lexer.comments,
        diagnostics: lexer.diagnostics,
        symbols: lexer.symbols,
        quiet: lexer.quiet,
    }
}

/// What a name is, decided once per distinct name.
#[derive(Clone, Copy, PartialEq, Eq)]
enum NameClass {
    Unknown,
    Keyword(TokenKind),
    Ident,
    Reserved,
    DoubleUnderscore,
}

struct Lexer<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
    tokens: Vec<Token>,
    comments: Vec<Comment>,
    diagnostics: Vec<Diagnostic>,
    discovery: Discovery,
    symbols: Interner,
    /// The class of each symbol, by symbol index.
    classes: Vec<NameClass>,
    quiet: Vec<u32>,
    /// A lexical error was just reported: the next token goes in `quiet`.
    quiet_next: bool,
}

/// True for the code points of WGSL blankspace (spec §"Blankspace and Line Breaks").
pub fn is_blankspace(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t'
            | '\n'
            | '\u{0B}'
            | '\u{0C}'
            | '\r'
            | '\u{85}'
            | '\u{200E}'
            | '\u{200F}'
            | '\u{2028}'
            | '\u{2029}'
    )
}

/// True for the code points that end a line comment (the spec's line breaks).
fn is_line_break(c: char) -> bool {
    matches!(
        c,
        '\n' | '\u{0B}' | '\u{0C}' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}'
    )
}

impl<'a> Lexer<'a> {
    fn run(&mut self) {
        if self.src.starts_with('\u{FEFF}') {
            self.diagnostics.push(
                Diagnostic::error(
                    codes::BYTE_ORDER_MARK,
                    "the source starts with a byte order mark",
                )
                .with_primary(Span::new(0, 3), "remove this invisible character")
                .with_note("WGSL source is UTF-8 without a byte order mark"),
            );
            self.pos = 3;
        }
        let mut invalid_run: Option<usize> = None;
        while self.pos < self.bytes.len() {
            let start = self.pos;
            let b = self.bytes[start];
            let handled = if b < 0x80 {
                self.lex_ascii(b)
            } else {
                self.lex_non_ascii()
            };
            if handled {
                if let Some(run_start) = invalid_run.take() {
                    self.report_invalid(run_start, start);
                }
            } else {
                // `lex_*` did not consume the character: it starts no token.
                invalid_run.get_or_insert(start);
                self.pos = start + self.char_len_at(start);
                // To template-list discovery this is one more code point to step past.
                self.discovery.after_ident = false;
            }
        }
        if let Some(run_start) = invalid_run {
            self.report_invalid(run_start, self.bytes.len());
        }
        let end = self.bytes.len() as u32;
        if self.quiet_next {
            self.quiet.push(end);
        }
        self.tokens.push(Token {
            kind: TokenKind::Eof,
            start: end,
            end,
            sym: None,
        });
    }

    fn char_len_at(&self, i: usize) -> usize {
        match self.bytes[i] {
            b if b < 0x80 => 1,
            b if b >= 0xF0 => 4,
            b if b >= 0xE0 => 3,
            _ => 2,
        }
    }

    fn char_at(&self, i: usize) -> char {
        self.src[i..].chars().next().unwrap_or('\0')
    }

    fn report_invalid(&mut self, start: usize, end: usize) {
        let text = &self.src[start..end];
        let first = text.chars().next().unwrap_or('\0');
        let shown = if first == '\0' {
            "the null character".to_string()
        } else if first.is_control() || first.is_whitespace() {
            format!("U+{:04X}", first as u32)
        } else {
            format!("`{first}`")
        };
        let count = text.chars().count();
        let message = if count == 1 {
            format!("unexpected character {shown}")
        } else {
            format!("unexpected characters starting with {shown}")
        };
        self.quiet_next = true;
        let mut d = Diagnostic::error(codes::INVALID_CHARACTER, message).with_primary(
            Span::from_range(start..end),
            if count == 1 {
                "this character is not part of WGSL"
            } else {
                "these characters are not part of WGSL"
            },
        );
        d = match first {
            '#' => d.with_note("WGSL has no preprocessor; `#` directives are not supported"),
            '"' | '\'' => d.with_note("WGSL has no string or character literals"),
            '?' => d.with_note("WGSL has no `?:` operator; use the `select(f, t, cond)` builtin"),
            '\0' => d.with_note("WGSL source must not contain null characters"),
            _ => d,
        };
        self.diagnostics.push(d);
    }

    fn push(&mut self, kind: TokenKind, start: usize, end: usize) {
        self.push_name(kind, start, end, None);
    }

    fn push_name(&mut self, kind: TokenKind, start: usize, end: usize, sym: Option<Symbol>) {
        let index = self.tokens.len();
        if std::mem::take(&mut self.quiet_next) {
            self.quiet.push(start as u32);
        }
        self.tokens.push(Token {
            kind,
            start: start as u32,
            end: end as u32,
            sym,
        });
        self.pos = end;
        self.discovery
            .after_token(self.bytes, &mut self.tokens, index, kind);
    }

    /// Lexes the token (or blankspace or comment) at `self.pos`, whose first byte is the
    /// ASCII `b`. Returns false, consuming nothing, if `b` starts no token.
    fn lex_ascii(&mut self, b: u8) -> bool {
        let start = self.pos;
        let at = |i: usize| self.bytes.get(i).copied().unwrap_or(0);
        let next = at(start + 1);
        use TokenKind::*;
        let (kind, len) = match b {
            b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r' => {
                self.pos += 1;
                return true;
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                self.lex_ident(start, 1);
                return true;
            }
            b'0'..=b'9' => {
                self.lex_number(start);
                return true;
            }
            b'.' if next.is_ascii_digit() => {
                self.lex_number(start);
                return true;
            }
            b'/' if next == b'/' => {
                self.lex_line_comment(start);
                return true;
            }
            b'/' if next == b'*' => {
                self.lex_block_comment(start);
                return true;
            }
            b'>' => {
                if self.discovery.closes_template_at(start) {
                    self.push(TemplateArgsEnd, start, start + 1);
                    return true;
                }
                match (next, at(start + 2)) {
                    (b'>', b'=') => (ShiftRightEqual, 3),
                    (b'>', _) => (ShiftRight, 2),
                    (b'=', _) => (GreaterEqual, 2),
                    _ => (Greater, 1),
                }
            }
            b'<' => match (next, at(start + 2)) {
                (b'<', b'=') => (ShiftLeftEqual, 3),
                (b'<', _) => (ShiftLeft, 2),
                (b'=', _) => (LessEqual, 2),
                _ => (Less, 1),
            },
            b'-' => match next {
                // The `>` of `->` may end a template list, as the spec's discovery treats
                // it like any other `>`.
                b'>' if !self.discovery.closes_template_at(start + 1) => (Arrow, 2),
                b'-' => (MinusMinus, 2),
                b'=' => (MinusEqual, 2),
                _ => (Minus, 1),
            },
            b'&' => match next {
                b'&' => (AndAnd, 2),
                b'=' => (AndEqual, 2),
                _ => (And, 1),
            },
            b'|' => match next {
                b'|' => (OrOr, 2),
                b'=' => (OrEqual, 2),
                _ => (Or, 1),
            },
            b'=' => match next {
                b'=' => (EqualEqual, 2),
                _ => (Equal, 1),
            },
            b'!' => match next {
                b'=' => (NotEqual, 2),
                _ => (Bang, 1),
            },
            b'+' => match next {
                b'+' => (PlusPlus, 2),
                b'=' => (PlusEqual, 2),
                _ => (Plus, 1),
            },
            b'*' => match next {
                b'=' => (StarEqual, 2),
                _ => (Star, 1),
            },
            b'/' => match next {
                b'=' => (SlashEqual, 2),
                _ => (Slash, 1),
            },
            b'%' => match next {
                b'=' => (PercentEqual, 2),
                _ => (Percent, 1),
            },
            b'^' => match next {
                b'=' => (XorEqual, 2),
                _ => (Xor, 1),
            },
            b'@' => (At, 1),
            b'[' => (LBracket, 1),
            b']' => (RBracket, 1),
            b'{' => (LBrace, 1),
            b'}' => (RBrace, 1),
            b'(' => (LParen, 1),
            b')' => (RParen, 1),
            b':' => (Colon, 1),
            b';' => (Semicolon, 1),
            b',' => (Comma, 1),
            b'.' => (Period, 1),
            b'~' => (Tilde, 1),
            _ => return false,
        };
        self.push(kind, start, start + len);
        true
    }

    fn lex_non_ascii(&mut self) -> bool {
        let start = self.pos;
        let c = self.char_at(start);
        if is_blankspace(c) {
            self.pos += c.len_utf8();
            true
        } else if unicode_ident::is_xid_start(c) {
            self.lex_ident(start, c.len_utf8());
            true
        } else {
            false
        }
    }

    /// An identifier, keyword or reserved word; or `_` alone.
    /// `first_len` is the byte length of the first character.
    fn lex_ident(&mut self, start: usize, first_len: usize) {
        let bytes = self.bytes;
        let mut i = start + first_len;
        loop {
            match bytes.get(i) {
                Some(b) if b.is_ascii_alphanumeric() || *b == b'_' => i += 1,
                Some(b) if *b >= 0x80 => {
                    let c = self.char_at(i);
                    if unicode_ident::is_xid_continue(c) {
                        i += c.len_utf8();
                    } else {
                        break;
                    }
                }
                _ => break,
            }
        }
        if i == start + 1 && bytes[start] == b'_' {
            self.push(TokenKind::Underscore, start, i);
            return;
        }
        let text = &self.src[start..i];
        let sym = self.symbols.intern(text);
        if self.classes.len() <= sym.index() {
            self.classes.resize(sym.index() + 1, NameClass::Unknown);
        }
        let class = match self.classes[sym.index()] {
            NameClass::Unknown => {
                let class = classify(text);
                self.classes[sym.index()] = class;
                class
            }
            known => known,
        };
        let kind = match class {
            NameClass::Keyword(kind) => kind,
            NameClass::Reserved => {
                self.diagnostics.push(
                    Diagnostic::error(codes::RESERVED_WORD, format!("`{text}` is a reserved word"))
                        .with_primary(Span::from_range(start..i), "reserved for future use")
                        .with_note("WGSL reserves this word; choose another name"),
                );
                TokenKind::Ident
            }
            NameClass::DoubleUnderscore => {
                self.diagnostics.push(
                    Diagnostic::error(
                        codes::DOUBLE_UNDERSCORE,
                        format!("`{text}` starts with two underscores"),
                    )
                    .with_primary(Span::from_range(start..i), "names cannot start with `__`")
                    .with_note("WGSL reserves names starting with `__` for itself"),
                );
                TokenKind::Ident
            }
            NameClass::Ident | NameClass::Unknown => TokenKind::Ident,
        };
        self.push_name(kind, start, i, Some(sym));
    }

    fn lex_number(&mut self, start: usize) {
        let (end, kind) = scan_number(self.bytes, start);
        let kind = match kind {
            NumberKind::Int => TokenKind::IntLiteral,
            NumberKind::Float => TokenKind::FloatLiteral,
        };
        self.push(kind, start, end);
    }

    fn lex_line_comment(&mut self, start: usize) {
        let mut end = self.bytes.len();
        for (offset, c) in self.src[start + 2..].char_indices() {
            if is_line_break(c) {
                end = start + 2 + offset;
                break;
            }
        }
        self.comments.push(Comment {
            kind: CommentKind::Line,
            span: Span::from_range(start..end),
        });
        self.pos = end;
    }

    fn lex_block_comment(&mut self, start: usize) {
        let bytes = self.bytes;
        let mut depth = 1usize;
        let mut nested = false;
        let mut i = start + 2;
        while i < bytes.len() {
            match (bytes[i], bytes.get(i + 1)) {
                (b'/', Some(b'*')) => {
                    depth += 1;
                    nested = true;
                    i += 2;
                }
                (b'*', Some(b'/')) => {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                }
                _ => i += 1,
            }
        }
        if depth > 0 {
            i = bytes.len();
            self.diagnostics.push(
                Diagnostic::error(codes::UNTERMINATED_COMMENT, "unterminated block comment")
                    .with_primary(
                        Span::from_range(start..start + 2),
                        "this comment never ends",
                    )
                    .with_note(if nested {
                        "block comments nest: every `/*` inside a comment needs its own `*/`"
                    } else {
                        "close it with `*/`"
                    }),
            );
            // Everything after was swallowed: an unclosed `{` at the end is no news.
            self.quiet_next = true;
        }
        self.comments.push(Comment {
            kind: CommentKind::Block,
            span: Span::from_range(start..i),
        });
        self.pos = i;
    }
}

/// What a name is: a keyword, a reserved word, a name starting with `__`, or a plain
/// identifier.
fn classify(text: &str) -> NameClass {
    // No keyword or reserved word starts with `__`, so this test may come first.
    if text.starts_with("__") {
        NameClass::DoubleUnderscore
    } else if !may_be_keyword_or_reserved(text) {
        NameClass::Ident
    } else if let Some(kind) = TokenKind::keyword(text) {
        NameClass::Keyword(kind)
    } else if is_reserved(text) {
        NameClass::Reserved
    } else {
        NameClass::Ident
    }
}

/// Template-list discovery (spec §"Template Lists"), run on the code points the lexer has
/// consumed so far.
///
/// The spec's algorithm walks code points with a cursor. Names, literals, comments and
/// blankspace are whole units to it, exactly as they are to the lexer, so this walks them
/// token by token; punctuation it walks byte by byte with the spec's own lookaheads. When
/// a lookahead consumes a byte of the next token (the second `=` of `<==`), `skip_to`
/// remembers it, so the next token's walk starts after it.
#[derive(Default)]
struct Discovery {
    /// Unclosed candidates: the token index of a `<` and the nesting depth there.
    pending: Vec<(u32, u32)>,
    depth: u32,
    /// The previous token matched `ident_pattern_token` (blankspace and comments between
    /// do not matter), so a `<` now is a candidate.
    after_ident: bool,
    /// Bytes before this position were consumed by a lookahead.
    skip_to: usize,
}

impl Discovery {
    /// Whether a `>` at byte `pos` ends a template list.
    fn closes_template_at(&self, pos: usize) -> bool {
        pos >= self.skip_to
            && matches!(self.pending.last(), Some(&(_, depth)) if depth == self.depth)
    }

    fn clear(&mut self) {
        self.depth = 0;
        self.pending.clear();
    }

    /// Pops the candidates at the current nesting depth or deeper.
    fn pop_to_depth(&mut self) {
        while matches!(self.pending.last(), Some(&(_, d)) if d >= self.depth) {
            self.pending.pop();
        }
    }

    /// Feeds the token just pushed at `index`.
    fn after_token(&mut self, src: &[u8], tokens: &mut [Token], index: usize, kind: TokenKind) {
        let token = tokens[index];
        if kind == TokenKind::TemplateArgsEnd {
            if let Some((start, _)) = self.pending.pop() {
                tokens[start as usize].kind = TokenKind::TemplateArgsStart;
            }
            self.skip_to = token.end as usize;
            self.after_ident = false;
            return;
        }
        if kind.matches_ident_pattern() {
            self.after_ident = true;
            return;
        }
        if kind.is_literal() || kind == TokenKind::Underscore {
            // `_` alone is not an `ident_pattern_token`; to the algorithm it is one more
            // code point to step past.
            self.after_ident = false;
            return;
        }
        let mut i = (token.start as usize).max(self.skip_to);
        let end = token.end as usize;
        let at = |i: usize| src.get(i).copied().unwrap_or(0);
        while i < end {
            let after_ident = std::mem::take(&mut self.after_ident);
            match src[i] {
                b'<' if after_ident => {
                    self.pending.push((index as u32, self.depth));
                    if matches!(at(i + 1), b'<' | b'=') {
                        // `<<` or `<=`: not a template list after all.
                        self.pending.pop();
                        i += 2;
                    } else {
                        i += 1;
                    }
                }
                b'>' => {
                    // Reached only when the `>` ends no template list (the lexer asks
                    // `closes_template_at` first); `>=` is a comparison.
                    i += if at(i + 1) == b'=' { 2 } else { 1 };
                }
                b'(' | b'[' => {
                    self.depth += 1;
                    i += 1;
                }
                b')' | b']' => {
                    self.pop_to_depth();
                    self.depth = self.depth.saturating_sub(1);
                    i += 1;
                }
                b'!' => i += if at(i + 1) == b'=' { 2 } else { 1 },
                b'=' => {
                    if at(i + 1) == b'=' {
                        i += 2;
                    } else {
                        // An assignment: no template list spans it.
                        self.clear();
                        i += 1;
                    }
                }
                b';' | b'{' | b':' => {
                    self.clear();
                    i += 1;
                }
                b'&' if at(i + 1) == b'&' => {
                    self.pop_to_depth();
                    i += 2;
                }
                b'|' if at(i + 1) == b'|' => {
                    self.pop_to_depth();
                    i += 2;
                }
                _ => i += 1,
            }
        }
        self.skip_to = i;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<TokenKind> {
        let lexed = lex(src);
        assert!(
            lexed.diagnostics.is_empty(),
            "{src}: {:?}",
            lexed.diagnostics
        );
        let mut k: Vec<_> = lexed.tokens.iter().map(|t| t.kind).collect();
        assert_eq!(k.pop(), Some(TokenKind::Eof));
        k
    }

    /// The source with every template delimiter shown as `{` and `}`.
    fn templates(src: &str) -> String {
        let lexed = lex(src);
        let mut out = src.to_string().into_bytes();
        for t in &lexed.tokens {
            match t.kind {
                TokenKind::TemplateArgsStart => out[t.start as usize] = b'{',
                TokenKind::TemplateArgsEnd => out[t.start as usize] = b'}',
                _ => {}
            }
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn template_discovery_spec_notes() {
        // Examples from the notes of spec §"Template Lists".
        assert_eq!(
            templates("A ( B < C, D > ( E ) )"),
            "A ( B { C, D } ( E ) )"
        );
        assert_eq!(
            templates("array<i32,select(2,3,a>b)>"),
            "array{i32,select(2,3,a>b)}"
        );
        assert_eq!(templates("a[b<d]>()"), "a[b<d]>()");
        assert_eq!(templates("A<B<<C>"), "A{B<<C}");
        assert_eq!(templates("A<B<=C>"), "A{B<=C}");
        assert_eq!(templates("A<(B>=C)>"), "A{(B>=C)}");
        assert_eq!(templates("A<(B!=C)>"), "A{(B!=C)}");
        assert_eq!(templates("A<(B==C)>"), "A{(B==C)}");
        assert_eq!(templates("a<b || c>d"), "a<b || c>d");
        assert_eq!(templates("vec3<f32>"), "vec3{f32}");
        assert_eq!(
            templates("var<storage,read_write>"),
            "var{storage,read_write}"
        );
        assert_eq!(templates("array<vec4<f32>>"), "array{vec4{f32}}");
    }

    #[test]
    fn template_discovery_with_blankspace_and_comments() {
        // Blankspace does not matter: `a < b > (c)` is a templated call like `a<b>(c)`.
        assert_eq!(templates("a<b>(c)"), "a{b}(c)");
        assert_eq!(templates("a < b > (c)"), "a { b } (c)");
        assert_eq!(templates("a /* x */ < b>"), "a /* x */ { b}");
        // Comparisons separated by `;`, `{`, `:`, `=` or `&&` never form a list.
        assert_eq!(templates("x = a < b; y = c > d;"), "x = a < b; y = c > d;");
        assert_eq!(templates("if a < b { c > d; }"), "if a < b { c > d; }");
        assert_eq!(templates("a<b && c>d"), "a<b && c>d");
        // Literals are skipped: `1<a>` has no name before the `<`.
        assert_eq!(templates("1<a>2"), "1<a>2");
        assert_eq!(templates("true<a>"), "true<a>");
        assert_eq!(templates("1.0f<x>"), "1.0f<x>");
    }

    #[test]
    fn template_ends_split_compound_tokens() {
        use TokenKind::*;
        assert_eq!(
            kinds("array<vec4<f32>>"),
            vec![
                Ident,
                TemplateArgsStart,
                Ident,
                TemplateArgsStart,
                Ident,
                TemplateArgsEnd,
                TemplateArgsEnd
            ]
        );
        assert_eq!(
            kinds("x: vec2<f32>=v"),
            vec![
                Ident,
                Colon,
                Ident,
                TemplateArgsStart,
                Ident,
                TemplateArgsEnd,
                Equal,
                Ident
            ]
        );
        assert_eq!(kinds("a >>= b"), vec![Ident, ShiftRightEqual, Ident]);
        assert_eq!(kinds("a << b"), vec![Ident, ShiftLeft, Ident]);
        assert_eq!(kinds("a <= b"), vec![Ident, LessEqual, Ident]);
        assert_eq!(kinds("-> i32"), vec![Arrow, Ident]);
    }

    #[test]
    fn lookahead_into_the_next_token() {
        // `x<=` after a name: `<` pushes and pops, and the `=` is skipped. The later `>`
        // closes nothing.
        assert_eq!(templates("f(x<=y, z>w)"), "f(x<=y, z>w)");
        // Without a name before it, `<=`'s `=` reads as an assignment and clears the
        // pending `a<`, so the `>` closes nothing.
        assert_eq!(templates("a<(1)<=2>"), "a<(1)<=2>");
        // `(1)<==2`: the `=` of `<=` and the next `=` form `==`, which clears nothing.
        assert_eq!(templates("a<(1)<==2>"), "a{(1)<==2}");
    }

    #[test]
    fn comments_are_recorded_and_nest() {
        let lexed = lex("a // one\n/* two /* three */ still two */ b");
        assert!(lexed.diagnostics.is_empty());
        assert_eq!(lexed.comments.len(), 2);
        assert_eq!(lexed.comments[0].span, Span::new(2, 8));
        assert_eq!(lexed.comments[1].kind, CommentKind::Block);
        assert_eq!(lexed.tokens.len(), 3);
        let lexed = lex("a /* /* */ b");
        assert_eq!(lexed.diagnostics[0].code, codes::UNTERMINATED_COMMENT);
    }

    #[test]
    fn every_blankspace_and_line_break() {
        let src = "a\u{85}b\u{200E}c\u{200F}d\u{2028}e\u{2029}f\u{0B}g\u{0C}h\ri\r\nj\tk";
        let lexed = lex(src);
        assert!(lexed.diagnostics.is_empty());
        assert_eq!(lexed.tokens.len(), 12);
        // A line comment ends at any line break.
        let lexed = lex("// c\u{2028}x");
        assert_eq!(lexed.tokens[0].kind, TokenKind::Ident);
    }

    #[test]
    fn unicode_identifiers() {
        for name in [
            "Δέλτα",
            "réflexion",
            "Кызыл",
            "𐰓𐰏𐰇",
            "朝焼け",
            "سلام",
            "검정",
            "שָׁלוֹם",
            "गुलाबी",
            "փիրուզ",
        ] {
            assert_eq!(kinds(name), vec![TokenKind::Ident], "{name}");
        }
        assert_eq!(kinds("_a1"), vec![TokenKind::Ident]);
        assert_eq!(kinds("_"), vec![TokenKind::Underscore]);
    }

    #[test]
    fn reserved_words_and_double_underscores_are_reported() {
        let lexed = lex("let class = __x;");
        let codes: Vec<_> = lexed.diagnostics.iter().map(|d| d.code).collect();
        assert_eq!(codes, vec![codes::RESERVED_WORD, codes::DOUBLE_UNDERSCORE]);
        assert_eq!(lexed.tokens[1].kind, TokenKind::Ident);
    }

    #[test]
    fn invalid_characters_are_reported_once_per_run() {
        let lexed = lex("let x = 1 $$$ 2; #include");
        assert_eq!(lexed.diagnostics.len(), 2);
        assert_eq!(lexed.diagnostics[0].primary_span(), Some(Span::new(10, 13)));
        assert!(lexed.diagnostics[1].notes[0].contains("preprocessor"));
    }
}
