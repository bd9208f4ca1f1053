//! Completion: the words that may be written at the cursor.
//!
//! The token before the word being typed picks the list:
//! - after `@`: attribute names; inside `@builtin(`: builtin value names;
//! - after `.`: the members of the structure, or the swizzles of the vector, that the
//!   expression before the dot has ([`Analysis::member_completions`]);
//! - after `var<` and `var<space,`: address spaces and access modes;
//! - after `:` and `->` (a type is expected): types, structures and aliases;
//! - after `let`, `var`, `fn` and the other declaration keywords: nothing, a new name is
//!   being made up;
//! - anywhere else: the names in scope (locals and parameters first, innermost first, then
//!   module-scope declarations), builtin functions, predeclared types and keywords.
//!
//! Nothing is filtered by the word already typed: editors match it their own way (by
//! prefix, fuzzily), so every candidate is given and the editor picks.

use super::{Analysis, Def, Kind};
use crate::raise::wgsl::keywords::PREDECLARED;
use crate::sema::builtins::BuiltinFn;
use crate::sema::program::BuiltinValue;
use crate::sema::types::{Access, AddressSpace, Scalar, TypeGenerator, TypeId, TypeKind};
use crate::syntax::ast::{ExprKind, GlobalDeclKind};
use crate::syntax::token::{KEYWORDS, TokenKind};

/// A word that may be written at the cursor.
#[derive(Clone, Debug, PartialEq)]
pub struct Completion {
    pub label: String,
    pub kind: Kind,
    /// A variable's type, a function's signature, a builtin's first overload.
    pub detail: Option<String>,
}

fn item(label: &str, kind: Kind, detail: Option<String>) -> Completion {
    Completion {
        label: label.to_string(),
        kind,
        detail,
    }
}

/// Where the word that ends at `offset` starts.
fn word_start(source: &str, offset: usize) -> usize {
    source[..offset]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| unicode_ident::is_xid_continue(c))
        .last()
        .map_or(offset, |(i, _)| i)
}

impl Analysis {
    /// The words that may be written at byte `offset`, each with its kind.
    pub fn completions(&self, offset: u32) -> Vec<Completion> {
        let offset = self.clamp(offset);
        if self.in_comment(offset) || self.in_line_comment_end(offset) {
            return Vec::new();
        }
        let start = word_start(&self.source, offset as usize);
        if self.source[start..offset as usize].starts_with(|c: char| c.is_ascii_digit()) {
            return Vec::new();
        }
        // The tokens before the word, nearest first.
        let before = self
            .tokens
            .partition_point(|t| t.end as usize <= start && t.kind != TokenKind::Eof);
        let back = |n: usize| {
            let t = self.tokens.get(before.checked_sub(n)?)?;
            Some((t.kind, &self.source[t.start as usize..t.end as usize]))
        };
        use TokenKind as T;
        match (back(1), back(2), back(3)) {
            (Some((T::At, _)), ..) => {
                words(crate::syntax::KNOWN_ATTRIBUTES, Kind::Attribute, |_| true)
            }
            (Some((T::Period, _)), ..) => {
                let name = before.checked_sub(2).and_then(|i| self.tokens[i].sym);
                self.member_completions(start, offset as usize, name)
            }
            (Some((T::LParen, _)), Some((T::Ident, "builtin")), Some((T::At, _))) => {
                let mut names: Vec<&str> = Vec::new();
                for b in BuiltinValue::ALL {
                    names.push(b.name());
                }
                words(&names, Kind::Enumerant, |_| true)
            }
            (Some((T::TemplateArgsStart, _)), Some((T::Var, _)), _) => {
                words(PREDECLARED, Kind::Enumerant, |w| {
                    AddressSpace::from_name(w).is_some()
                })
            }
            (Some((T::Comma, _)), Some((T::Ident, _)), Some((T::TemplateArgsStart, _)))
                if matches!(back(4), Some((T::Var, _))) =>
            {
                words(PREDECLARED, Kind::Enumerant, |w| {
                    Access::from_name(w).is_some()
                })
            }
            (
                Some((T::Let | T::Var | T::Const | T::Fn | T::Struct | T::Alias | T::Override, _)),
                ..,
            ) => Vec::new(),
            (Some((T::Colon | T::Arrow, _)), ..) => {
                let mut out = self.user_types();
                out.extend(predeclared_types());
                out
            }
            _ => self.everything(offset),
        }
    }

    /// A line comment runs to the end of its line, and typing goes on at its end.
    fn in_line_comment_end(&self, offset: u32) -> bool {
        self.module.comments.iter().any(|c| {
            c.kind == crate::syntax::ast::CommentKind::Line
                && c.span.start < offset
                && offset == c.span.end
        })
    }

    /// Names in scope, builtin functions, predeclared types and keywords.
    fn everything(&self, offset: u32) -> Vec<Completion> {
        let mut out: Vec<Completion> = Vec::new();
        // Innermost first; a name shadowed by a later declaration is left out.
        for (sym, def) in self.scope_at(offset).into_iter().rev() {
            let name = self.module.name(sym);
            if out.iter().any(|c| c.label == name) {
                continue;
            }
            let kind = self.def_kind(def);
            let detail = match kind {
                // A structure's signature spans lines; its first is enough here.
                Kind::Function | Kind::Struct | Kind::Alias => self
                    .def_signatures(def)
                    .pop()
                    .map(|d| d.split('\n').next().unwrap_or("").to_string()),
                _ => self.def_type(def).map(|t| self.type_name(t)),
            };
            out.push(item(name, kind, detail));
        }
        let declared = out.len();
        for &f in BuiltinFn::ALL {
            let detail = f.overloads().first().map(|o| o.text.clone());
            out.push(item(f.name(), Kind::Builtin, detail));
        }
        out.extend(predeclared_types());
        // User declarations may shadow predeclared names.
        let mut i = declared;
        while i < out.len() {
            if out[..declared].iter().any(|c| c.label == out[i].label) {
                out.remove(i);
            } else {
                i += 1;
            }
        }
        out.extend(words(KEYWORDS, Kind::Keyword, |_| true));
        out
    }

    /// The module's structures and aliases.
    fn user_types(&self) -> Vec<Completion> {
        let mut out = Vec::new();
        for d in &self.module.decls {
            match &d.kind {
                GlobalDeclKind::Struct(s) => {
                    out.push(item(self.module.name(s.name.name), Kind::Struct, None))
                }
                GlobalDeclKind::Alias(a) => {
                    out.push(item(self.module.name(a.name.name), Kind::Alias, None))
                }
                _ => {}
            }
        }
        out
    }

    /// The members or swizzles of the expression before the `.` at the word starting at
    /// `start`: from this text's tree when the access parsed, else from the text with a
    /// placeholder member typed at the cursor, else from the type of the name before the
    /// dot (`before_dot`, when it is a name).
    fn member_completions(
        &self,
        start: usize,
        offset: usize,
        before_dot: Option<crate::util::Symbol>,
    ) -> Vec<Completion> {
        if let Some(ty) = self.member_base_type(start) {
            return self.members_of(ty);
        }
        if start == offset {
            let mut text = String::with_capacity(self.source.len() + 1);
            text.push_str(&self.source[..offset]);
            text.push('x');
            text.push_str(&self.source[offset..]);
            let patched = Analysis::new(&text);
            if let Some(ty) = patched.member_base_type(start) {
                return patched.members_of(ty);
            }
        }
        let def = before_dot.and_then(|s| self.lookup(s, start as u32));
        match def.and_then(|d| self.def_type(d)) {
            Some(ty) => self.members_of(ty),
            None => Vec::new(),
        }
    }

    /// The base type of the member access whose member name starts at `start`.
    fn member_base_type(&self, start: usize) -> Option<TypeId> {
        self.module.exprs.iter().find_map(|x| match &x.kind {
            ExprKind::Member { base, member } if member.span.start as usize == start => {
                self.program.type_of(*base)
            }
            _ => None,
        })
    }

    /// A structure's members (through a reference or pointer), or a vector's swizzles.
    fn members_of(&self, ty: TypeId) -> Vec<Completion> {
        let types = &self.program.types;
        let mut t = types.unref(ty);
        if let TypeKind::Ptr { store, .. } = types.kind(t) {
            t = store;
        }
        match types.kind(t) {
            TypeKind::Struct(s) => {
                let members = &types.struct_def(s).members;
                let mut out = Vec::with_capacity(members.len());
                for (i, m) in members.iter().enumerate() {
                    let def = Def::Member(s, i as u32);
                    out.push(item(
                        &m.name,
                        Kind::Member,
                        self.def_type(def).map(|t| self.type_name(t)),
                    ));
                }
                out
            }
            TypeKind::Vector { size, scalar } => swizzles(size, scalar),
            _ => Vec::new(),
        }
    }
}

/// A vector's one-component swizzles and its leading ones (`xy`, `xyz`, `rgba`, …), in
/// both sets of names.
fn swizzles(size: u8, scalar: Scalar) -> Vec<Completion> {
    let size = usize::from(size.clamp(2, 4));
    let mut out = Vec::new();
    for set in ["xyzw", "rgba"] {
        let set = &set[..size];
        for i in 0..size {
            out.push(item(
                &set[i..=i],
                Kind::Swizzle,
                Some(scalar.name().to_string()),
            ));
        }
        for n in 2..=size {
            let ty = format!("vec{n}<{}>", scalar.name());
            out.push(item(&set[..n], Kind::Swizzle, Some(ty)));
        }
    }
    out
}

/// The words of `list` that `keep` accepts, as completions of `kind`.
fn words(list: &[&str], kind: Kind, keep: fn(&str) -> bool) -> Vec<Completion> {
    let mut out = Vec::new();
    for w in list {
        if keep(w) {
            out.push(item(w, kind, None));
        }
    }
    out
}

/// The predeclared types and type generators, from the predeclared names (see
/// [`crate::raise::wgsl::keywords`]).
fn predeclared_types() -> Vec<Completion> {
    words(PREDECLARED, Kind::Type, |w| {
        crate::sema::types::predeclared_plain_type(w).is_some()
            || TypeGenerator::from_name(w).is_some()
    })
}
