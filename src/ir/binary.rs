//! The binary form of a module: compact, versioned, and exact.
//!
//! Layout (all integers LEB128 varints unless said otherwise):
//!
//! ```text
//! magic "RFIR" (4 bytes) · version (u32, little-endian) · flags (1 byte: bit 0 = spans)
//! string count · strings (length · UTF-8 bytes)          ; debug names
//! instruction count · records, in pre-order from the module
//! record := opcode's wire code · [type ref] · (literal | operand count · operand refs)
//!           · decoration count · child count · name (0, or string index + 1)
//!           · [span start + 1 (0 = none) · span length]
//!           · the decorations' records · the children's records
//! ```
//!
//! A reference is the zigzag-encoded distance from the current record's index to the
//! referenced one's (most operands are close by, so most references are one byte). The
//! module record has no type. Reading checks every field and returns a diagnostic
//! (E3100–E3102) on malformed input; it never panics. The reader builds the arena in two
//! phases (all instructions, then types and operands), so forward references need no
//! placeholders, and then runs no verification itself: callers verify.
//!
//! # Versions
//!
//! An opcode is written as its *wire code*, not its place in the [`Opcode`] enum, so
//! that opcodes can be added anywhere in their class (the enum's order is the class
//! ranges') without changing what a written file means. Version 1 wrote the enum's
//! index, and its codes keep that meaning: an opcode's wire code is its rank in the enum
//! with the opcodes of [`ADDED`] left out, and each opcode added since takes the next code
//! in [`ADDED`]. An addition is appended there, the version goes up by one, and older
//! versions keep being read (a file cannot hold a code its version did not have).
//!
//! | version | adds |
//! |---|---|
//! | 1 | the format |
//! | 2 | `@import` and `@export` (linkage, `ir/link.rs`) |
//!
//! `tests/golden-ir/` holds files written by each version; `tests/ir_binary.rs` checks
//! that they still load, to the same module.

use super::module::{Inst, Module};
use super::opcode::{self, Opcode};
use crate::diag::{Diagnostic, Span, codes};
use crate::util::map::Map;

const MAGIC: &[u8; 4] = b"RFIR";
/// The format version this code writes; it reads every version from 1 to this one.
pub const VERSION: u32 = 2;

/// Opcodes added after format version 1, in the order their wire codes were given.
const ADDED: &[Opcode] = &[Opcode::DecoImport, Opcode::DecoExport];
const N: usize = opcode::ALL.len();
/// How many wire codes each version has, from version 1.
const CODES: [usize; 2] = [N - ADDED.len(), N];

const fn is_added(i: usize) -> bool {
    let mut k = 0;
    while k < ADDED.len() {
        if ADDED[k] as usize == i {
            return true;
        }
        k += 1;
    }
    false
}

/// Each opcode's wire code, by `Opcode as usize`.
const TO_WIRE: [u16; N] = {
    let mut t = [0u16; N];
    let mut code = 0u16;
    let mut i = 0;
    while i < N {
        if !is_added(i) {
            t[i] = code;
            code += 1;
        }
        i += 1;
    }
    let mut k = 0;
    while k < ADDED.len() {
        t[ADDED[k] as usize] = code;
        code += 1;
        k += 1;
    }
    t
};

/// Each wire code's opcode (as `Opcode as u16`).
const FROM_WIRE: [u16; N] = {
    let mut t = [0u16; N];
    let mut i = 0;
    while i < N {
        t[TO_WIRE[i] as usize] = i as u16;
        i += 1;
    }
    t
};

/// The opcode of `code` in a file of format `version`.
fn from_wire(code: u32, version: u32) -> Option<Opcode> {
    let limit = CODES[version as usize - 1];
    let code = usize::try_from(code).ok().filter(|&c| c < limit)?;
    Opcode::from_u16(FROM_WIRE[code])
}

/// Serializes a module (only what is reachable from its root; removed instructions and
/// spare operand slots are dropped).
pub fn serialize(m: &Module) -> Vec<u8> {
    // Pre-order: instruction, its decorations (with theirs), its children.
    let mut order: Vec<Inst> = Vec::with_capacity(m.capacity());
    let mut stack = vec![m.root()];
    while let Some(i) = stack.pop() {
        order.push(i);
        let kids: Vec<Inst> = m.children(i).collect();
        for &c in kids.iter().rev() {
            stack.push(c);
        }
        let decos: Vec<Inst> = m.decorations(i).collect();
        for &d in decos.iter().rev() {
            stack.push(d);
        }
    }
    let mut index = vec![u32::MAX; m.capacity()];
    for (k, &i) in order.iter().enumerate() {
        index[i.index()] = k as u32;
    }
    let mut strings: Vec<&str> = Vec::new();
    let mut string_ix: Map<&str, u32> = Map::default();
    for &i in &order {
        if let Some(n) = m.name(i) {
            string_ix.entry(n).or_insert_with(|| {
                strings.push(n);
                (strings.len() - 1) as u32
            });
        }
    }
    let with_spans = order.iter().any(|&i| !m.span(i).is_detached());
    let mut out = Vec::with_capacity(order.len() * 8);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.push(u8::from(with_spans));
    put(&mut out, strings.len() as u64);
    for s in &strings {
        put(&mut out, s.len() as u64);
        out.extend_from_slice(s.as_bytes());
    }
    put(&mut out, order.len() as u64);
    let rel = |cur: usize, target: Inst| -> u64 {
        let t = index.get(target.index()).copied().unwrap_or(u32::MAX);
        zigzag(cur as i64 - i64::from(t))
    };
    for (k, &i) in order.iter().enumerate() {
        let op = m.opcode(i);
        put(&mut out, u64::from(TO_WIRE[op as usize]));
        if i != m.root() {
            match m.ty(i) {
                Some(t) => put(&mut out, rel(k, t)),
                None => put(&mut out, zigzag(k as i64 + 1)),
            }
        }
        if op == Opcode::Constant {
            put(&mut out, u64::from(m.literal(i)));
        } else if !op.is_container() {
            put(&mut out, m.num_operands(i) as u64);
            for x in m.operands(i) {
                put(&mut out, rel(k, x));
            }
        }
        put(&mut out, m.decorations(i).count() as u64);
        put(&mut out, m.children(i).count() as u64);
        put(
            &mut out,
            m.name(i).map_or(0, |n| u64::from(string_ix[n]) + 1),
        );
        if with_spans {
            let s = m.span(i);
            if s.is_detached() {
                put(&mut out, 0);
            } else {
                put(&mut out, u64::from(s.start) + 1);
                put(&mut out, u64::from(s.len()));
            }
        }
    }
    out
}

fn put(out: &mut Vec<u8>, mut x: u64) {
    loop {
        let byte = (x & 0x7f) as u8;
        x >>= 7;
        if x == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

fn zigzag(x: i64) -> u64 {
    ((x << 1) ^ (x >> 63)) as u64
}

fn unzigzag(x: u64) -> i64 {
    ((x >> 1) as i64) ^ -((x & 1) as i64)
}

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

fn malformed(what: impl Into<String>) -> Diagnostic {
    Diagnostic::error(
        codes::IR_BINARY_MALFORMED,
        format!("malformed binary IR: {}", what.into()),
    )
}

impl Reader<'_> {
    fn varint(&mut self) -> Result<u64, Diagnostic> {
        let mut x = 0u64;
        let mut shift = 0;
        loop {
            let b = *self
                .bytes
                .get(self.pos)
                .ok_or_else(|| malformed(format!("truncated at byte {}", self.pos)))?;
            self.pos += 1;
            if shift >= 64 {
                return Err(malformed(format!("over-long number at byte {}", self.pos)));
            }
            x |= u64::from(b & 0x7f) << shift;
            shift += 7;
            if b & 0x80 == 0 {
                return Ok(x);
            }
        }
    }

    fn u32(&mut self, what: &str) -> Result<u32, Diagnostic> {
        let x = self.varint()?;
        u32::try_from(x).map_err(|_| malformed(format!("{what} {x} is out of range")))
    }
}

/// One record of the stream, before the arena is built.
struct Record {
    op: Opcode,
    ty: u32,
    literal: u32,
    operands: (u32, u32),
    parent: u32,
    name: u32,
    span: Span,
}

/// Deserializes a module written by [`serialize`].
pub fn deserialize(bytes: &[u8]) -> Result<Module, Diagnostic> {
    if bytes.len() < 9 || &bytes[..4] != MAGIC {
        return Err(Diagnostic::error(
            codes::IR_BINARY_MAGIC,
            "the input is not refract binary IR (it does not start with `RFIR`)",
        ));
    }
    let version = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]);
    if !(1..=VERSION).contains(&version) {
        return Err(Diagnostic::error(
            codes::IR_BINARY_VERSION,
            format!(
                "binary IR version {version} is not supported (this refract reads versions 1 to {VERSION})"
            ),
        ));
    }
    let with_spans = match bytes[8] {
        0 => false,
        1 => true,
        f => return Err(malformed(format!("unknown flags {f:#x}"))),
    };
    let mut r = Reader { bytes, pos: 9 };
    let nstrings = r.u32("string count")? as usize;
    let mut strings = Vec::with_capacity(nstrings.min(bytes.len()));
    for _ in 0..nstrings {
        let len = r.u32("string length")? as usize;
        let end = r
            .pos
            .checked_add(len)
            .filter(|&e| e <= bytes.len())
            .ok_or_else(|| malformed("truncated string"))?;
        let s = std::str::from_utf8(&bytes[r.pos..end])
            .map_err(|_| malformed("a name is not UTF-8"))?;
        strings.push(s);
        r.pos = end;
    }
    let n = r.u32("instruction count")? as usize;
    if n == 0 || n > bytes.len() {
        return Err(malformed(format!(
            "{n} instructions in {} bytes",
            bytes.len()
        )));
    }
    let mut records: Vec<Record> = Vec::with_capacity(n);
    let mut operand_refs: Vec<u32> = Vec::new();
    // (parent record, decorations left, children left)
    let mut open: Vec<(u32, u64, u64)> = Vec::new();
    for k in 0..n {
        // The parent is the innermost open record with decorations or children left.
        while let Some(&(_, d, c)) = open.last() {
            if d == 0 && c == 0 {
                open.pop();
            } else {
                break;
            }
        }
        let (parent, is_deco) = match open.last_mut() {
            Some((p, d, c)) => {
                if *d > 0 {
                    *d -= 1;
                    (*p, true)
                } else {
                    *c -= 1;
                    (*p, false)
                }
            }
            None if k == 0 => (u32::MAX, false),
            None => return Err(malformed("records after the end of the module")),
        };
        let raw_op = r.u32("opcode")?;
        let op = from_wire(raw_op, version).ok_or_else(|| {
            malformed(format!(
                "unknown opcode {raw_op} (format version {version})"
            ))
        })?;
        if (k == 0) != (op == Opcode::Module)
            || op == Opcode::Placeholder
            || is_deco != op.is_decoration()
        {
            return Err(malformed(format!("`{}` cannot be record {k}", op.name())));
        }
        let target = |r: &mut Reader<'_>| -> Result<u32, Diagnostic> {
            let d = unzigzag(r.varint()?);
            // A distance may be any i64; one past the module's ends is refused.
            match (k as i64).checked_sub(d) {
                Some(t) if (0..n as i64).contains(&t) => Ok(t as u32),
                _ => Err(malformed(format!("record {k} refers outside the module"))),
            }
        };
        let ty = if k == 0 { u32::MAX } else { target(&mut r)? };
        let mut literal = 0;
        let start = operand_refs.len() as u32;
        if op == Opcode::Constant {
            literal = r.u32("literal")?;
        } else if !op.is_container() {
            let count = r.u32("operand count")?;
            if count as usize > bytes.len() {
                return Err(malformed("operand count exceeds the input"));
            }
            for _ in 0..count {
                operand_refs.push(target(&mut r)?);
            }
        }
        let decos = r.varint()?;
        let kids = r.varint()?;
        if (kids > 0 && !op.is_container()) || decos > n as u64 || kids > n as u64 {
            return Err(malformed(format!(
                "record {k} (`{}`) has a bad child count",
                op.name()
            )));
        }
        let name = r.u32("name")?;
        if name as usize > strings.len() {
            return Err(malformed(format!("record {k} names string {name}")));
        }
        let mut span = Span::DETACHED;
        if with_spans {
            let s = r.u32("span")?;
            if s > 0 {
                let len = r.u32("span length")?;
                span = Span::new(s - 1, (s - 1).saturating_add(len));
            }
        }
        records.push(Record {
            op,
            ty,
            literal,
            operands: (start, operand_refs.len() as u32),
            parent,
            name,
            span,
        });
        open.push((k as u32, decos, kids));
    }
    if open.iter().any(|&(_, d, c)| d > 0 || c > 0) {
        return Err(malformed("the input ends inside an instruction"));
    }
    if r.pos != bytes.len() {
        return Err(malformed(format!(
            "{} bytes after the module",
            bytes.len() - r.pos
        )));
    }
    let kinds: Vec<usize> = (0..n)
        .filter(|&k| records[k].op == Opcode::TypeKind)
        .collect();
    if kinds.len() != 1 || records[kinds[0]].ty != kinds[0] as u32 || records[kinds[0]].parent != 0
    {
        return Err(malformed(
            "the module needs exactly one `type` kind at module scope",
        ));
    }
    build(records, &operand_refs, &strings)
}

fn build(
    records: Vec<Record>,
    operand_refs: &[u32],
    strings: &[&str],
) -> Result<Module, Diagnostic> {
    let mut m = Module::new();
    let root = m.root();
    let kind = m.type_kind();
    m.detach(kind);
    let mut ids: Vec<Inst> = Vec::with_capacity(records.len());
    for rec in &records {
        let id = match rec.op {
            Opcode::Module => root,
            Opcode::TypeKind => kind,
            op => m.alloc_raw(op, rec.literal),
        };
        ids.push(id);
    }
    // Types of type-valued records first, so that the type chains are right.
    for pass in 0..2 {
        for (k, rec) in records.iter().enumerate() {
            if rec.op == Opcode::Module || rec.op == Opcode::TypeKind {
                continue;
            }
            let t = ids[rec.ty as usize];
            let is_type_valued = t == kind;
            if is_type_valued == (pass == 0) {
                m.init_type(ids[k], t);
            }
        }
    }
    for (k, rec) in records.iter().enumerate() {
        let i = ids[k];
        for &x in &operand_refs[rec.operands.0 as usize..rec.operands.1 as usize] {
            m.push_operand_raw(i, ids[x as usize]);
        }
        if k > 0 {
            m.append_child(ids[rec.parent as usize], i);
        }
        if rec.name > 0 {
            m.set_name(i, strings[rec.name as usize - 1]);
        }
        m.set_span(i, rec.span);
    }
    m.rebuild_globals();
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_codes_are_a_permutation_that_keeps_version_1() {
        let mut seen = [false; N];
        for &op in opcode::ALL {
            let w = TO_WIRE[op as usize] as usize;
            assert!(!seen[w], "{op:?}");
            seen[w] = true;
            assert_eq!(from_wire(w as u32, VERSION), Some(op));
            assert_eq!(from_wire(w as u32, 1).is_some(), !ADDED.contains(&op));
        }
        // Version 1 wrote the enum index of the opcodes before the first added one.
        assert_eq!(
            TO_WIRE[Opcode::DecoAlign as usize],
            Opcode::DecoAlign as u16
        );
    }

    #[test]
    fn varints_and_zigzag() {
        for x in [0i64, 1, -1, 63, -64, 1 << 40, -(1 << 40)] {
            assert_eq!(unzigzag(zigzag(x)), x);
        }
        let mut out = Vec::new();
        put(&mut out, 300);
        let mut r = Reader {
            bytes: &out,
            pos: 0,
        };
        assert_eq!(r.varint().ok(), Some(300));
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        assert!(deserialize(b"").is_err());
        assert!(deserialize(b"RFIR\x01\x00\x00\x00\x00").is_err());
        let mut seed = 1u64;
        for len in 0..200 {
            let mut bytes = b"RFIR\x01\x00\x00\x00\x00".to_vec();
            for _ in 0..len {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                bytes.push((seed >> 33) as u8);
            }
            let _ = deserialize(&bytes);
        }
    }
}
