//! The disassembler: SPIR-V words to the text form `spirv-as` reads.
//!
//! The decoder is table-driven: [`grammar`] holds, for every instruction refract's writer
//! emits, its name and a one-byte-per-operand layout, and for every enumerant its name.
//! The text re-assembles to the same words with `spirv-as --preserve-numeric-ids`: ids
//! are printed as numbers (`%12`), never as names, and every literal is printed so it
//! parses back to the same bits — floats that decimal cannot round-trip through `strtof`
//! (denormals, infinities, NaNs) and all 16-bit floats as hexadecimal floats, switch
//! literals with the selector's signedness.
//!
//! # Words it does not understand
//!
//! An instruction the tables do not cover (an unknown opcode or enumerant, operands that
//! run past the word count or stop short of it, a string without its terminator) prints
//! as its raw words in `spirv-as`'s `!<integer>` form, followed by a comment saying why:
//! the text still re-assembles to the same binary, and nothing is silently dropped. Only
//! a stream that is not a module at all (no header, a zero word count, an instruction
//! running past the end) is an error. No input makes it panic.

mod grammar;
#[cfg(test)]
mod tests;

use crate::diag::{Diagnostic, codes};
use crate::util::float_text::debug_f32;
use crate::util::map::Map;
use crate::util::text::Text;
use grammar::{Mask, Table};
use std::fmt::Write;

/// SPIR-V's magic number, the module's first word.
const MAGIC: u32 = 0x0723_0203;

/// Disassembles a module.
pub fn disassemble(words: &[u32]) -> Result<String, Diagnostic> {
    let bad = |why: String| {
        Diagnostic::error(
            codes::SPIRV_BAD_BINARY,
            format!("the words are not a valid SPIR-V module: {why}"),
        )
    };
    let Some(&[magic, version, generator, bound, schema]) = words.get(..5) else {
        return Err(bad(format!(
            "the header needs 5 words, there are {}",
            words.len()
        )));
    };
    if magic != MAGIC {
        return Err(bad(if magic == MAGIC.swap_bytes() {
            "the module is big-endian".to_string()
        } else {
            format!("the first word is {magic:#010x}, not the magic number {MAGIC:#010x}")
        }));
    }
    let mut p = Printer::default();
    // About eight bytes of text per word.
    p.out.reserve(words.len() * 8);
    // Ids are dense below the bound, and a module defines fewer ids than it has words:
    // value types go in a vector indexed by id, the rare id past it in `far_value_types`.
    p.value_types = vec![None; (bound as usize).min(words.len())];
    // The core opcodes are below 512; the rarer extension ones are searched for each time.
    p.op_entries = vec![None; 512];
    let (major, minor) = ((version >> 16) & 0xFF, (version >> 8) & 0xFF);
    let _ = write!(
        p.out,
        "; SPIR-V\n; Version: {major}.{minor}\n; Generator: {generator:#010x}\n\
         ; Bound: {bound}\n; Schema: {schema}\n"
    );
    let mut at = 5;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        if count == 0 {
            return Err(bad(format!(
                "the instruction at word {at} has a word count of 0"
            )));
        }
        let Some(inst) = words.get(at..at + count) else {
            return Err(bad(format!(
                "the instruction at word {at} runs past the end ({count} words, {} left)",
                words.len() - at
            )));
        };
        p.instruction(inst);
        at += count;
    }
    Ok(p.out.finish())
}

/// A scalar type, for printing literals: its width, and whether it is a float or a
/// signed integer (`SIGNED`, `FLOAT`).
type Num = u32;
const SIGNED: Num = 1 << 8;
const FLOAT: Num = 1 << 9;

/// Why an instruction prints as raw words.
enum Raw {
    UnknownOpcode,
    /// An operand the tables do not cover, or operands that do not fit the word count.
    Operands,
}

#[derive(Default)]
struct Printer {
    out: Text,
    /// Scalar types by id.
    numbers: Map<u32, Num>,
    /// The type of each value by id, for switch selectors.
    value_types: Vec<Option<u32>>,
    /// The types of values whose ids are past `value_types`.
    far_value_types: Map<u32, u32>,
    /// The name and layout of each core opcode met so far, by opcode: a module repeats
    /// few opcodes many times, so each is searched for in the tables once.
    op_entries: Vec<Option<(&'static str, &'static [u8])>>,
    /// The ids of `GLSL.std.450` imports.
    glsl_sets: Vec<u32>,
    indent: bool,
}

/// What an operand's printing may depend on besides its own words.
#[derive(Clone, Copy, Default)]
struct Context {
    /// The scalar type of `c` and `p` literals.
    literal: Option<Num>,
    /// Whether `e` numbers name `GLSL.std.450` instructions.
    glsl: bool,
}

/// The words of one instruction's operands, read front to back.
struct Cursor<'a> {
    words: &'a [u32],
}

impl Cursor<'_> {
    fn word(&mut self) -> Result<u32, Raw> {
        let (&w, rest) = self.words.split_first().ok_or(Raw::Operands)?;
        self.words = rest;
        Ok(w)
    }
}

impl Printer {
    /// `opcode`'s name and operand layout; `None` for an opcode the tables lack.
    fn op_entry(&mut self, opcode: u32) -> Option<(&'static str, &'static [u8])> {
        if let Some(&Some(entry)) = self.op_entries.get(opcode as usize) {
            return Some(entry);
        }
        let i = grammar::OPS.find(opcode)?;
        let entry = (grammar::OPS.name(i), grammar::OPS.layout(i));
        if let Some(slot) = self.op_entries.get_mut(opcode as usize) {
            *slot = Some(entry);
        }
        Some(entry)
    }

    fn instruction(&mut self, inst: &[u32]) {
        let start = self.out.len();
        if let Err(why) = self.decoded(inst) {
            self.out.truncate(start);
            self.raw(inst, why);
        }
    }

    /// Prints `inst` from the tables, or says why it cannot.
    fn decoded(&mut self, inst: &[u32]) -> Result<(), Raw> {
        let opcode = inst[0] & 0xFFFF;
        let (name, mut layout) = self.op_entry(opcode).ok_or(Raw::UnknownOpcode)?;
        let mut cur = Cursor { words: &inst[1..] };
        let result_type = match layout.first() {
            Some(b'T') => {
                layout = &layout[1..];
                Some(cur.word()?)
            }
            _ => None,
        };
        let result_id = match layout.first() {
            Some(b'R') => {
                layout = &layout[1..];
                Some(cur.word()?)
            }
            _ => None,
        };
        if opcode == op::LABEL {
            self.out.push(b'\n');
        }
        if let Some(id) = result_id {
            self.id(id);
            self.out.push_lit(b" = ");
        } else if self.indent && opcode != op::FUNCTION_END {
            self.out.push_lit(b"      ");
        }
        self.out.push_lit(b"Op");
        self.out.push_str(name);
        if let Some(t) = result_type {
            self.out.push_prefixed_u32(b" %", t);
        }
        let first = cur.words.first().copied();
        let cx = Context {
            literal: match opcode {
                op::CONSTANT | op::SPEC_CONSTANT => {
                    result_type.and_then(|t| self.numbers.get(&t).copied())
                }
                op::SWITCH => first
                    .and_then(|sel| self.value_type(sel))
                    .and_then(|t| self.numbers.get(&t).copied()),
                _ => None,
            },
            glsl: opcode == op::EXT_INST && first.is_some_and(|s| self.glsl_sets.contains(&s)),
        };
        self.operands(layout, &mut cur, cx)?;
        if !cur.words.is_empty() {
            return Err(Raw::Operands);
        }
        self.out.push(b'\n');
        match opcode {
            op::FUNCTION => self.indent = true,
            op::FUNCTION_END => {
                self.indent = false;
                self.out.push(b'\n');
            }
            _ => {}
        }
        self.track(opcode, result_type, result_id, &inst[1..]);
        Ok(())
    }

    /// `%id`. Ids are most of the text: itoa, not the formatting machinery.
    fn id(&mut self, id: u32) {
        self.out.push_prefixed_u32(b"%", id);
    }

    /// Prints the operands `layout` describes, each after a space.
    fn operands(&mut self, layout: &[u8], cur: &mut Cursor, cx: Context) -> Result<(), Raw> {
        let mut k = 0;
        while k < layout.len() {
            let kind = layout[k];
            let quantifier = layout
                .get(k + 1)
                .copied()
                .filter(|q| matches!(q, b'?' | b'*'));
            if cur.words.is_empty() {
                if quantifier.is_none() {
                    return Err(Raw::Operands);
                }
                break;
            }
            self.operand(kind, cur, cx)?;
            if quantifier != Some(b'*') {
                k += 1 + usize::from(quantifier.is_some());
            }
        }
        Ok(())
    }

    fn operand(&mut self, kind: u8, cur: &mut Cursor, cx: Context) -> Result<(), Raw> {
        if kind == b'i' {
            // The most common operand: the space and the id in one write.
            let id = cur.word()?;
            self.out.push_prefixed_u32(b" %", id);
            return Ok(());
        }
        self.out.push(b' ');
        match kind {
            b'n' => literal(&mut self.out, cur.word()?, None),
            b'c' => self.typed_literal(cur, cx.literal)?,
            b'p' => {
                self.typed_literal(cur, cx.literal)?;
                let id = cur.word()?;
                self.out.push(b' ');
                self.id(id);
            }
            b'q' => {
                let (a, b) = (cur.word()?, cur.word()?);
                self.id(a);
                self.out.push(b' ');
                self.id(b);
            }
            b's' => string(&mut self.out, cur)?,
            b'e' => {
                let n = cur.word()?;
                match grammar::GLSL_STD_450.find(n).filter(|_| cx.glsl) {
                    Some(i) => self.out.push_str(grammar::GLSL_STD_450.name(i)),
                    None => {
                        let _ = write!(self.out, "{n}");
                    }
                }
            }
            b'o' => {
                let i = grammar::OPS.find(cur.word()?).ok_or(Raw::Operands)?;
                self.out.push_str(grammar::OPS.name(i));
                let layout = grammar::OPS.layout(i);
                let skip = layout
                    .iter()
                    .take_while(|&&b| b == b'T' || b == b'R')
                    .count();
                self.operands(&layout[skip..], cur, cx)?;
            }
            b'O' => self.mask(grammar::IMAGE_OPERANDS, cur, cx)?,
            b'a' => self.mask(grammar::MEMORY_ACCESS, cur, cx)?,
            b'l' => self.mask(grammar::LOOP_CONTROL, cur, cx)?,
            b'z' => self.mask(grammar::SELECTION_CONTROL, cur, cx)?,
            b'f' => self.mask(grammar::FUNCTION_CONTROL, cur, cx)?,
            _ => {
                let table = enum_table(kind).ok_or(Raw::Operands)?;
                let i = table.find(cur.word()?).ok_or(Raw::Operands)?;
                let name = table.name(i);
                // The grammar spells dimensions `1D`, `2D`, …; the Rust variants prefix `Dim`.
                self.out.push_str(if kind == b'd' {
                    name.strip_prefix("Dim").unwrap_or(name)
                } else {
                    name
                });
                // The enumerant's parameters follow it.
                let params = table.layout(i);
                for &p in params {
                    self.operand(p, cur, cx)?;
                }
            }
        }
        Ok(())
    }

    /// A literal of the scalar type `ty`: 64-bit types take two words.
    fn typed_literal(&mut self, cur: &mut Cursor, ty: Option<Num>) -> Result<(), Raw> {
        let width = ty.map_or(32, |t| t & 0xFF);
        match width {
            8 | 16 | 32 => literal(&mut self.out, cur.word()?, ty),
            64 => {
                let (lo, hi) = (cur.word()?, cur.word()?);
                let _ = write!(self.out, "{}", u64::from(lo) | u64::from(hi) << 32);
            }
            _ => return Err(Raw::Operands),
        }
        Ok(())
    }

    /// A bit mask as `A|B` (`None` when empty), then each flag's parameters in bit order.
    fn mask(&mut self, flags: Mask, cur: &mut Cursor, cx: Context) -> Result<(), Raw> {
        let bits = cur.word()?;
        if bits == 0 {
            self.out.push_lit(b"None");
            return Ok(());
        }
        let set = || (0..32).filter(move |b| bits & (1 << b) != 0);
        for (n, b) in set().enumerate() {
            let name = flags.get(b).map_or("", |f| f.0);
            if name.is_empty() {
                return Err(Raw::Operands);
            }
            if n > 0 {
                self.out.push(b'|');
            }
            self.out.push_str(name);
        }
        for b in set() {
            for &p in flags[b].1.as_bytes() {
                self.operand(p, cur, cx)?;
            }
        }
        Ok(())
    }

    /// Remembers scalar types, value types and `GLSL.std.450` imports.
    fn track(&mut self, opcode: u32, ty: Option<u32>, id: Option<u32>, words: &[u32]) {
        match (opcode, id, words) {
            (op::TYPE_INT, Some(id), &[_, width, signed, ..]) => {
                self.numbers
                    .insert(id, width.min(0xFF) | if signed != 0 { SIGNED } else { 0 });
            }
            (op::TYPE_FLOAT, Some(id), &[_, width, ..]) => {
                self.numbers.insert(id, width.min(0xFF) | FLOAT);
            }
            (op::EXT_INST_IMPORT, Some(id), [_, name @ ..])
                if string_bytes(name).is_some_and(|(s, _)| s == b"GLSL.std.450") =>
            {
                self.glsl_sets.push(id);
            }
            _ => {}
        }
        if let (Some(t), Some(id)) = (ty, id) {
            match self.value_types.get_mut(id as usize) {
                Some(slot) => *slot = Some(t),
                None => {
                    self.far_value_types.insert(id, t);
                }
            }
        }
    }

    fn value_type(&self, id: u32) -> Option<u32> {
        match self.value_types.get(id as usize) {
            Some(&t) => t,
            None => self.far_value_types.get(&id).copied(),
        }
    }

    /// An instruction as raw words, `!0x…` each, which `spirv-as` reads back as they are.
    fn raw(&mut self, inst: &[u32], why: Raw) {
        if self.indent {
            self.out.push_lit(b"      ");
        }
        for w in inst {
            let _ = write!(self.out, "!{w:#010x} ");
        }
        let opcode = inst[0] & 0xFFFF;
        match (why, grammar::OPS.find(opcode)) {
            (Raw::Operands, Some(i)) => {
                let _ = writeln!(
                    self.out,
                    "; Op{} with operands the disassembler does not know",
                    grammar::OPS.name(i)
                );
            }
            _ => {
                let _ = writeln!(
                    self.out,
                    "; opcode {opcode}, which the disassembler does not know"
                );
            }
        }
    }
}

/// The opcodes the printer treats specially.
mod op {
    use spirv::Op;
    pub const FUNCTION: u32 = Op::Function as u32;
    pub const FUNCTION_END: u32 = Op::FunctionEnd as u32;
    pub const LABEL: u32 = Op::Label as u32;
    pub const CONSTANT: u32 = Op::Constant as u32;
    pub const SPEC_CONSTANT: u32 = Op::SpecConstant as u32;
    pub const SWITCH: u32 = Op::Switch as u32;
    pub const EXT_INST: u32 = Op::ExtInst as u32;
    pub const EXT_INST_IMPORT: u32 = Op::ExtInstImport as u32;
    pub const TYPE_INT: u32 = Op::TypeInt as u32;
    pub const TYPE_FLOAT: u32 = Op::TypeFloat as u32;
}

fn enum_table(kind: u8) -> Option<&'static Table> {
    use grammar::*;
    Some(match kind {
        b'C' => &CAPABILITIES,
        b'E' => &EXECUTION_MODELS,
        b'X' => &EXECUTION_MODES,
        b'A' => &ADDRESSING_MODELS,
        b'M' => &MEMORY_MODELS,
        b'K' => &STORAGE_CLASSES,
        b'D' => &DECORATIONS,
        b'B' => &BUILT_INS,
        b'd' => &DIMS,
        b'F' => &IMAGE_FORMATS,
        b'Q' => &ACCESS_QUALIFIERS,
        b'G' => &GROUP_OPERATIONS,
        b'L' => &SOURCE_LANGUAGES,
        b'P' => &FP_ENCODINGS,
        _ => return None,
    })
}

/// A literal string at the front of `words`: its bytes before the nul, and how many words
/// it fills (nul and padding included). `None` without a nul.
fn string_bytes(words: &[u32]) -> Option<(Vec<u8>, usize)> {
    let mut bytes = Vec::new();
    for (n, w) in words.iter().enumerate() {
        for b in w.to_le_bytes() {
            if b == 0 {
                return Some((bytes, n + 1));
            }
            bytes.push(b);
        }
    }
    None
}

/// Prints a literal string (quoted, `"` and `\` escaped) and consumes its words.
fn string(out: &mut Text, cur: &mut Cursor) -> Result<(), Raw> {
    let (bytes, len) = string_bytes(cur.words).ok_or(Raw::Operands)?;
    let s = std::str::from_utf8(&bytes).map_err(|_| Raw::Operands)?;
    cur.words = &cur.words[len..];
    out.push(b'"');
    // Each `"` or `\` is written after a backslash, as the first byte of the next piece.
    let mut copied = 0;
    for (k, &b) in bytes.iter().enumerate() {
        if b == b'"' || b == b'\\' {
            out.push_str(&s[copied..k]);
            out.push(b'\\');
            copied = k;
        }
    }
    out.push_str(&s[copied..]);
    out.push(b'"');
    Ok(())
}

/// A 32-bit literal, typed by the instruction that holds it.
fn literal(out: &mut Text, v: u32, ty: Option<Num>) {
    match ty {
        Some(t) if t & SIGNED != 0 && t & 0xFF <= 32 => {
            let v = v as i32;
            if v < 0 {
                out.push(b'-');
            }
            out.push_u32(v.unsigned_abs());
        }
        Some(t) if t == FLOAT | 32 => float32(out, v),
        Some(t) if t == FLOAT | 16 => hex_float(out, v & 0xFFFF, 10, 5),
        _ => out.push_u32(v),
    }
}

fn float32(out: &mut Text, bits: u32) {
    let f = f32::from_bits(bits);
    if f.is_normal() || f == 0.0 {
        // The shortest decimal that reads back to the same bits.
        out.push_str(&debug_f32(f));
    } else {
        hex_float(out, bits, 23, 8);
    }
}

/// A hexadecimal float (`0x1.8p+3`, `-0x1p-149`), the form SPIR-V tools print for values
/// decimal cannot carry exactly. Infinities and NaNs have the exponent one past the
/// largest (`0x1p+128`, `0x1.8p+128`); denormals are normalized.
fn hex_float(out: &mut Text, bits: u32, mantissa_bits: u32, exponent_bits: u32) {
    let sign = bits >> (mantissa_bits + exponent_bits) & 1;
    let exp_field = (bits >> mantissa_bits) & ((1 << exponent_bits) - 1);
    let mut mantissa = bits & ((1 << mantissa_bits) - 1);
    let bias = (1i32 << (exponent_bits - 1)) - 1;
    if sign == 1 {
        out.push(b'-');
    }
    if exp_field == 0 && mantissa == 0 {
        out.push_lit(b"0x0p+0");
        return;
    }
    let mut exp = exp_field as i32 - bias;
    if exp_field == 0 {
        // Denormal: shift the leading one into the implicit position.
        exp = 1 - bias;
        while mantissa & (1 << mantissa_bits) == 0 {
            mantissa <<= 1;
            exp -= 1;
        }
        mantissa &= (1 << mantissa_bits) - 1;
    }
    // Align the fraction to whole hex digits.
    let digits = mantissa_bits.div_ceil(4);
    let frac = mantissa << (digits * 4 - mantissa_bits);
    let mut frac_s = format!("{frac:0width$x}", width = digits as usize);
    while frac_s.ends_with('0') {
        frac_s.pop();
    }
    out.push_lit(b"0x1");
    if !frac_s.is_empty() {
        out.push(b'.');
        out.push_str(&frac_s);
    }
    let _ = write!(out, "p{exp:+}");
}
