//! Names for raised declarations: valid identifiers, unique, never a word the target
//! language keeps for itself. Language-neutral: each emitter passes its language's words
//! as a [`Keywords`] (as naga's `Namer` takes each back end's reserved words), WGSL's from
//! [`crate::raise::wgsl::keywords`].
//!
//! Every name the raiser writes is unique in the whole module (module-scope names are
//! taken first; each function's locals avoid all of them and each other), so no local
//! ever shadows a global, a builtin function, a type or an enumerant the raised code
//! refers to, and the printed module needs no scoping reasoning to read back the same.
//!
//! Two kinds of word are kept apart. *Reserved* words (keywords, reserved words, names
//! with a reserved prefix) are never identifiers at all: not even a structure member or
//! an entry point that must keep its name. *Taken* names (the reserved ones, plus the
//! predeclared types, builtin functions and enumerants the output may refer to) are
//! avoided by every declaration the raiser names, so that nothing shadows them.

use crate::util::map::{Map, Set};

/// The words a language keeps for itself, as the [`Namer`] needs them.
pub struct Keywords {
    /// Keywords and reserved words: never an identifier.
    reserved: Set<&'static str>,
    /// The reserved words and every predeclared name: never a declared name. One set,
    /// since every name the raiser makes asks (a hash instead of several searches).
    taken: Set<&'static str>,
    /// Prefixes no identifier may start with (WGSL's `__`).
    reserved_prefixes: &'static [&'static str],
    /// Reserved words that follow a pattern (HLSL's `float4`, `uint2x3`, …), tested
    /// rather than spelled out in `reserved`.
    reserved_pattern: Option<fn(&str) -> bool>,
    /// Identifiers are ASCII (HLSL), not Unicode's XID (WGSL).
    ascii: bool,
}

impl Keywords {
    /// A language's words: `reserved` (keywords and reserved words), `predeclared` (types,
    /// builtin functions, enumerants and other names the output may refer to), and the
    /// prefixes no identifier may start with.
    pub fn new(
        reserved: Vec<&'static str>,
        predeclared: Vec<&'static str>,
        reserved_prefixes: &'static [&'static str],
    ) -> Keywords {
        let reserved: Set<&'static str> = reserved.into_iter().collect();
        let mut taken = reserved.clone();
        taken.extend(predeclared);
        Keywords {
            reserved,
            taken,
            reserved_prefixes,
            reserved_pattern: None,
            ascii: false,
        }
    }

    /// The same words, with every name for which `pattern` holds reserved too.
    pub fn reserving(mut self, pattern: fn(&str) -> bool) -> Keywords {
        self.reserved_pattern = Some(pattern);
        self
    }

    /// The same words, for a language whose identifiers are ASCII: other characters in a
    /// debug name become `_`.
    pub fn ascii_only(mut self) -> Keywords {
        self.ascii = true;
        self
    }

    /// `sanitize`, then ASCII when the language wants it.
    fn clean(&self, raw: &str, fallback: &str) -> String {
        let s = sanitize(raw, fallback);
        if !self.ascii || s.is_ascii() {
            return s;
        }
        let mut out = String::with_capacity(s.len());
        for c in s.chars() {
            if c.is_ascii_alphanumeric() || c == '_' {
                out.push(c);
            } else if !out.ends_with('_') {
                out.push('_');
            }
        }
        sanitize(&out, fallback)
    }

    fn reserved_prefix(&self, name: &str) -> bool {
        self.reserved_prefixes.iter().any(|p| name.starts_with(p))
    }

    fn reserved_by_pattern(&self, name: &str) -> bool {
        self.reserved_pattern.is_some_and(|f| f(name))
    }

    /// Whether `name` can never be an identifier.
    pub fn is_reserved(&self, name: &str) -> bool {
        self.reserved_prefix(name) || self.reserved.contains(name) || self.reserved_by_pattern(name)
    }

    /// Whether `name` may not be declared by raised code: reserved, or predeclared.
    pub fn is_taken(&self, name: &str) -> bool {
        self.reserved_prefix(name) || self.taken.contains(name) || self.reserved_by_pattern(name)
    }
}

/// A valid identifier made from a debug name: characters that cannot appear in an
/// identifier become `_`, a leading digit gets a `v` before it, and leading `__` loses
/// its underscores. Empty results become `fallback`.
pub fn sanitize(raw: &str, fallback: &str) -> String {
    // Most debug names are already plain ASCII identifiers.
    let bytes = raw.as_bytes();
    let plain = bytes.first().is_some_and(u8::is_ascii_alphabetic)
        && bytes.last().is_some_and(|&b| b != b'_')
        && bytes
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'_');
    if plain {
        return raw.to_string();
    }
    let mut out = String::with_capacity(raw.len());
    for c in raw.chars() {
        let ok = if out.is_empty() {
            c == '_' || unicode_ident::is_xid_start(c)
        } else {
            unicode_ident::is_xid_continue(c)
        };
        if ok {
            out.push(c);
        } else if out.is_empty() && unicode_ident::is_xid_continue(c) {
            out.push('v');
            out.push(c);
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    let trimmed = out.trim_start_matches('_');
    let out = if out.starts_with("__") || out == "_" {
        trimmed.to_string()
    } else {
        out
    };
    let out = out.trim_end_matches('_').to_string();
    if out.is_empty() || out == "_" {
        fallback.to_string()
    } else {
        out
    }
}

/// Hands out unique names. `fork` gives a namer for a function's locals that avoids
/// every name taken so far: it reads its parent's names rather than copying them, so a
/// module's functions cost their own names each, not the module's.
pub struct Namer<'p> {
    /// The namer this one was forked from; its names are taken here too.
    parent: Option<&'p Namer<'p>>,
    /// The words of the language being written.
    keywords: &'p Keywords,
    used: Set<String>,
    /// The next suffix to try for each base name (falling back to the parent's).
    next_suffix: Map<String, u32>,
}

impl<'p> Namer<'p> {
    /// A namer for a language with `keywords`.
    pub fn new(keywords: &'p Keywords) -> Namer<'p> {
        Namer {
            parent: None,
            keywords,
            used: Set::default(),
            next_suffix: Map::default(),
        }
    }

    /// A valid identifier from a debug name (or `fallback`) that starts with no reserved
    /// prefix (they are stripped): every name made from it with a suffix is then free
    /// of them too. `fallback` must be a valid identifier with no reserved prefix.
    fn base(&self, debug: Option<&str>, fallback: &str) -> String {
        let base = self.keywords.clean(debug.unwrap_or(fallback), fallback);
        if self.keywords.reserved_prefix(&base) {
            return self.strip_reserved_prefixes(base, fallback);
        }
        base
    }

    #[cold]
    fn strip_reserved_prefixes(&self, mut base: String, fallback: &str) -> String {
        while let Some(p) = self
            .keywords
            .reserved_prefixes
            .iter()
            .find(|p| !p.is_empty() && base.starts_with(**p))
        {
            base = self.keywords.clean(&base[p.len()..], fallback);
        }
        base
    }

    /// A unique name from a debug name (or `fallback` when there is none).
    pub fn name(&mut self, debug: Option<&str>, fallback: &str) -> String {
        let base = self.base(debug, fallback);
        self.unique(base)
    }

    /// `base` if free, else `base_N` for the smallest free N.
    pub fn unique(&mut self, base: String) -> String {
        if !self.is_used(&base) && !self.keywords.is_taken(&base) {
            self.used.insert(base.clone());
            return base;
        }
        let mut n = self.next_suffix(&base);
        loop {
            let candidate = format!("{base}_{n}");
            n += 1;
            if !self.is_used(&candidate) && !self.keywords.is_taken(&candidate) {
                self.next_suffix.insert(base, n);
                self.used.insert(candidate.clone());
                return candidate;
            }
        }
    }

    fn next_suffix(&self, base: &str) -> u32 {
        match self.next_suffix.get(base) {
            Some(&n) => n,
            None => self.parent.map_or(1, |p| p.next_suffix(base)),
        }
    }

    /// A name that must stay as written when it can (entry points and overrides are
    /// looked up by name from the API): kept if it is a valid, free identifier that is
    /// not reserved, else made unique like any other.
    pub fn exact(&mut self, debug: Option<&str>, fallback: &str) -> String {
        if let Some(d) = debug {
            let valid = self.keywords.clean(d, fallback) == d && !self.keywords.is_reserved(d);
            if valid && !self.is_used(d) {
                self.used.insert(d.to_string());
                return d.to_string();
            }
        }
        self.name(debug, fallback)
    }

    /// A unique name that may not be reserved but may be any other identifier (structure
    /// members live in their own namespace).
    pub fn member(&mut self, debug: Option<&str>, fallback: &str) -> String {
        let base = self.base(debug, fallback);
        let free = |n: &str, namer: &Namer| !namer.is_used(n) && !namer.keywords.is_reserved(n);
        if free(&base, self) {
            self.used.insert(base.clone());
            return base;
        }
        let mut k = 1;
        loop {
            let candidate = format!("{base}_{k}");
            if free(&candidate, self) {
                self.used.insert(candidate.clone());
                return candidate;
            }
            k += 1;
        }
    }

    /// Whether `name` is already taken, here or by a parent.
    pub fn is_used(&self, name: &str) -> bool {
        self.used.contains(name) || self.parent.is_some_and(|p| p.is_used(name))
    }

    /// A namer whose names avoid this one's.
    pub fn fork<'s>(&'s self) -> Namer<'s> {
        Namer {
            parent: Some(self),
            keywords: self.keywords,
            used: Set::default(),
            next_suffix: Map::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanitized_names_are_identifiers() {
        assert_eq!(sanitize("x", "v"), "x");
        assert_eq!(sanitize("a b", "v"), "a_b");
        assert_eq!(sanitize("1st", "v"), "v1st");
        assert_eq!(sanitize("__hidden", "v"), "hidden");
        assert_eq!(sanitize("_", "v"), "v");
        assert_eq!(sanitize("", "v"), "v");
        assert_eq!(sanitize("x.1", "v"), "x_1");
        assert_eq!(sanitize("é", "v"), "é");
    }

    fn toy() -> Keywords {
        Keywords::new(vec!["if", "_"], vec!["max", "float4"], &["__"])
    }

    #[test]
    fn reserved_and_taken_words() {
        let k = toy();
        assert!(k.is_reserved("if") && k.is_reserved("__x") && !k.is_reserved("max"));
        assert!(k.is_taken("if") && k.is_taken("max") && k.is_taken("__x"));
        assert!(!k.is_taken("color"));
    }

    #[test]
    fn reserved_prefixes_are_stripped() {
        let k = Keywords::new(vec!["if"], Vec::new(), &["tmp_", "__"]);
        let mut n = Namer::new(&k);
        assert_eq!(n.name(Some("tmp_x"), "v"), "x");
        assert_eq!(n.name(Some("tmp_tmp_1"), "v"), "v1");
        assert_eq!(n.name(Some("tmp_"), "v"), "tmp");
        assert_eq!(n.member(Some("tmp_y"), "m"), "y");
    }

    #[test]
    fn names_are_unique_and_avoid_the_languages_words() {
        let k = toy();
        let mut n = Namer::new(&k);
        assert_eq!(n.name(Some("x"), "v"), "x");
        assert_eq!(n.name(Some("x"), "v"), "x_1");
        assert_eq!(n.name(Some("x_1"), "v"), "x_1_1");
        assert_eq!(n.name(Some("if"), "v"), "if_1");
        assert_eq!(n.name(Some("max"), "v"), "max_1");
        assert_eq!(n.name(None, "v"), "v");
        let mut f = n.fork();
        assert_eq!(f.name(Some("x"), "v"), "x_2");
    }

    #[test]
    fn exact_names_and_members_may_be_predeclared_names() {
        let k = toy();
        let mut n = Namer::new(&k);
        assert_eq!(n.exact(Some("max"), "main"), "max");
        assert_eq!(n.exact(Some("if"), "main"), "if_1");
        let mut members = Namer::new(&k);
        assert_eq!(members.member(Some("float4"), "m0"), "float4");
        assert_eq!(members.member(Some("if"), "m1"), "if_1");
    }
}
