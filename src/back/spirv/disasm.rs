//! The disassembler: SPIR-V words to the text form `spirv-as` reads.
//!
//! `rspirv`'s binary parser decodes the words (it knows every operand kind from the SPIR-V
//! grammar); this module only prints. The text re-assembles to the same words with
//! `spirv-as --preserve-numeric-ids`: ids are printed as numbers (`%12`), never as names,
//! and every literal is printed so it parses back to the same bits — floats that decimal
//! cannot round-trip through `strtof` (denormals, infinities, NaNs) and all 16-bit floats
//! as hexadecimal floats, switch literals with the selector's signedness.

use crate::diag::{Diagnostic, codes};
use rspirv::binary::{Consumer, ParseAction};
use rspirv::dr::{Instruction, ModuleHeader, Operand};
use rustc_hash::FxHashMap;
use spirv::Op;
use std::fmt::Write;

/// Disassembles a module.
pub fn disassemble(words: &[u32]) -> Result<String, Diagnostic> {
    let mut p = Printer {
        generator: words.get(2).copied().unwrap_or(0),
        ..Printer::default()
    };
    rspirv::binary::parse_words(words, &mut p).map_err(|e| {
        Diagnostic::error(
            codes::SPIRV_BAD_BINARY,
            format!("the words are not a valid SPIR-V module: {e}"),
        )
    })?;
    Ok(p.out)
}

/// A scalar type, for printing literals.
#[derive(Clone, Copy)]
enum Num {
    Int { width: u32, signed: bool },
    Float { width: u32 },
}

#[derive(Default)]
struct Printer {
    out: String,
    /// Scalar types by id.
    numbers: FxHashMap<u32, Num>,
    /// The type of each value, for switch selectors.
    value_types: FxHashMap<u32, u32>,
    /// Imported extended instruction sets by id.
    imports: FxHashMap<u32, String>,
    indent: bool,
    /// The header's generator word (the parser does not pass it on).
    generator: u32,
}

impl Consumer for Printer {
    fn initialize(&mut self) -> ParseAction {
        ParseAction::Continue
    }

    fn finalize(&mut self) -> ParseAction {
        ParseAction::Continue
    }

    fn consume_header(&mut self, h: ModuleHeader) -> ParseAction {
        let (major, minor) = ((h.version >> 16) & 0xFF, (h.version >> 8) & 0xFF);
        let _ = writeln!(self.out, "; SPIR-V");
        let _ = writeln!(self.out, "; Version: {major}.{minor}");
        let _ = writeln!(self.out, "; Generator: {:#010x}", self.generator);
        let _ = writeln!(self.out, "; Bound: {}", h.bound);
        let _ = writeln!(self.out, "; Schema: {}", h.reserved_word);
        ParseAction::Continue
    }

    fn consume_instruction(&mut self, inst: Instruction) -> ParseAction {
        self.instruction(&inst);
        ParseAction::Continue
    }
}

impl Printer {
    fn instruction(&mut self, inst: &Instruction) {
        let op = inst.class.opcode;
        self.track(inst);
        if op == Op::Function {
            self.indent = true;
        }
        let mut line = String::new();
        if let Some(id) = inst.result_id {
            let _ = write!(line, "%{id} = ");
        } else if self.indent && !matches!(op, Op::FunctionEnd) {
            line.push_str("      ");
        }
        let _ = write!(line, "Op{}", inst.class.opname);
        if let Some(t) = inst.result_type {
            let _ = write!(line, " %{t}");
        }
        let literal_ty = match op {
            Op::Constant | Op::SpecConstant => inst.result_type.and_then(|t| self.numbers.get(&t)),
            Op::Switch => inst
                .operands
                .first()
                .and_then(|o| match o {
                    Operand::IdRef(sel) => self.value_types.get(sel),
                    _ => None,
                })
                .and_then(|t| self.numbers.get(t)),
            _ => None,
        }
        .copied();
        let ext_set = match (op, inst.operands.first()) {
            (Op::ExtInst, Some(Operand::IdRef(set))) => self.imports.get(set).cloned(),
            _ => None,
        };
        for o in &inst.operands {
            line.push(' ');
            operand(&mut line, o, literal_ty, ext_set.as_deref());
        }
        if op == Op::Label {
            self.out.push('\n');
        }
        self.out.push_str(&line);
        self.out.push('\n');
        if op == Op::FunctionEnd {
            self.indent = false;
            self.out.push('\n');
        }
    }

    /// Remembers scalar types, value types and imports.
    fn track(&mut self, inst: &Instruction) {
        let op = inst.class.opcode;
        let lit = |k: usize| match inst.operands.get(k) {
            Some(Operand::LiteralBit32(v)) => Some(*v),
            _ => None,
        };
        match (op, inst.result_id) {
            (Op::TypeInt, Some(id)) => {
                if let (Some(width), Some(s)) = (lit(0), lit(1)) {
                    self.numbers.insert(
                        id,
                        Num::Int {
                            width,
                            signed: s != 0,
                        },
                    );
                }
            }
            (Op::TypeFloat, Some(id)) => {
                if let Some(width) = lit(0) {
                    self.numbers.insert(id, Num::Float { width });
                }
            }
            (Op::ExtInstImport, Some(id)) => {
                if let Some(Operand::LiteralString(s)) = inst.operands.first() {
                    self.imports.insert(id, s.clone());
                }
            }
            _ => {}
        }
        if let (Some(t), Some(id)) = (inst.result_type, inst.result_id) {
            self.value_types.insert(id, t);
        }
    }
}

fn operand(out: &mut String, o: &Operand, literal_ty: Option<Num>, ext_set: Option<&str>) {
    match o {
        Operand::IdRef(id) | Operand::IdScope(id) | Operand::IdMemorySemantics(id) => {
            let _ = write!(out, "%{id}");
        }
        Operand::LiteralBit32(v) => literal(out, *v, literal_ty),
        Operand::LiteralBit64(v) => {
            let _ = write!(out, "{v}");
        }
        Operand::LiteralString(s) => {
            out.push('"');
            for c in s.chars() {
                if c == '"' || c == '\\' {
                    out.push('\\');
                }
                out.push(c);
            }
            out.push('"');
        }
        Operand::LiteralExtInstInteger(n) => {
            let name = (ext_set == Some("GLSL.std.450"))
                .then(|| rspirv::grammar::GLSL_STD_450_INSTRUCTION_TABLE.lookup_opcode(*n))
                .flatten()
                .map(|e| e.opname);
            match name {
                Some(n) => out.push_str(n),
                None => {
                    let _ = write!(out, "{n}");
                }
            }
        }
        Operand::LiteralSpecConstantOpInteger(op) => {
            match rspirv::grammar::INSTRUCTION_TABLE.lookup_opcode(*op as u32) {
                Some(e) => out.push_str(e.opname),
                None => {
                    let _ = write!(out, "{}", *op as u32);
                }
            }
        }
        Operand::Dim(d) => {
            // The grammar spells these `1D`, `2D`, …; the Rust enum prefixes `Dim`.
            let s = format!("{d:?}");
            out.push_str(s.strip_prefix("Dim").unwrap_or(&s));
        }
        Operand::ImageOperands(m) => mask(out, m.bits(), m.iter_names()),
        Operand::SelectionControl(m) => mask(out, m.bits(), m.iter_names()),
        Operand::LoopControl(m) => mask(out, m.bits(), m.iter_names()),
        Operand::FunctionControl(m) => mask(out, m.bits(), m.iter_names()),
        Operand::MemorySemantics(m) => mask(out, m.bits(), m.iter_names()),
        Operand::MemoryAccess(m) => mask(out, m.bits(), m.iter_names()),
        Operand::FPFastMathMode(m) => mask(out, m.bits(), m.iter_names()),
        // Every other operand is an enumerant whose Rust name is its grammar name.
        other => {
            let s = format!("{other}");
            out.push_str(&s);
        }
    }
}

/// A bit mask as `A|B`, with the grammar's CamelCase names (`CONST_OFFSET` is
/// `ConstOffset`); `None` when empty.
fn mask<'a>(out: &mut String, bits: u32, names: impl Iterator<Item = (&'a str, impl Sized)>) {
    if bits == 0 {
        out.push_str("None");
        return;
    }
    let mut first = true;
    for (name, _) in names {
        if !first {
            out.push('|');
        }
        first = false;
        for word in name.split('_') {
            let mut cs = word.chars();
            if let Some(c) = cs.next() {
                out.push(c);
                out.extend(cs.map(|c| c.to_ascii_lowercase()));
            }
        }
    }
}

/// A 32-bit literal, typed by the instruction that holds it.
fn literal(out: &mut String, v: u32, ty: Option<Num>) {
    match ty {
        Some(Num::Int {
            signed: true,
            width,
        }) if width <= 32 => {
            let _ = write!(out, "{}", v as i32);
        }
        Some(Num::Float { width: 32 }) => float32(out, v),
        Some(Num::Float { width: 16 }) => hex_float(out, v & 0xFFFF, 10, 5),
        _ => {
            let _ = write!(out, "{v}");
        }
    }
}

fn float32(out: &mut String, bits: u32) {
    let f = f32::from_bits(bits);
    if f.is_normal() || f == 0.0 {
        // Rust prints the shortest decimal that reads back to the same bits.
        let _ = write!(out, "{f:?}");
    } else {
        hex_float(out, bits, 23, 8);
    }
}

/// A hexadecimal float (`0x1.8p+3`, `-0x1p-149`), the form SPIR-V tools print for values
/// decimal cannot carry exactly. Infinities and NaNs have the exponent one past the
/// largest (`0x1p+128`, `0x1.8p+128`); denormals are normalized.
fn hex_float(out: &mut String, bits: u32, mantissa_bits: u32, exponent_bits: u32) {
    let sign = bits >> (mantissa_bits + exponent_bits) & 1;
    let exp_field = (bits >> mantissa_bits) & ((1 << exponent_bits) - 1);
    let mut mantissa = bits & ((1 << mantissa_bits) - 1);
    let bias = (1i32 << (exponent_bits - 1)) - 1;
    if sign == 1 {
        out.push('-');
    }
    if exp_field == 0 && mantissa == 0 {
        out.push_str("0x0p+0");
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
    out.push_str("0x1");
    if !frac_s.is_empty() {
        out.push('.');
        out.push_str(&frac_s);
    }
    let _ = write!(out, "p{exp:+}");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex32(bits: u32) -> String {
        let mut s = String::new();
        hex_float(&mut s, bits, 23, 8);
        s
    }

    #[test]
    fn hex_floats() {
        assert_eq!(hex32(1.5f32.to_bits()), "0x1.8p+0");
        assert_eq!(hex32(f32::INFINITY.to_bits()), "0x1p+128");
        assert_eq!(hex32(f32::NAN.to_bits()), "0x1.8p+128");
        assert_eq!(hex32(1), "0x1p-149");
        assert_eq!(hex32((-0.0f32).to_bits()), "-0x0p+0");
        let mut s = String::new();
        hex_float(&mut s, 0x3C00, 10, 5);
        assert_eq!(s, "0x1p+0");
    }

    #[test]
    fn masks_use_grammar_names() {
        let mut s = String::new();
        let m = spirv::ImageOperands::BIAS | spirv::ImageOperands::CONST_OFFSET;
        mask(&mut s, m.bits(), m.iter_names());
        assert_eq!(s, "Bias|ConstOffset");
    }
}
