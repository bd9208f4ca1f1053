//! The text printer. The format is described in the essay of `ir/mod.rs`; this file
//! follows it exactly, and `parse.rs` reads it back.
//!
//! Printing numbers ids densely: unnamed module-scope items are `@0, @1, …` in print
//! order, and inside each function unnamed values are `%0, %1, …` and blocks `^0, ^1, …`.
//! Named ones print their debug name, made unique with a `.N` suffix. So the text does not
//! depend on the arena's history, and `print(parse(print(m))) == print(m)`.
//! [`print_stable`] is the exception, for comparing a module with itself after a pass:
//! unnamed items there print their arena index, which an instruction keeps while it
//! lives, so two prints differ only where the pass changed something.
//!
//! Types, scalar and vector constants, zero values, `undef` and global `specialize`
//! values print inline where they are used. Other module-scope instructions print as
//! items, in the order of the module's children.

use super::enums::{
    AccessMode, AddressSpace, BuiltinValue, DepthMode, InterpolationSampling, InterpolationType,
    TexelFormat, TextureDim,
};
use super::module::{Inst, Module};
use super::opcode::Opcode;
use crate::diag::Span;
use crate::util::float_text::debug_f32;
use crate::util::text::Text;
use std::fmt::Write;

/// Prints a module.
pub fn print(m: &Module) -> String {
    let mut p = Printer::new(m, false);
    p.module();
    p.out.finish()
}

/// Prints a module with its unnamed values, blocks and module-scope items numbered by
/// arena index rather than densely (see the module essay): the pass-by-pass IR
/// (`--print-after-all`, the playground's steps), where a diff between two steps should
/// show what the pass did and not the renumbering it caused.
pub fn print_stable(m: &Module) -> String {
    let mut p = Printer::new(m, false);
    p.stable = true;
    p.module();
    p.out.finish()
}

/// Prints a module and returns, for every printed instruction (by index), the span of its
/// line in the text: where a diagnostic about it points.
pub fn print_with_spans(m: &Module) -> (String, Vec<Span>) {
    let mut p = Printer::new(m, true);
    p.module();
    (p.out.finish(), p.spans)
}

/// The spelling of one type, for messages.
pub fn type_to_string(m: &Module, t: Inst) -> String {
    let mut p = Printer::new(m, false);
    p.budget = MESSAGE_BUDGET;
    p.type_ref(t, 0);
    p.finish_message()
}

/// The spelling of one operand as the printer would write it in the whole module, for
/// messages. Numbers the enclosing function (or the module) on each call: meant for
/// error paths, not hot ones.
pub fn operand_to_string(m: &Module, v: Inst) -> String {
    let mut p = Printer::new(m, false);
    p.budget = MESSAGE_BUDGET;
    p.assign_globals();
    // The function (or generic) around `v`, if any, numbers its values and blocks.
    let mut cur = Some(v);
    while let Some(x) = cur {
        if matches!(m.opcode(x), Opcode::Func | Opcode::Generic) {
            p.assign_locals(x);
            break;
        }
        cur = m.parent(x);
    }
    p.operand(v);
    p.finish_message()
}

const NAMED: u32 = 1 << 31;
const UNSET: u32 = u32::MAX;
/// Deeper types print as `…`: only a corrupt module nests this deep, as the parser and
/// lowering both limit nesting.
const MAX_TYPE_DEPTH: u32 = 64;
/// The most bytes a type or operand spelled for a message takes before the rest prints as
/// `…`. Depth alone does not bound a spelling: a corrupt module's type whose operands are
/// each the type before it (`fn(T, T) -> T`, 20 levels deep) spells in 2^20 copies.
const MESSAGE_BUDGET: usize = 1024;
/// The most bytes one type or operand spells in a whole module before the rest prints as
/// `…`, for the same reason (a corrupt binary module's type that contains itself through
/// two operands would otherwise spell in 2^64 copies). Every valid type spells in far less.
const MAX_SPELLING: usize = 64 * 1024;

pub(crate) fn is_plain_ident(s: &str) -> bool {
    // Bytes rather than chars: a plain identifier is ASCII, and any byte of a non-ASCII
    // character fails the test as the character would.
    let bytes = s.as_bytes();
    let Some(&first) = bytes.first() else {
        return false;
    };
    if !(first.is_ascii_alphabetic() || first == b'_') {
        return false;
    }
    let mut k = 1;
    while k < bytes.len() {
        let b = bytes[k];
        if !(b.is_ascii_alphanumeric() || b == b'_') {
            return false;
        }
        k += 1;
    }
    true
}

struct Printer<'m> {
    m: &'m Module,
    out: Text,
    /// Per instruction: `NAMED | suffix` for named ones, the number for unnamed ones.
    ids: Vec<u32>,
    record_spans: bool,
    spans: Vec<Span>,
    /// Per instruction, where in `out` a global type printed so far was first spelled
    /// (`start..end`; `0..0` when not yet): most instructions print one, and copying the
    /// earlier spelling is cheaper than walking the type again.
    type_spelled: Vec<(u32, u32)>,
    /// Per instruction, the sigil of a function's block (`^`) or local value (`%`) once
    /// numbered, else 0: what `operand_at` would work out from its opcode and place, for
    /// the operands that are most of a function's text.
    local_sigil: Vec<u8>,
    /// As `type_spelled`, for named blocks and local values (see `id`).
    id_spelled: Vec<(u32, u32)>,
    /// As `type_spelled`, for global constants printed as operands.
    literal_spelled: Vec<(u32, u32)>,
    /// The numbering scopes of the function being printed, kept to reuse their tables.
    values: Scope<'m>,
    blocks: Scope<'m>,
    /// How long `out` may grow before types and operands print as `…` (messages only;
    /// a whole module prints whole).
    budget: usize,
    /// Where `…` ended when it was written for the budget: the rest is left out.
    elided: Option<usize>,
    /// Where the type or operand being spelled started ([`MAX_SPELLING`]).
    spelling_start: usize,
    /// Unnamed items print their arena index ([`print_stable`]).
    stable: bool,
}

/// Hands out unique spellings within one scope.
#[derive(Default)]
struct Scope<'m> {
    next: u32,
    /// Names borrowed from the module, so that numbering allocates no string.
    seen: crate::util::map::Map<&'m str, u32>,
}

impl<'m> Scope<'m> {
    fn clear(&mut self) {
        self.next = 0;
        self.seen.clear();
    }

    fn assign(&mut self, name: Option<&'m str>) -> u32 {
        match name {
            Some(n) => {
                let count = self.seen.entry(n).or_insert(0);
                let suffix = *count;
                *count += 1;
                NAMED | suffix
            }
            None => {
                self.next += 1;
                self.next - 1
            }
        }
    }
}

impl<'m> Printer<'m> {
    fn new(m: &'m Module, record_spans: bool) -> Self {
        Printer {
            m,
            out: Text::default(),
            ids: Vec::new(),
            record_spans,
            type_spelled: Vec::new(),
            local_sigil: Vec::new(),
            id_spelled: Vec::new(),
            literal_spelled: Vec::new(),
            values: Scope::default(),
            blocks: Scope::default(),
            budget: usize::MAX,
            elided: None,
            spelling_start: 0,
            stable: false,
            spans: if record_spans {
                vec![Span::DETACHED; m.capacity()]
            } else {
                Vec::new()
            },
        }
    }

    fn push_u32(&mut self, x: u32) {
        self.out.push_u32(x);
    }

    /// Whether the budget is spent (then `…` stands for everything after it, once).
    fn spent(&mut self) -> bool {
        if self.out.len() < self.budget {
            return false;
        }
        if self.elided.is_none() {
            self.out.push_str("…");
            self.elided = Some(self.out.len());
        }
        true
    }

    /// The text for a message: up to `…` when the budget cut it, without the closing
    /// brackets and separators the enclosing levels wrote after it.
    fn finish_message(self) -> String {
        let mut text = self.out.finish();
        if let Some(at) = self.elided {
            text.truncate(at);
        }
        text
    }

    /// Starts a spelling at depth 0; deeper, whether it has reached [`MAX_SPELLING`] (then
    /// `…` stands for the rest of it).
    fn spelled_too_much(&mut self, depth: u32) -> bool {
        if depth == 0 {
            self.spelling_start = self.out.len();
            return false;
        }
        if self.out.len().saturating_sub(self.spelling_start) < MAX_SPELLING {
            return false;
        }
        self.out.push_str("…");
        true
    }

    /// Whether `n` more bytes stay within the budget.
    fn fits(&self, n: usize) -> bool {
        self.out.len().saturating_add(n) <= self.budget
    }

    fn mark_start(&mut self, i: Inst) -> usize {
        let _ = i;
        self.out.len()
    }

    fn mark_end(&mut self, i: Inst, start: usize) {
        if self.record_spans {
            self.spans[i.index()] = Span::from_range(start..self.out.len());
        }
    }

    /// Whether a module-scope instruction prints inline where it is used.
    fn is_inline(&self, i: Inst) -> bool {
        let m = self.m;
        let op = m.opcode(i);
        if op.is_type() {
            return op != Opcode::Struct;
        }
        match op {
            Opcode::Constant | Opcode::Undef | Opcode::Specialize => true,
            // `@S()` would read as a call of `@S`: a struct's zero is a module item.
            Opcode::Zero => m.ty(i).is_none_or(|t| m.opcode(t) != Opcode::Struct),
            Opcode::Composite => self.is_inline_vector(i),
            _ => false,
        }
    }

    /// A vector constant whose parts are scalar constants prints inline.
    fn is_inline_vector(&self, i: Inst) -> bool {
        let m = self.m;
        m.ty(i).is_some_and(|t| m.opcode(t) == Opcode::Vec)
            && m.operands(i).all(|x| m.opcode(x) == Opcode::Constant)
    }

    // ---- naming ---------------------------------------------------------------------

    fn assign_globals(&mut self) {
        let m = self.m;
        self.ids.resize(m.capacity(), UNSET);
        let mut scope = Scope::default();
        for c in m.children(m.root()) {
            if self.is_inline(c) {
                continue;
            }
            self.ids[c.index()] = self.number(&mut scope, c);
        }
    }

    fn assign_locals(&mut self, container: Inst) {
        let m = self.m;
        if self.ids.len() < m.capacity() {
            self.ids.resize(m.capacity(), UNSET);
        }
        if self.local_sigil.len() < m.capacity() {
            self.local_sigil.resize(m.capacity(), 0);
        }
        let mut values = std::mem::take(&mut self.values);
        let mut blocks = std::mem::take(&mut self.blocks);
        values.clear();
        blocks.clear();
        for b in m.children(container) {
            if m.opcode(b) != Opcode::Block {
                continue;
            }
            self.ids[b.index()] = self.number(&mut blocks, b);
            self.local_sigil[b.index()] = b'^';
            for i in m.children(b) {
                if m.ty(i).is_some_and(|t| m.opcode(t) != Opcode::Void) {
                    self.ids[i.index()] = self.number(&mut values, i);
                    if m.opcode(i) != Opcode::Block && !m.is_global(i) {
                        self.local_sigil[i.index()] = b'%';
                    }
                }
            }
        }
        self.values = values;
        self.blocks = blocks;
    }

    /// `i`'s id in `scope`: its name made unique, else the next number, or in a stable
    /// print its arena index.
    fn number(&self, scope: &mut Scope<'m>, i: Inst) -> u32 {
        match self.m.name(i) {
            None if self.stable => i.index() as u32 & !NAMED,
            name => scope.assign(name),
        }
    }

    fn id(&mut self, sigil: u8, i: Inst) {
        let id = self.ids.get(i.index()).copied().unwrap_or(UNSET);
        if id & NAMED == 0 {
            // Numbered: most ids.
            self.out.push_prefixed_u32(&[sigil], id);
            return;
        }
        // A named block or local value: its spelling, sigil included, is the same at
        // every use (it is numbered once per print), so it is spelled once and copied.
        let cached = sigil != b'@' && id != UNSET;
        if cached
            && let Some(&(start, end)) = self.id_spelled.get(i.index())
            && end > 0
        {
            self.out.push_within(start as usize..end as usize);
            return;
        }
        let start = self.out.len();
        self.named_id(sigil, id, i);
        if cached {
            if self.id_spelled.len() < self.m.capacity() {
                self.id_spelled.resize(self.m.capacity(), (0, 0));
            }
            if let (Ok(start), Ok(end)) = (u32::try_from(start), u32::try_from(self.out.len())) {
                self.id_spelled[i.index()] = (start, end);
            }
        }
    }

    /// An id that is not a plain number: a name, or what stands for an id not numbered.
    fn named_id(&mut self, sigil: u8, id: u32, i: Inst) {
        self.out.push(sigil);
        if id == UNSET {
            // Not numbered in this scope: a value of another function, or a corrupt
            // reference. Print something recognisable rather than fail.
            match self.m.name(i) {
                Some(n) => self.name_text(n),
                None => {
                    self.out.push_prefixed_u32(b"?", i.index() as u32);
                }
            }
            return;
        }
        let name = self.m.name(i).unwrap_or("?");
        if sigil == b'@' && Opcode::is_decoration_name(name) {
            // `@location` would read as a decoration.
            self.quoted(name);
        } else {
            self.name_text(name);
        }
        let suffix = id & !NAMED;
        if suffix > 0 {
            self.out.push_prefixed_u32(b".", suffix);
        }
    }

    fn name_text(&mut self, name: &str) {
        if is_plain_ident(name) {
            self.out.push_str(name);
        } else {
            self.quoted(name);
        }
    }

    fn quoted(&mut self, name: &str) {
        {
            self.out.push(b'"');
            for c in name.chars() {
                match c {
                    '"' => self.out.push_lit(b"\\\""),
                    '\\' => self.out.push_lit(b"\\\\"),
                    '\n' => self.out.push_lit(b"\\n"),
                    c if c.is_control() => {
                        let _ = write!(self.out, "\\u{{{:x}}}", c as u32);
                    }
                    c => {
                        let mut utf8 = [0; 4];
                        self.out.push_str(c.encode_utf8(&mut utf8));
                    }
                }
            }
            self.out.push(b'"');
        }
    }

    // ---- module -------------------------------------------------------------------------

    fn module(&mut self) {
        let m = self.m;
        self.assign_globals();
        let mut first = true;
        for c in m.children(m.root()) {
            if self.is_inline(c) {
                continue;
            }
            let op = m.opcode(c);
            let is_block_item = matches!(op, Opcode::Func | Opcode::Generic | Opcode::Struct);
            if !first && is_block_item {
                self.out.push(b'\n');
            }
            first = false;
            match op {
                Opcode::Struct => self.struct_item(c),
                Opcode::Func | Opcode::Generic => self.func_item(c),
                _ => {
                    let start = self.mark_start(c);
                    self.instruction(c, b'@');
                    self.mark_end(c, start);
                    self.out.push(b'\n');
                }
            }
        }
    }

    fn decorations(&mut self, i: Inst, filter: impl Fn(Opcode) -> bool) {
        let m = self.m;
        for d in m.decorations(i) {
            if !filter(m.opcode(d)) {
                continue;
            }
            let start = self.mark_start(d);
            self.out.push_lit(b" @");
            self.out.push_str(m.opcode(d).name());
            let n = m.num_operands(d);
            if n > 0 {
                self.out.push(b'(');
                for k in 0..n {
                    if k > 0 {
                        self.out.push_lit(b", ");
                    }
                    self.decoration_operand(m.opcode(d), k, m.operand(d, k));
                }
                self.out.push(b')');
            }
            self.mark_end(d, start);
        }
    }

    fn decoration_operand(&mut self, op: Opcode, k: usize, v: Inst) {
        let m = self.m;
        let word = m
            .const_u32(v)
            .filter(|_| m.ty(v).is_some_and(|t| m.opcode(t) == Opcode::U32));
        let name = word.and_then(|w| match (op, k) {
            (Opcode::DecoBuiltin, 0) => BuiltinValue::from_u32(w).map(|x| x.name()),
            (Opcode::DecoBuiltin, 1) => DepthMode::from_u32(w).map(|x| x.name()),
            (Opcode::DecoInterpolate, 0) => InterpolationType::from_u32(w).map(|x| x.name()),
            (Opcode::DecoInterpolate, 1) => InterpolationSampling::from_u32(w).map(|x| x.name()),
            _ => None,
        });
        match (name, word) {
            (Some(n), _) => self.out.push_str(n),
            (None, Some(w)) if !matches!(op, Opcode::DecoBuiltin | Opcode::DecoInterpolate) => {
                self.push_u32(w)
            }
            _ => self.operand(v),
        }
    }

    fn struct_item(&mut self, s: Inst) {
        let m = self.m;
        let start = self.mark_start(s);
        self.out.push_lit(b"struct ");
        self.id(b'@', s);
        self.out.push_lit(b" {\n");
        let mut scope = Scope::default();
        for f in m.children(s) {
            let fstart = self.mark_start(f);
            self.out.push_lit(b"  %");
            match m.name(f) {
                Some(n) => {
                    let id = scope.assign(Some(n));
                    self.name_text(n);
                    if id & !NAMED > 0 {
                        self.out.push(b'.');
                        self.push_u32(id & !NAMED);
                    }
                }
                None => {
                    let id = scope.assign(None);
                    self.push_u32(id);
                }
            }
            self.out.push_lit(b": ");
            self.type_opt(m.ty(f));
            self.decorations(f, |_| true);
            self.mark_end(f, fstart);
            self.out.push(b'\n');
        }
        self.out.push(b'}');
        self.decorations(s, |_| true);
        self.mark_end(s, start);
        self.out.push(b'\n');
    }

    fn func_item(&mut self, f: Inst) {
        let m = self.m;
        let start = self.mark_start(f);
        self.assign_locals(f);
        self.out.push_str(m.opcode(f).name());
        self.out.push(b' ');
        self.id(b'@', f);
        let fty = m.ty(f);
        let parts = fty.and_then(|t| m.fn_parts(t));
        let entry = m.first_child(f);
        match (parts, entry) {
            (Some((result, _)), Some(entry)) => {
                self.out.push(b'(');
                self.param_list(entry);
                self.out.push(b')');
                let has_io = m.decorations(f).any(|d| m.opcode(d).is_io_decoration());
                if m.opcode(result) != Opcode::Void || has_io {
                    self.out.push_lit(b" ->");
                    self.decorations(f, Opcode::is_io_decoration);
                    self.out.push(b' ');
                    self.type_ref(result, 0);
                }
                self.decorations(f, |op| !op.is_io_decoration());
                self.mark_end(f, start);
                self.out.push_lit(b" {\n");
                for b in m.children(f) {
                    self.block(b, b == entry);
                }
                self.out.push_lit(b"}\n");
            }
            _ => {
                // A function without body (or with a malformed type): its declaration.
                self.out.push_lit(b": ");
                self.type_opt(fty);
                self.decorations(f, |_| true);
                self.mark_end(f, start);
                self.out.push(b'\n');
            }
        }
    }

    fn param_list(&mut self, block: Inst) {
        let m = self.m;
        let mut first = true;
        for p in m.children(block) {
            if m.opcode(p) != Opcode::Param {
                break;
            }
            if !first {
                self.out.push_lit(b", ");
            }
            first = false;
            let start = self.mark_start(p);
            self.id(b'%', p);
            self.out.push_lit(b": ");
            self.type_opt(m.ty(p));
            self.decorations(p, |_| true);
            self.mark_end(p, start);
        }
    }

    fn block(&mut self, b: Inst, is_entry: bool) {
        let m = self.m;
        if m.opcode(b) != Opcode::Block {
            // A corrupt function child; show it as an instruction.
            self.out.push_lit(b"  ");
            self.instruction(b, b'%');
            self.out.push(b'\n');
            return;
        }
        let start = self.mark_start(b);
        self.id(b'^', b);
        let has_params = m
            .first_child(b)
            .is_some_and(|c| m.opcode(c) == Opcode::Param);
        if has_params && !is_entry {
            self.out.push(b'(');
            self.param_list(b);
            self.out.push(b')');
        }
        self.out.push(b':');
        self.decorations(b, |_| true);
        self.mark_end(b, start);
        self.out.push(b'\n');
        for i in m.children(b) {
            if m.opcode(i) == Opcode::Param {
                // Printed in the label (or, for the entry block, the function header).
                continue;
            }
            self.out.push_lit(b"  ");
            let start = self.mark_start(i);
            self.instruction(i, b'%');
            self.mark_end(i, start);
            self.out.push(b'\n');
        }
    }

    // ---- instructions ---------------------------------------------------------------------

    fn instruction(&mut self, i: Inst, sigil: u8) {
        let m = self.m;
        let op = m.opcode(i);
        let ty = m.ty(i);
        let has_result = ty.is_some_and(|t| m.opcode(t) != Opcode::Void);
        if has_result {
            self.id(sigil, i);
            self.out.push_lit(b": ");
            self.type_opt(ty);
            self.out.push_lit(b" = ");
        }
        if op.is_type() {
            // A local (non-global) type, in a generic's body.
            self.type_body(i, 0);
            self.decorations(i, |_| true);
            return;
        }
        self.out.push_str(op.name());
        let n = m.num_operands(i);
        match op {
            Opcode::Constant => {
                self.out.push(b' ');
                self.literal(i, 0);
            }
            Opcode::Br if n > 0 => {
                self.out.push(b' ');
                self.block_with_args(m.operand(i, 0), 1, i);
            }
            Opcode::IfElse if n == 4 => {
                self.out.push(b' ');
                self.operand(m.operand(i, 0));
                self.out.push_lit(b", ");
                self.operand(m.operand(i, 1));
                self.out.push_lit(b", ");
                self.operand(m.operand(i, 2));
                self.out.push_lit(b", merge ");
                self.operand(m.operand(i, 3));
            }
            Opcode::Loop if n >= 3 => {
                self.out.push(b' ');
                self.block_with_args(m.operand(i, 0), 3, i);
                self.out.push_lit(b", merge ");
                self.operand(m.operand(i, 1));
                self.out.push_lit(b", continue ");
                self.operand(m.operand(i, 2));
            }
            Opcode::Switch if n >= 3 && n % 2 == 1 => {
                self.out.push(b' ');
                self.operand(m.operand(i, 0));
                self.out.push_lit(b", default ");
                self.operand(m.operand(i, 1));
                self.out.push_lit(b", merge ");
                self.operand(m.operand(i, 2));
                let mut k = 3;
                while k + 1 < n {
                    self.out.push_lit(b", case ");
                    self.operand(m.operand(i, k));
                    self.out.push(b' ');
                    self.operand(m.operand(i, k + 1));
                    k += 2;
                }
            }
            Opcode::Call if n > 0 => {
                self.out.push(b' ');
                self.operand(m.operand(i, 0));
                self.out.push(b'(');
                for k in 1..n {
                    if k > 1 {
                        self.out.push_lit(b", ");
                    }
                    self.operand(m.operand(i, k));
                }
                self.out.push(b')');
            }
            _ => {
                for (k, v) in m.operands(i).enumerate() {
                    self.out.push_str(if k == 0 { " " } else { ", " });
                    self.operand(v);
                }
            }
        }
        self.decorations(i, |_| true);
    }

    fn block_with_args(&mut self, target: Inst, first_arg: usize, user: Inst) {
        let m = self.m;
        self.operand(target);
        let n = m.num_operands(user);
        if n > first_arg {
            self.out.push(b'(');
            for k in first_arg..n {
                if k > first_arg {
                    self.out.push_lit(b", ");
                }
                self.operand(m.operand(user, k));
            }
            self.out.push(b')');
        }
    }

    /// An operand reference.
    fn operand(&mut self, v: Inst) {
        self.operand_at(v, 0);
    }

    /// An operand inside a type or constant nested `depth` deep. Only a corrupt module
    /// (a type that contains itself) nests past the limit.
    fn operand_at(&mut self, v: Inst, depth: u32) {
        if self.spent() || self.spelled_too_much(depth) {
            return;
        }
        if depth > MAX_TYPE_DEPTH {
            self.out.push_str("…");
            return;
        }
        let sigil = self.local_sigil.get(v.index()).copied().unwrap_or(0);
        if sigil != 0 {
            // A block or a local value, as below, without asking the module again.
            self.id(sigil, v);
            return;
        }
        let m = self.m;
        let op = m.opcode(v);
        if op == Opcode::Block {
            self.id(b'^', v);
            return;
        }
        if m.is_global(v) {
            if op.is_type() && op != Opcode::Struct {
                self.type_body(v, depth);
                return;
            }
            match op {
                Opcode::Constant if depth == 0 => return self.global_literal(v),
                Opcode::Constant => return self.literal(v, depth),
                Opcode::Zero | Opcode::Undef | Opcode::Specialize | Opcode::Composite
                    if self.is_inline(v) =>
                {
                    return self.inline_constant(v, depth);
                }
                _ => return self.id(b'@', v),
            }
        }
        self.id(b'%', v);
    }

    fn inline_constant(&mut self, v: Inst, depth: u32) {
        let m = self.m;
        match m.opcode(v) {
            Opcode::Zero => {
                self.type_opt_at(m.ty(v), depth + 1);
                self.out.push_lit(b"()");
            }
            Opcode::Undef => {
                self.out.push_lit(b"undef<");
                self.type_opt_at(m.ty(v), depth + 1);
                self.out.push(b'>');
            }
            Opcode::Specialize => {
                self.out.push_lit(b"specialize<");
                self.type_opt_at(m.ty(v), depth + 1);
                for x in m.operands(v) {
                    self.out.push_lit(b", ");
                    self.operand_at(x, depth + 1);
                }
                self.out.push(b'>');
            }
            _ => {
                self.type_opt_at(m.ty(v), depth + 1);
                self.out.push(b'(');
                for (k, x) in m.operands(v).enumerate() {
                    if k > 0 {
                        self.out.push_lit(b", ");
                    }
                    self.operand_at(x, depth + 1);
                }
                self.out.push(b')');
            }
        }
    }

    /// A global constant as an operand: spelled once, copied after (a float's digits
    /// cost far more than the copy, and shaders use the same few constants often).
    fn global_literal(&mut self, c: Inst) {
        if self.literal_spelled.len() < self.m.capacity() {
            self.literal_spelled.resize(self.m.capacity(), (0, 0));
        }
        let (start, end) = self.literal_spelled[c.index()];
        if end > 0 {
            self.out.push_within(start as usize..end as usize);
            return;
        }
        let start = self.out.len();
        self.literal(c, 0);
        // Texts past 4 GiB are not cached, rather than cached wrong.
        if let (Ok(start), Ok(end)) = (u32::try_from(start), u32::try_from(self.out.len())) {
            self.literal_spelled[c.index()] = (start, end);
        }
    }

    fn literal(&mut self, c: Inst, depth: u32) {
        let m = self.m;
        let bits = m.literal(c);
        let scalar = m.ty(c).and_then(|t| m.scalar(t));
        use super::types::Scalar;
        match scalar {
            Some(Scalar::Bool) if bits <= 1 => {
                self.out.push_str(if bits == 1 { "true" } else { "false" })
            }
            Some(Scalar::I32) => {
                let v = bits as i32;
                if v < 0 {
                    self.out.push(b'-');
                }
                self.push_u32(v.unsigned_abs());
                self.out.push(b'i');
            }
            Some(Scalar::U32) => {
                self.push_u32(bits);
                self.out.push(b'u');
            }
            Some(Scalar::F32) if f32::from_bits(bits).is_finite() => {
                self.out.push_str(&debug_f32(f32::from_bits(bits)));
                self.out.push(b'f');
            }
            Some(Scalar::F16)
                if bits <= 0xffff && half::f16::from_bits(bits as u16).is_finite() =>
            {
                let v = half::f16::from_bits(bits as u16).to_f32();
                self.out.push_str(&debug_f32(v));
                self.out.push(b'h');
            }
            _ => {
                self.out.push_lit(b"bits<");
                self.type_opt_at(m.ty(c), depth + 1);
                let _ = write!(self.out, ">(0x{bits:08x})");
            }
        }
    }

    // ---- types ------------------------------------------------------------------------------

    fn type_opt(&mut self, t: Option<Inst>) {
        self.type_opt_at(t, 0);
    }

    fn type_opt_at(&mut self, t: Option<Inst>, depth: u32) {
        match t {
            Some(t) => self.type_ref(t, depth),
            None => self.out.push_lit(b"<untyped>"),
        }
    }

    /// A type in a type position: inline syntax for global types, a reference otherwise.
    fn type_ref(&mut self, t: Inst, depth: u32) {
        if self.spent() || self.spelled_too_much(depth) {
            return;
        }
        if depth <= MAX_TYPE_DEPTH
            && let Some(&(start, end)) = self.type_spelled.get(t.index())
            && end > 0
            && self.fits((end - start) as usize)
        {
            // A global type spelled before (only those are): copy its spelling, as below.
            self.out.push_within(start as usize..end as usize);
            return;
        }
        let m = self.m;
        let op = m.opcode(t);
        if op == Opcode::Struct && m.is_global(t) {
            return self.id(b'@', t);
        }
        if depth > MAX_TYPE_DEPTH {
            self.out.push_str("…");
            return;
        }
        if op.is_type() && m.is_global(t) {
            if self.type_spelled.len() < m.capacity() {
                self.type_spelled.resize(m.capacity(), (0, 0));
            }
            let (start, end) = self.type_spelled[t.index()];
            if end > 0 && self.fits((end - start) as usize) {
                self.out.push_within(start as usize..end as usize);
                return;
            }
            let start = self.out.len();
            self.type_body(t, depth);
            // Texts past 4 GiB are not cached, rather than cached wrong, nor ones cut short.
            if let (Ok(start), Ok(end)) = (u32::try_from(start), u32::try_from(self.out.len()))
                && self.elided.is_none()
            {
                self.type_spelled[t.index()] = (start, end);
            }
            return;
        }
        self.operand_at(t, depth)
    }

    fn enum_name<E>(
        &self,
        v: Inst,
        from: impl Fn(u32) -> Option<E>,
        name: impl Fn(E) -> &'static str,
    ) -> Option<&'static str> {
        let m = self.m;
        if m.ty(v).is_some_and(|t| m.opcode(t) == Opcode::U32) {
            m.const_u32(v).and_then(from).map(name)
        } else {
            None
        }
    }

    /// The type syntax of type instruction `t` itself.
    fn type_body(&mut self, t: Inst, depth: u32) {
        let m = self.m;
        if self.spent() {
            return;
        }
        if depth > MAX_TYPE_DEPTH {
            self.out.push_str("…");
            return;
        }
        let op = m.opcode(t);
        let n = m.num_operands(t);
        let ops: Vec<Inst> = m.operands(t).collect();
        let count = |k: usize| -> Option<u32> {
            ops.get(k)
                .filter(|&&x| m.ty(x).is_some_and(|ty| m.opcode(ty) == Opcode::U32))
                .and_then(|&x| m.const_u32(x))
        };
        let canonical = match op {
            Opcode::TypeKind
            | Opcode::Label
            | Opcode::Void
            | Opcode::Bool
            | Opcode::I32
            | Opcode::U32
            | Opcode::F32
            | Opcode::F16
            | Opcode::Sampler
            | Opcode::SamplerComparison
            | Opcode::TextureExternal
            | Opcode::RuntimeBuffer
                if n == 0 =>
            {
                self.out.push_str(match op {
                    Opcode::RuntimeBuffer => "buffer",
                    _ => op.name(),
                });
                true
            }
            Opcode::Vec if n == 2 && count(1).is_some_and(|c| (2..=4).contains(&c)) => {
                self.out.push_lit(b"vec");
                self.push_u32(count(1).unwrap_or(0));
                self.out.push(b'<');
                self.type_ref(ops[0], depth + 1);
                self.out.push(b'>');
                true
            }
            Opcode::Mat
                if n == 2
                    && count(1).is_some_and(|c| (2..=4).contains(&c))
                    && m.vec_parts(ops[0])
                        .is_some_and(|(_, r)| (2..=4).contains(&r)) =>
            {
                let (elem, rows) = m.vec_parts(ops[0]).unwrap_or((ops[0], 0));
                self.out.push_lit(b"mat");
                self.push_u32(count(1).unwrap_or(0));
                self.out.push(b'x');
                self.push_u32(rows);
                self.out.push(b'<');
                self.type_ref(elem, depth + 1);
                self.out.push(b'>');
                true
            }
            Opcode::Array if n == 2 || (n == 3 && count(2).is_some()) => {
                self.out.push_lit(b"array<");
                self.type_ref(ops[0], depth + 1);
                self.out.push_lit(b", ");
                match count(1) {
                    Some(c) => self.push_u32(c),
                    None => self.operand_at(ops[1], depth + 1),
                }
                if n == 3 {
                    self.out.push_lit(b", stride=");
                    self.push_u32(count(2).unwrap_or(0));
                }
                self.out.push(b'>');
                true
            }
            Opcode::RuntimeArray if n == 1 || (n == 2 && count(1).is_some()) => {
                self.out.push_lit(b"array<");
                self.type_ref(ops[0], depth + 1);
                if n == 2 {
                    self.out.push_lit(b", stride=");
                    self.push_u32(count(1).unwrap_or(0));
                }
                self.out.push(b'>');
                true
            }
            Opcode::Atomic if n == 1 => {
                self.out.push_lit(b"atomic<");
                self.type_ref(ops[0], depth + 1);
                self.out.push(b'>');
                true
            }
            Opcode::Ptr if n == 3 => {
                let space = self.enum_name(ops[0], AddressSpace::from_u32, AddressSpace::name);
                let access = self.enum_name(ops[2], AccessMode::from_u32, AccessMode::name);
                match (space, access) {
                    (Some(s), Some(a)) => {
                        self.out.push_lit(b"ptr<");
                        self.out.push_str(s);
                        self.out.push_lit(b", ");
                        self.type_ref(ops[1], depth + 1);
                        self.out.push_lit(b", ");
                        self.out.push_str(a);
                        self.out.push(b'>');
                        true
                    }
                    _ => false,
                }
            }
            Opcode::TextureSampled | Opcode::TextureMultisampled if n == 2 => {
                match self.enum_name(ops[0], TextureDim::from_u32, TextureDim::name) {
                    Some(d) => {
                        self.out.push_str(if op == Opcode::TextureSampled {
                            "texture_"
                        } else {
                            "texture_multisampled_"
                        });
                        self.out.push_str(d);
                        self.out.push(b'<');
                        self.type_ref(ops[1], depth + 1);
                        self.out.push(b'>');
                        true
                    }
                    None => false,
                }
            }
            Opcode::TextureDepth | Opcode::TextureDepthMultisampled if n == 1 => {
                match self.enum_name(ops[0], TextureDim::from_u32, TextureDim::name) {
                    Some(d) => {
                        self.out.push_str(if op == Opcode::TextureDepth {
                            "texture_depth_"
                        } else {
                            "texture_depth_multisampled_"
                        });
                        self.out.push_str(d);
                        true
                    }
                    None => false,
                }
            }
            Opcode::TextureStorage if n == 3 => {
                let d = self.enum_name(ops[0], TextureDim::from_u32, TextureDim::name);
                let f = self.enum_name(ops[1], TexelFormat::from_u32, TexelFormat::name);
                let a = self.enum_name(ops[2], AccessMode::from_u32, AccessMode::name);
                match (d, f, a) {
                    (Some(d), Some(f), Some(a)) => {
                        self.out.push_lit(b"texture_storage_");
                        self.out.push_str(d);
                        self.out.push(b'<');
                        self.out.push_str(f);
                        self.out.push_lit(b", ");
                        self.out.push_str(a);
                        self.out.push(b'>');
                        true
                    }
                    _ => false,
                }
            }
            Opcode::Buffer if n == 1 && count(0).is_some() => {
                self.out.push_lit(b"buffer<");
                self.push_u32(count(0).unwrap_or(0));
                self.out.push(b'>');
                true
            }
            Opcode::FnType if n >= 1 => {
                self.out.push_lit(b"fn(");
                for (k, &p) in ops[1..].iter().enumerate() {
                    if k > 0 {
                        self.out.push_lit(b", ");
                    }
                    self.type_ref(p, depth + 1);
                }
                self.out.push_lit(b") -> ");
                self.type_ref(ops[0], depth + 1);
                true
            }
            _ => false,
        };
        if !canonical {
            // The generic form `opcode<operands…>`, which the parser also reads: for
            // types the verifier will reject, so that they can still be shown.
            self.out.push_str(op.name());
            self.out.push(b'<');
            for (k, &x) in ops.iter().enumerate() {
                if k > 0 {
                    self.out.push_lit(b", ");
                }
                if m.is_type_valued(x) {
                    self.type_ref(x, depth + 1);
                } else {
                    self.operand_at(x, depth + 1);
                }
            }
            self.out.push(b'>');
        }
    }
}
