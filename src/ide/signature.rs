//! Signature help: inside a call's parentheses, the callee's overloads and which argument
//! the cursor is in.
//!
//! The call is found in the tokens, not the tree, because while an argument is being
//! typed the call is usually unclosed and did not parse: walking back from the cursor with
//! brackets matched, the first unmatched `(` that follows a callable name (a function, a
//! builtin, a structure; with a template list, as in `bitcast<u32>(`) is the call, and the
//! commas passed at its depth count the arguments before the cursor. A `;`, `{` or `}`, or
//! an unmatched `[` or template list, ends the search: the cursor is in no call.
//! Parentheses that follow no callable name (grouping, `if (`) are looked through.
//! When the call did parse and sema chose a builtin overload, that overload is the active
//! signature; otherwise the first with enough parameters.

use super::{Analysis, Def};
use crate::sema::program::{CallTarget, ExprSem};
use crate::syntax::ast::{ExprKind, GlobalDeclKind};
use crate::syntax::token::TokenKind;
use std::ops::Range;

/// One way to call the function.
#[derive(Clone, Debug, PartialEq)]
pub struct Signature {
    /// `name(a: T, b: U) -> R`.
    pub label: String,
    /// Where each parameter (`a: T`) is in `label`, as byte ranges.
    pub parameters: Vec<Range<usize>>,
    /// One line about the function (builtins: from the builtin table).
    pub description: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SignatureHelp {
    pub signatures: Vec<Signature>,
    /// The overload sema chose for the call, else the first with enough parameters.
    pub active_signature: u32,
    /// The argument the cursor is in, counted from 0.
    pub active_parameter: u32,
}

impl Analysis {
    /// Signature help for the call whose parentheses hold byte `offset`.
    pub fn signature_help(&self, offset: u32) -> Option<SignatureHelp> {
        let offset = self.clamp(offset);
        if self.in_comment(offset) {
            return None;
        }
        use TokenKind as T;
        let mut depth = 0i32;
        let mut commas = 0u32;
        let mut i = self.tokens.partition_point(|t| t.start < offset);
        while i > 0 {
            i -= 1;
            match self.tokens[i].kind {
                T::RParen | T::RBracket | T::TemplateArgsEnd => depth += 1,
                T::LBracket | T::TemplateArgsStart if depth == 0 => return None,
                T::LBracket | T::TemplateArgsStart => depth -= 1,
                T::LParen if depth > 0 => depth -= 1,
                T::LParen => {
                    if let Some(help) = self.call_help(i, commas) {
                        return Some(help);
                    }
                    // Grouping, or `if (`: the call may be further out.
                    commas = 0;
                }
                T::Comma if depth == 0 => commas += 1,
                T::Semicolon | T::LBrace | T::RBrace => return None,
                _ => {}
            }
        }
        None
    }

    /// The help for the call whose `(` is token `paren`, `active` commas in.
    fn call_help(&self, paren: usize, active: u32) -> Option<SignatureHelp> {
        use TokenKind as T;
        let mut name = paren.checked_sub(1)?;
        if self.tokens[name].kind == T::TemplateArgsEnd {
            let mut depth = 0u32;
            loop {
                match self.tokens[name].kind {
                    T::TemplateArgsEnd => depth += 1,
                    T::TemplateArgsStart => depth -= 1,
                    _ => {}
                }
                name = name.checked_sub(1)?;
                if depth == 0 {
                    break;
                }
            }
        }
        let token = self.tokens[name];
        if token.kind != T::Ident {
            return None;
        }
        // `@workgroup_size(` is an attribute and `fn f(` a declaration, not calls.
        if name > 0 && matches!(self.tokens[name - 1].kind, T::At | T::Fn) {
            return None;
        }
        let def = token.sym.and_then(|s| self.lookup(s, token.start))?;
        let signatures = self.call_signatures(def)?;
        // The overload sema chose, when the call parsed and resolved.
        let chosen = self
            .module
            .exprs
            .iter()
            .enumerate()
            .find_map(|(i, x)| match &x.kind {
                ExprKind::Call { callee, .. } if callee.ident.span.start == token.start => {
                    match self.program.sem(crate::syntax::ast::ExprId::from_index(i)) {
                        ExprSem::Call(CallTarget::Builtin { overload, .. }) => {
                            Some(u32::from(overload))
                        }
                        _ => None,
                    }
                }
                _ => None,
            });
        let active_signature = chosen.unwrap_or_else(|| {
            signatures
                .iter()
                .position(|s| s.parameters.len() > active as usize)
                .unwrap_or(0) as u32
        });
        Some(SignatureHelp {
            signatures,
            active_signature,
            active_parameter: active,
        })
    }

    /// The ways to call what `def` names: a function's one signature, a builtin's
    /// overloads, a structure's constructor (its members in order).
    fn call_signatures(&self, def: Def) -> Option<Vec<Signature>> {
        let one = |label: String| {
            vec![Signature {
                parameters: parameter_ranges(&label),
                label,
                description: None,
            }]
        };
        match def {
            Def::Builtin(f) => {
                let description = super::describe_builtin(f);
                let mut out = Vec::new();
                for o in f.overloads() {
                    out.push(Signature {
                        parameters: parameter_ranges(&o.text),
                        label: o.text.clone(),
                        description: Some(description.clone()),
                    });
                }
                Some(out)
            }
            Def::Global(d) => match &self.module.decls[d.index()].kind {
                GlobalDeclKind::Fn(_) => {
                    let sig = self.def_signatures(def).pop()?;
                    // `@attr fn name(…) -> R` without its attributes and keyword.
                    let name = self.def_name(def);
                    let at = sig.find(&format!("fn {name}("))?;
                    Some(one(sig[at + 3..].to_string()))
                }
                GlobalDeclKind::Struct(_) => {
                    let members = self.member_texts(d);
                    let name = self.def_name(def);
                    Some(one(format!("{name}({}) -> {name}", members.join(", "))))
                }
                _ => None,
            },
            _ => None,
        }
    }
}

/// The byte ranges of the parameters in a signature `name(a: T, b: U<V, W>) -> R`: split
/// at the commas outside template lists, blanks trimmed.
fn parameter_ranges(label: &str) -> Vec<Range<usize>> {
    let Some(open) = label.find('(') else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = open + 1;
    for (i, c) in label[open + 1..].char_indices() {
        let i = i + open + 1;
        match c {
            '<' | '(' => depth += 1,
            '>' | ')' if depth > 0 => depth -= 1,
            ',' | ')' if depth == 0 => {
                // The signatures are refract's own text: blanks are spaces.
                let (mut from, mut to) = (start, i);
                while from < to && label.as_bytes()[from] == b' ' {
                    from += 1;
                }
                while to > from && label.as_bytes()[to - 1] == b' ' {
                    to -= 1;
                }
                if from < to {
                    out.push(from..to);
                }
                start = i + 1;
                if c == ')' {
                    break;
                }
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn parameter_ranges() {
        let label = "atomicAdd(atomic_ptr: ptr<AS, atomic<T>, read_write>, v: T) -> T";
        let parts: Vec<&str> = super::parameter_ranges(label)
            .into_iter()
            .map(|r| &label[r])
            .collect();
        assert_eq!(
            parts,
            ["atomic_ptr: ptr<AS, atomic<T>, read_write>", "v: T"]
        );
        assert!(super::parameter_ranges("workgroupBarrier()").is_empty());
    }
}
