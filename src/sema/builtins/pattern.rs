//! The small language the overload tables are written in, and its parser.
//!
//! Each overload of a builtin function or operator is one line close to the spec's own
//! notation:
//!
//! ```text
//! (t: texture_2d_array<ST>, s: sampler, coords: vec2<f32>, array_index: A,
//!  @const offset: vec2<i32>) -> vec4<ST>  | ST: f32 i32 u32; A: i32 u32
//! ```
//!
//! - A parameter is `name: pattern`, optionally marked `@const` when the spec requires the
//!   argument to be a const-expression. `<patterns>` before the parameter list match the
//!   call's explicit template arguments (`bitcast<T>`).
//! - Patterns are WGSL type spellings in which some names are variables: `vecN<S>` (a
//!   vector of width N ≥ 2), `vN<S>` (S itself when N is 1, else `vecN<S>`: the spec's
//!   "T is S or vecN<S>"), `matCxR<S>`, `ptr<AS, atomic<T>, read_write>`,
//!   `texture_storage_2d<F, AM>`, `array<E>`, `buffer<N>`.
//! - After `|`, `;`-separated clauses constrain variables. A variable constrained to a set
//!   of scalars (`S: f32 f16 af`, or a named set such as `float`) is *enumerated*: the
//!   resolver tries each member, which is how abstract arguments find the conversion of
//!   lowest rank, exactly as the spec's overload resolution over all substitutions
//!   prescribes. Other variables are *bound* from the argument types structurally.
//! - Return-only forms: `frexp<P>` and `modf<P>` (the result structures for a scalar or
//!   vector P), `acer<T>` (`__atomic_compare_exchange_result<T>`), `texel<F>` (the
//!   `vec4` a storage texel format reads as).
//!
//! Tables are parsed once, on first use; a malformed line is a bug in refract, caught by
//! the unit tests that parse every table.

use std::borrow::Cow;
use std::sync::OnceLock;

use crate::sema::types::{Access, AddressSpace, Scalar, TextureDim};

/// A variable of an overload, by index into [`Overload::vars`].
pub type VarId = u8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Width {
    Fixed(u8),
    /// A width variable; `allow_scalar` is true for the `vN<…>` form.
    Var {
        var: VarId,
        allow_scalar: bool,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpacePat {
    Fixed(AddressSpace),
    Var(VarId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccessPat {
    Fixed(Access),
    Var(VarId),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pat {
    Scalar(Scalar),
    /// A type variable: enumerated if its [`VarKind`] is a scalar set, else bound.
    Var(VarId),
    Vec(Width, Box<Pat>),
    Mat(Width, Width, Box<Pat>),
    Atomic(Box<Pat>),
    RuntimeArray(Box<Pat>),
    Ptr(SpacePat, Box<Pat>, AccessPat),
    Sampler {
        comparison: bool,
    },
    SampledTexture(TextureDim, Box<Pat>),
    MultisampledTexture(Box<Pat>),
    DepthTexture(TextureDim),
    DepthMultisampledTexture,
    ExternalTexture,
    StorageTexture(TextureDim, VarId, AccessPat),
    /// `buffer` (`None`) or `buffer<N>` (a size variable).
    Buffer(Option<VarId>),
    // Return-only forms.
    Frexp(Box<Pat>),
    Modf(Box<Pat>),
    AtomicCompareExchangeResult(Box<Pat>),
    Texel(VarId),
}

/// What a variable stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VarKind {
    /// Enumerated over these scalars: one of the named sets as it stands (most clauses
    /// name one), else a list of its own.
    ScalarSet(Cow<'static, [Scalar]>),
    /// Bound to any type, subject to a predicate.
    Type(TypePredicate),
    Width,
    Space(Option<Vec<AddressSpace>>),
    Access(Option<Vec<Access>>),
    TexelFormat,
    /// The size of a `buffer<N>`.
    Size,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypePredicate {
    Any,
    Constructible,
    HostShareable,
}

#[derive(Clone, Debug)]
pub struct Var {
    pub kind: VarKind,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub name: String,
    pub pat: Pat,
    /// The spec requires this argument to be a const-expression.
    pub must_be_const: bool,
}

/// One overload: the patterns of its template arguments, parameters and result.
#[derive(Clone, Debug)]
pub struct Overload {
    pub templates: Vec<Pat>,
    pub params: Vec<Param>,
    pub ret: Option<Pat>,
    pub vars: Vec<Var>,
    /// The line it was parsed from, for diagnostics that list candidates.
    pub text: String,
}

/// Why a line does not parse: a fixed phrase (the panic names the line), as tables are
/// part of refract and every one is parsed by the unit tests.
type Parsed<T> = Result<T, &'static str>;

/// The overloads in `cell`, parsed from the lines `make` gives when first asked for:
/// `cell.get_or_init` once for every table of builtins, operators and constructors
/// rather than a copy per table.
pub fn cached(
    cell: &'static OnceLock<Vec<Overload>>,
    make: &dyn Fn() -> Vec<Overload>,
) -> &'static [Overload] {
    cell.get_or_init(make)
}

/// Parses overload lines, each shown (its `text`) as `name` followed by its signature
/// (the line before its constraints), without the leading template list when
/// `drop_template` (a constructor's: the constructed type).
pub fn parse_named(
    name: &str,
    sources: &mut dyn Iterator<Item = &str>,
    drop_template: bool,
) -> Vec<Overload> {
    let mut out = Vec::new();
    for text in sources {
        let mut o = parse_overload(text);
        let mut sig = text.split('|').next().unwrap_or("").trim();
        if let (true, Some(rest)) = (drop_template, sig.strip_prefix('<')) {
            // A byte search: `str::find` with a string pattern brings in the two-way
            // searcher, used nowhere else.
            let close = rest.as_bytes().windows(2).position(|w| w == b">(");
            sig = close.map_or(sig, |i| &rest[i + 1..]);
        }
        // Pushes, not `format!`: the formatting machinery cost more than the parse.
        let mut shown = String::with_capacity(name.len() + sig.len());
        shown.push_str(name);
        shown.push_str(sig);
        o.text = shown;
        out.push(o);
    }
    out
}

/// Parses one overload line. Panics on malformed input: tables are part of refract.
pub fn parse_overload(text: &str) -> Overload {
    match Parser::new(text).and_then(Parser::overload) {
        Ok(o) => o,
        Err(e) => panic!("malformed overload `{text}`: {e}"),
    }
}

/// The parser reads tokens straight off the line, one ahead, and finds a variable's
/// constraint clause by scanning the text after `|`: tables are parsed when a program
/// first calls a builtin, so the only allocations are the overload's own.
struct Parser<'a> {
    /// The signature from the next token on.
    rest: &'a str,
    /// The next token, if any.
    ahead: Option<&'a str>,
    vars: Vec<Var>,
    /// The variables' names, by [`VarId`].
    var_names: Vec<&'a str>,
    /// The constraint clauses, each a variable's name and its words, read when the
    /// variable is first named so it gets its kind.
    clauses: [(&'a str, &'a str); MAX_CLAUSES],
    num_clauses: usize,
}

/// The most constraint clauses a line has (texture builtins have four).
const MAX_CLAUSES: usize = 8;

/// The first token of `s` and the text after it (`None` at the end).
fn split_token(s: &str) -> (Option<&str>, &str) {
    let bytes = s.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut start = 0;
    while start < bytes.len() && bytes[start].is_ascii_whitespace() {
        start += 1;
    }
    let Some(&c) = bytes.get(start) else {
        return (None, "");
    };
    let mut end = start + 1;
    if word(c) {
        while end < bytes.len() && word(bytes[end]) {
            end += 1;
        }
    } else if c == b'-' && bytes.get(end) == Some(&b'>') {
        end += 1;
    }
    (Some(&s[start..end]), &s[end..])
}

/// The `;`-separated constraint clauses of `constraints`, each as its variable's name and
/// its words, skipping blank ones, into `out`; their number.
fn split_clauses<'a>(
    constraints: &'a str,
    out: &mut [(&'a str, &'a str); MAX_CLAUSES],
) -> Parsed<usize> {
    let mut n = 0;
    for c in constraints.split(';') {
        if c.trim_ascii().is_empty() {
            continue;
        }
        let (name, words) = c.split_once(':').unwrap_or((c, ""));
        *out.get_mut(n).ok_or("too many constraint clauses")? = (name.trim_ascii(), words);
        n += 1;
    }
    Ok(n)
}

/// The scalar sets that constraint clauses may name.
pub fn named_scalar_set(name: &str) -> Option<&'static [Scalar]> {
    use Scalar::*;
    Some(match name {
        "any" => &[Bool, AbstractInt, AbstractFloat, I32, U32, F32, F16],
        "num" => &[AbstractInt, AbstractFloat, I32, U32, F32, F16],
        "cnum" => &[I32, U32, F32, F16],
        "float" => &[AbstractFloat, F32, F16],
        "cfloat" => &[F32, F16],
        "int" => &[AbstractInt, I32, U32],
        "cint" => &[I32, U32],
        "signed" => &[AbstractInt, AbstractFloat, I32, F32, F16],
        "ccore" => &[I32, U32, F32],
        _ => return None,
    })
}

fn scalar_name(name: &str) -> Option<Scalar> {
    Some(match name {
        "bool" => Scalar::Bool,
        "ai" => Scalar::AbstractInt,
        "af" => Scalar::AbstractFloat,
        "i32" => Scalar::I32,
        "u32" => Scalar::U32,
        "f32" => Scalar::F32,
        "f16" => Scalar::F16,
        _ => return None,
    })
}

fn dim_suffix(s: &str) -> Option<TextureDim> {
    Some(match s {
        "1d" => TextureDim::D1,
        "2d" => TextureDim::D2,
        "2d_array" => TextureDim::D2Array,
        "3d" => TextureDim::D3,
        "cube" => TextureDim::Cube,
        "cube_array" => TextureDim::CubeArray,
        _ => return None,
    })
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Parsed<Self> {
        let (sig, constraints) = text.split_once('|').unwrap_or((text, ""));
        let (ahead, rest) = split_token(sig);
        let mut clauses = [("", ""); MAX_CLAUSES];
        let num_clauses = split_clauses(constraints, &mut clauses)?;
        Ok(Parser {
            rest,
            ahead,
            // Most overloads have one to three variables.
            vars: Vec::with_capacity(4),
            var_names: Vec::with_capacity(4),
            clauses,
            num_clauses,
        })
    }

    fn clauses(&self) -> &[(&'a str, &'a str)] {
        &self.clauses[..self.num_clauses]
    }

    fn peek(&self) -> Option<&'a str> {
        self.ahead
    }

    fn next(&mut self) -> Parsed<&'a str> {
        let t = self.ahead.ok_or("unexpected end")?;
        (self.ahead, self.rest) = split_token(self.rest);
        Ok(t)
    }

    fn eat(&mut self, t: &str) -> bool {
        if self.peek() == Some(t) {
            (self.ahead, self.rest) = split_token(self.rest);
            true
        } else {
            false
        }
    }

    fn expect(&mut self, t: &str) -> Parsed<()> {
        if self.eat(t) {
            Ok(())
        } else {
            Err("a punctuation token or keyword is missing")
        }
    }

    /// The variable named `name`, created with `default` kind (or its clause) on first use.
    fn var(&mut self, name: &'a str, default: VarKind) -> Parsed<VarId> {
        if let Some(i) = self.var_names.iter().position(|v| *v == name) {
            return Ok(i as VarId);
        }
        let kind = match self.clauses().iter().find(|(n, _)| *n == name) {
            Some((_, words)) => clause_kind(words, &default)?,
            None => default,
        };
        self.vars.push(Var { kind });
        self.var_names.push(name);
        Ok((self.vars.len() - 1) as VarId)
    }

    fn overload(mut self) -> Parsed<Overload> {
        let mut templates = Vec::new();
        if self.eat("<") {
            loop {
                templates.push(self.pattern()?);
                if !self.eat(",") {
                    break;
                }
            }
            self.expect(">")?;
        }
        self.expect("(")?;
        let mut params = Vec::new();
        if !self.eat(")") {
            loop {
                let must_be_const = self.eat("@") && {
                    self.expect("const")?;
                    true
                };
                let name = self.next()?.to_string();
                self.expect(":")?;
                let pat = self.pattern()?;
                params.push(Param {
                    name,
                    pat,
                    must_be_const,
                });
                if !self.eat(",") {
                    break;
                }
            }
            self.expect(")")?;
        }
        let ret = if self.eat("->") {
            Some(self.pattern()?)
        } else {
            None
        };
        if self.peek().is_some() {
            return Err("trailing tokens");
        }
        for (name, _) in self.clauses() {
            if !self.var_names.contains(name) {
                return Err("a constraint names an unknown variable");
            }
        }
        Ok(Overload {
            templates,
            params,
            ret,
            vars: self.vars,
            text: String::new(),
        })
    }

    fn width(&mut self, s: &'a str, allow_scalar: bool) -> Parsed<Width> {
        if let Ok(n) = s.parse::<u8>() {
            return Ok(Width::Fixed(n));
        }
        Ok(Width::Var {
            var: self.var(s, VarKind::Width)?,
            allow_scalar,
        })
    }

    fn template_one(&mut self) -> Parsed<Pat> {
        self.expect("<")?;
        let p = self.pattern()?;
        self.expect(">")?;
        Ok(p)
    }

    fn space(&mut self) -> Parsed<SpacePat> {
        let t = self.next()?;
        match AddressSpace::from_name(t) {
            Some(s) => Ok(SpacePat::Fixed(s)),
            None => Ok(SpacePat::Var(self.var(t, VarKind::Space(None))?)),
        }
    }

    fn access(&mut self) -> Parsed<AccessPat> {
        let t = self.next()?;
        match Access::from_name(t) {
            Some(a) => Ok(AccessPat::Fixed(a)),
            None => Ok(AccessPat::Var(self.var(t, VarKind::Access(None))?)),
        }
    }

    fn pattern(&mut self) -> Parsed<Pat> {
        let name = self.next()?;
        if let Some(s) = scalar_name(name) {
            return Ok(Pat::Scalar(s));
        }
        if let Some(rest) = name.strip_prefix("vec") {
            let w = self.width(rest, false)?;
            return Ok(Pat::Vec(w, Box::new(self.template_one()?)));
        }
        if let Some(rest) = name.strip_prefix('v') {
            if rest.len() == 1 && rest.chars().all(|c| c.is_ascii_uppercase()) {
                let w = self.width(rest, true)?;
                return Ok(Pat::Vec(w, Box::new(self.template_one()?)));
            }
        }
        if let Some(rest) = name.strip_prefix("mat") {
            if let Some((c, r)) = rest.split_once('x') {
                let c = self.width(c, false)?;
                let r = self.width(r, false)?;
                return Ok(Pat::Mat(c, r, Box::new(self.template_one()?)));
            }
        }
        if let Some(rest) = name.strip_prefix("texture_") {
            if let Some(d) = rest.strip_prefix("depth_") {
                if d == "multisampled_2d" {
                    return Ok(Pat::DepthMultisampledTexture);
                }
                return Ok(Pat::DepthTexture(dim_suffix(d).ok_or("bad depth texture")?));
            }
            if rest == "external" {
                return Ok(Pat::ExternalTexture);
            }
            if rest == "multisampled_2d" {
                return Ok(Pat::MultisampledTexture(Box::new(self.template_one()?)));
            }
            if let Some(d) = rest.strip_prefix("storage_") {
                let dim = dim_suffix(d).ok_or("bad storage texture")?;
                self.expect("<")?;
                let f = self.next()?;
                let f = self.var(f, VarKind::TexelFormat)?;
                self.expect(",")?;
                let a = self.access()?;
                self.expect(">")?;
                return Ok(Pat::StorageTexture(dim, f, a));
            }
            let dim = dim_suffix(rest).ok_or("bad texture")?;
            return Ok(Pat::SampledTexture(dim, Box::new(self.template_one()?)));
        }
        Ok(match name {
            "sampler" => Pat::Sampler { comparison: false },
            "sampler_comparison" => Pat::Sampler { comparison: true },
            "atomic" => Pat::Atomic(Box::new(self.template_one()?)),
            "array" => Pat::RuntimeArray(Box::new(self.template_one()?)),
            "frexp" => Pat::Frexp(Box::new(self.template_one()?)),
            "modf" => Pat::Modf(Box::new(self.template_one()?)),
            "acer" => Pat::AtomicCompareExchangeResult(Box::new(self.template_one()?)),
            "texel" => {
                self.expect("<")?;
                let f = self.next()?;
                let f = self.var(f, VarKind::TexelFormat)?;
                self.expect(">")?;
                Pat::Texel(f)
            }
            "buffer" => {
                if self.eat("<") {
                    let n = self.next()?;
                    let n = self.var(n, VarKind::Size)?;
                    self.expect(">")?;
                    Pat::Buffer(Some(n))
                } else {
                    Pat::Buffer(None)
                }
            }
            "ptr" => {
                self.expect("<")?;
                let space = self.space()?;
                self.expect(",")?;
                let store = self.pattern()?;
                let access = if self.eat(",") {
                    self.access()?
                } else {
                    match space {
                        SpacePat::Fixed(s) => AccessPat::Fixed(s.default_access()),
                        SpacePat::Var(_) => return Err("ptr with a space variable needs AM"),
                    }
                };
                self.expect(">")?;
                Pat::Ptr(space, Box::new(store), access)
            }
            _ if name.chars().next().is_some_and(|c| c.is_ascii_uppercase()) => {
                Pat::Var(self.var(name, VarKind::Type(TypePredicate::Any))?)
            }
            _ => return Err("unknown type"),
        })
    }
}

/// The kind a constraint clause (its whitespace-separated `words`) gives a variable whose
/// position suggested `default`.
fn clause_kind(words: &str, default: &VarKind) -> Parsed<VarKind> {
    match default {
        // Loops: a `collect` into a `Result` is two copies of the iterator code each.
        VarKind::Space(_) => {
            let mut set = Vec::new();
            for w in words.split_ascii_whitespace() {
                set.push(AddressSpace::from_name(w).ok_or("bad address space")?);
            }
            Ok(VarKind::Space(Some(set)))
        }
        VarKind::Access(_) => {
            let mut set = Vec::new();
            for w in words.split_ascii_whitespace() {
                set.push(Access::from_name(w).ok_or("bad access mode")?);
            }
            Ok(VarKind::Access(Some(set)))
        }
        VarKind::Type(_) => {
            let word = words.trim_ascii();
            match word {
                "constructible" => return Ok(VarKind::Type(TypePredicate::Constructible)),
                "hostshareable" => return Ok(VarKind::Type(TypePredicate::HostShareable)),
                _ => {}
            }
            if let Some(named) = named_scalar_set(word) {
                return Ok(VarKind::ScalarSet(Cow::Borrowed(named)));
            }
            let mut set = Vec::new();
            for w in words.split_ascii_whitespace() {
                if let Some(named) = named_scalar_set(w) {
                    set.extend_from_slice(named);
                } else {
                    set.push(scalar_name(w).ok_or("bad scalar")?);
                }
            }
            Ok(VarKind::ScalarSet(Cow::Owned(set)))
        }
        _ => Err("this variable takes no constraint"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_texture_overload() {
        let o = parse_overload(
            "(t: texture_2d_array<ST>, s: sampler, coords: vec2<f32>, array_index: A, \
             @const offset: vec2<i32>) -> vec4<ST> | ST: f32 i32 u32; A: cint",
        );
        assert_eq!(o.params.len(), 5);
        assert!(o.params[4].must_be_const);
        assert_eq!(o.vars.len(), 2);
        assert_eq!(
            o.vars[0].kind,
            VarKind::ScalarSet(vec![Scalar::F32, Scalar::I32, Scalar::U32].into())
        );
        assert_eq!(
            o.vars[1].kind,
            VarKind::ScalarSet(vec![Scalar::I32, Scalar::U32].into())
        );
    }

    #[test]
    fn parses_matrix_and_pointer_forms() {
        let o = parse_overload("(e1: matKxR<S>, e2: matCxK<S>) -> matCxR<S> | S: float");
        assert_eq!(o.vars.len(), 4);
        let o = parse_overload(
            "(p: ptr<AS, atomic<T>, read_write>, v: T) -> T | AS: storage workgroup; T: cint",
        );
        assert_eq!(
            o.vars[0].kind,
            VarKind::Space(Some(vec![AddressSpace::Storage, AddressSpace::Workgroup]))
        );
        let o = parse_overload("(p: ptr<workgroup, T>) -> T | T: constructible");
        assert!(matches!(
            o.params[0].pat,
            Pat::Ptr(_, _, AccessPat::Fixed(Access::ReadWrite))
        ));
        let o = parse_overload("<vN<T>>(e: vN<S>) -> vN<T> | S: ccore; T: ccore");
        assert_eq!(o.templates.len(), 1);
    }
}
