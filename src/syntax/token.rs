//! Tokens: what the lexer hands the parser.
//!
//! A token is a kind, a byte range and, for names, the interned symbol: sixteen bytes, no
//! allocation. Literals are read back from the source text through the range when the
//! parser needs them, so lexing allocates only the token vector and one entry per distinct
//! name.
//!
//! Two kinds have no spelling of their own: [`TokenKind::TemplateArgsStart`] and
//! [`TokenKind::TemplateArgsEnd`] are the `<` and `>` that template-list discovery (spec
//! §"Template Lists") found to delimit a template list. Every other `<` and `>` is an
//! operator.

use crate::diag::Span;
use crate::util::Symbol;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub start: u32,
    pub end: u32,
    /// The interned text of an identifier (and of keywords, which are interned as they are
    /// classified); `None` for other tokens.
    pub sym: Option<Symbol>,
}

impl Token {
    pub fn span(self) -> Span {
        Span::new(self.start, self.end)
    }
}

/// Declares [`TokenKind`] with the spelling of every fixed-spelling kind.
macro_rules! token_kinds {
    ($($(#[$meta:meta])* $kind:ident => $text:literal,)*) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[repr(u8)]
        pub enum TokenKind {
            $($(#[$meta])* $kind,)*
        }

        impl TokenKind {
            /// How the token is spelled, or a description for kinds without a fixed
            /// spelling (`identifier`, `integer literal`, `end of file`).
            pub fn text(self) -> &'static str {
                match self {
                    $(TokenKind::$kind => $text,)*
                }
            }
        }
    };
}

token_kinds! {
    // Names and literals.
    Ident => "identifier",
    IntLiteral => "integer literal",
    FloatLiteral => "floating point literal",
    True => "true",
    False => "false",

    // Keywords (spec §"Keyword Summary").
    Alias => "alias",
    Break => "break",
    Case => "case",
    Const => "const",
    ConstAssert => "const_assert",
    Continue => "continue",
    Continuing => "continuing",
    Default => "default",
    Diagnostic => "diagnostic",
    Discard => "discard",
    Else => "else",
    Enable => "enable",
    Fn => "fn",
    For => "for",
    If => "if",
    Let => "let",
    Loop => "loop",
    Override => "override",
    Requires => "requires",
    Return => "return",
    Struct => "struct",
    Switch => "switch",
    Var => "var",
    While => "while",

    // Syntactic tokens (spec §"Syntactic Tokens").
    And => "&",
    AndAnd => "&&",
    Arrow => "->",
    At => "@",
    Slash => "/",
    Bang => "!",
    LBracket => "[",
    RBracket => "]",
    LBrace => "{",
    RBrace => "}",
    Colon => ":",
    Comma => ",",
    Equal => "=",
    EqualEqual => "==",
    NotEqual => "!=",
    Greater => ">",
    GreaterEqual => ">=",
    ShiftRight => ">>",
    Less => "<",
    LessEqual => "<=",
    ShiftLeft => "<<",
    Percent => "%",
    Minus => "-",
    MinusMinus => "--",
    Period => ".",
    Plus => "+",
    PlusPlus => "++",
    Or => "|",
    OrOr => "||",
    LParen => "(",
    RParen => ")",
    Semicolon => ";",
    Star => "*",
    Tilde => "~",
    Underscore => "_",
    Xor => "^",
    PlusEqual => "+=",
    MinusEqual => "-=",
    StarEqual => "*=",
    SlashEqual => "/=",
    PercentEqual => "%=",
    AndEqual => "&=",
    OrEqual => "|=",
    XorEqual => "^=",
    ShiftRightEqual => ">>=",
    ShiftLeftEqual => "<<=",
    TemplateArgsStart => "<",
    TemplateArgsEnd => ">",

    /// The end of the source.
    Eof => "end of file",
}

impl TokenKind {
    /// The keyword spelled `text`, if it is one.
    pub fn keyword(text: &str) -> Option<TokenKind> {
        use TokenKind::*;
        Some(match text {
            "alias" => Alias,
            "break" => Break,
            "case" => Case,
            "const" => Const,
            "const_assert" => ConstAssert,
            "continue" => Continue,
            "continuing" => Continuing,
            "default" => Default,
            "diagnostic" => Diagnostic,
            "discard" => Discard,
            "else" => Else,
            "enable" => Enable,
            "false" => False,
            "fn" => Fn,
            "for" => For,
            "if" => If,
            "let" => Let,
            "loop" => Loop,
            "override" => Override,
            "requires" => Requires,
            "return" => Return,
            "struct" => Struct,
            "switch" => Switch,
            "true" => True,
            "var" => Var,
            "while" => While,
            _ => return None,
        })
    }

    /// True for the keywords, including `true` and `false`.
    pub fn is_keyword(self) -> bool {
        (self as u8) >= (TokenKind::True as u8) && (self as u8) <= (TokenKind::While as u8)
    }

    /// True for tokens that match the spec's `ident_pattern_token`: identifiers and
    /// keywords other than the boolean literals. Template-list discovery treats exactly
    /// these as names that a template list may follow.
    pub fn matches_ident_pattern(self) -> bool {
        self == TokenKind::Ident
            || (self.is_keyword() && self != TokenKind::True && self != TokenKind::False)
    }

    /// True for literals.
    pub fn is_literal(self) -> bool {
        matches!(
            self,
            TokenKind::IntLiteral | TokenKind::FloatLiteral | TokenKind::True | TokenKind::False
        )
    }

    /// How a diagnostic names this kind of token: "`;`", "keyword `fn`", "identifier".
    pub fn describe(self) -> String {
        match self {
            TokenKind::Ident | TokenKind::IntLiteral | TokenKind::FloatLiteral | TokenKind::Eof => {
                self.text().to_string()
            }
            k if k.is_keyword() => format!("keyword `{}`", k.text()),
            k => format!("`{}`", k.text()),
        }
    }
}

/// The reserved words of WGSL (spec §"Reserved Words"): never valid as a token.
pub const RESERVED_WORDS: &[&str] = &[
    "NULL",
    "Self",
    "abstract",
    "active",
    "alignas",
    "alignof",
    "as",
    "asm",
    "asm_fragment",
    "async",
    "attribute",
    "auto",
    "await",
    "become",
    "cast",
    "catch",
    "class",
    "co_await",
    "co_return",
    "co_yield",
    "coherent",
    "column_major",
    "common",
    "compile",
    "compile_fragment",
    "concept",
    "const_cast",
    "consteval",
    "constexpr",
    "constinit",
    "crate",
    "debugger",
    "decltype",
    "delete",
    "demote",
    "demote_to_helper",
    "do",
    "dynamic_cast",
    "enum",
    "explicit",
    "export",
    "extends",
    "extern",
    "external",
    "fallthrough",
    "filter",
    "final",
    "finally",
    "friend",
    "from",
    "fxgroup",
    "get",
    "goto",
    "groupshared",
    "highp",
    "impl",
    "implements",
    "import",
    "inline",
    "instanceof",
    "interface",
    "layout",
    "lowp",
    "macro",
    "macro_rules",
    "match",
    "mediump",
    "meta",
    "mod",
    "module",
    "move",
    "mut",
    "mutable",
    "namespace",
    "new",
    "nil",
    "noexcept",
    "noinline",
    "nointerpolation",
    "non_coherent",
    "noncoherent",
    "noperspective",
    "null",
    "nullptr",
    "of",
    "operator",
    "package",
    "packoffset",
    "partition",
    "pass",
    "patch",
    "pixelfragment",
    "precise",
    "precision",
    "premerge",
    "priv",
    "protected",
    "pub",
    "public",
    "readonly",
    "ref",
    "regardless",
    "register",
    "reinterpret_cast",
    "require",
    "resource",
    "restrict",
    "self",
    "set",
    "shared",
    "sizeof",
    "smooth",
    "snorm",
    "static",
    "static_assert",
    "static_cast",
    "std",
    "subroutine",
    "super",
    "target",
    "template",
    "this",
    "thread_local",
    "throw",
    "trait",
    "try",
    "type",
    "typedef",
    "typeid",
    "typename",
    "typeof",
    "union",
    "unless",
    "unorm",
    "unsafe",
    "unsized",
    "use",
    "using",
    "varying",
    "virtual",
    "volatile",
    "wgsl",
    "where",
    "with",
    "writeonly",
    "yield",
];

/// The keywords (`true` and `false` included), as [`TokenKind::keyword`] spells them.
pub const KEYWORDS: &[&str] = &[
    "alias",
    "break",
    "case",
    "const",
    "const_assert",
    "continue",
    "continuing",
    "default",
    "diagnostic",
    "discard",
    "else",
    "enable",
    "false",
    "fn",
    "for",
    "if",
    "let",
    "loop",
    "override",
    "requires",
    "return",
    "struct",
    "switch",
    "true",
    "var",
    "while",
];

/// The longest keyword or reserved word, in bytes.
const LONGEST_WORD: usize = 16;

/// Bit `b % 32` of `WORD_STARTS[len]` is set when some keyword or reserved word is `len`
/// bytes long and starts with byte `b`. Names are classified once per distinct name, but
/// most are neither keywords nor reserved, and this rejects most of them with one load
/// instead of a string match and a binary search of string comparisons.
const WORD_STARTS: [u32; LONGEST_WORD + 1] = {
    let mut starts = [0u32; LONGEST_WORD + 1];
    let lists = [KEYWORDS, RESERVED_WORDS];
    let mut l = 0;
    while l < lists.len() {
        let mut w = 0;
        while w < lists[l].len() {
            let word = lists[l][w].as_bytes();
            starts[word.len()] |= 1 << (word[0] % 32);
            w += 1;
        }
        l += 1;
    }
    starts
};

/// False when `word` is certainly neither a keyword nor a reserved word (no such word is
/// as long as it and starts with its first byte, modulo 32); true when it may be one.
pub fn may_be_keyword_or_reserved(word: &str) -> bool {
    let bytes = word.as_bytes();
    match (bytes.first(), WORD_STARTS.get(bytes.len())) {
        (Some(&first), Some(&starts)) => starts & (1 << (first % 32)) != 0,
        _ => false,
    }
}

/// True if `word` is a reserved word. The list is sorted, so this is a binary search.
pub fn is_reserved(word: &str) -> bool {
    RESERVED_WORDS.binary_search(&word).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reserved_words_are_sorted_for_binary_search() {
        assert!(RESERVED_WORDS.windows(2).all(|w| w[0] < w[1]));
        assert!(is_reserved("class") && is_reserved("NULL") && !is_reserved("vec4"));
    }

    #[test]
    fn keyword_and_reserved_prefilter_is_exact_for_the_lists() {
        // The keyword kinds are the contiguous range `True..=While` (see `is_keyword`).
        assert_eq!(
            KEYWORDS.len(),
            (TokenKind::While as usize) - (TokenKind::True as usize) + 1
        );
        for word in KEYWORDS.iter().chain(RESERVED_WORDS) {
            assert!(word.len() <= LONGEST_WORD, "{word}");
            assert!(!word.starts_with("__"), "{word}");
            assert!(may_be_keyword_or_reserved(word), "{word}");
        }
        for word in KEYWORDS {
            assert!(TokenKind::keyword(word).is_some(), "{word}");
        }
        assert!(!may_be_keyword_or_reserved(""));
        assert!(!may_be_keyword_or_reserved("reinterpret_casts"));
    }

    #[test]
    fn keywords_round_trip() {
        for kind in [
            TokenKind::Fn,
            TokenKind::While,
            TokenKind::True,
            TokenKind::Alias,
        ] {
            assert_eq!(TokenKind::keyword(kind.text()), Some(kind));
            assert!(kind.is_keyword());
        }
        assert!(!TokenKind::Ident.is_keyword() && !TokenKind::At.is_keyword());
        assert!(TokenKind::Var.matches_ident_pattern());
        assert!(!TokenKind::True.matches_ident_pattern());
    }
}
