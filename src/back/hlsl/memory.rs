//! Reading and writing byte-addressed buffers: what a `buffer_view` of the `byte-address`
//! transform becomes in HLSL.
//!
//! **Storage buffers** are `ByteAddressBuffer`s (read-only) or `RWByteAddressBuffer`s.
//! A scalar or vector of 32-bit components is one `Load`/`LoadN` (`Store`/`StoreN`) with
//! `asfloat`/`asint` (`asuint`) around it. `f16` data is read and written as the 32-bit
//! words holding it, through `f16tof32`/`f32tof16` (exact for every half value), not
//! with the templated `Load<half2>` of Shader Model 6.2 that only DXC knows. A half
//! that shares its word with other data is written with `InterlockedAnd` then
//! `InterlockedOr` on its own 16 bits, so a neighbour written by another invocation at
//! the same time keeps its bits, as WGSL's memory model requires.
//!
//! **Uniform buffers** are `cbuffer`s holding one array of `uint4`, as many as the buffer
//! has 16-byte rows (HLSL's own constant-buffer packing differs from WGSL's, so the
//! layout is WGSL's, by hand). At a constant offset a value is a row and a swizzle:
//! `u[2].zw`; at a computed one it is read by a small helper function taking the offset.
//!
//! **Workgroup buffers** (`var<workgroup> v: buffer<N>`) are `groupshared uint v[N/4]`:
//! a 32-bit scalar is one word, `asfloat(v[offset / 4u])`, written by assigning it; a
//! vector is read and written word by word (by a helper at a computed offset). HLSL
//! cannot view `groupshared` memory as another type, so words are all there is.
//!
//! **Composites** (matrices, arrays, structs) are read and written by helper functions,
//! one per buffer, type and direction (`data_load_Light(offset)`,
//! `data_store_Light(offset, value)`), made once and written before the functions that
//! use them: a matrix column by column, an array by a loop over its elements, a struct
//! member by member.

use super::expr::{Bin, E, Exprs, Node, Sym, ViewStore};
use super::template::{fill, fill_into};
use super::writer::HelperKind;
use crate::ir::layout::{self, array_stride, column_stride, member_offsets};
use crate::ir::types::Scalar;
use crate::ir::{Inst, Module, Opcode};
use crate::util::map::Map;

/// Vector lane names, by index.
pub const LANES: [&str; 4] = ["x", "y", "z", "w"];

/// What kind of buffer a byte-addressed variable is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BufferKind {
    /// `ByteAddressBuffer`.
    ReadOnly,
    /// `RWByteAddressBuffer`.
    ReadWrite,
    /// A `cbuffer` of `uint4` rows.
    Uniform,
    /// A `groupshared` array of `uint` words.
    Workgroup,
}

/// The helper functions requested so far, in request order, with their text. Every
/// helper the writer makes once is named here by its type and [`HelperKind`] (one map
/// type for all of them: each distinct one is about 2 KB of the npm package's wasm).
#[derive(Default)]
pub struct Helpers {
    names: Map<(Inst, HelperKind), String>,
    /// Function texts, in the order they must be written (a helper's own helpers first).
    pub texts: Vec<String>,
}

impl Helpers {
    /// The name of the helper made for `ty` and `kind`, if there is one.
    pub fn made(&self, ty: Inst, kind: HelperKind) -> Option<String> {
        self.names.get(&(ty, kind)).cloned()
    }

    /// Names the helper for `ty` and `kind` (before its text is made, when making it
    /// may request other helpers).
    pub fn name(&mut self, ty: Inst, kind: HelperKind, name: &str) {
        self.names.insert((ty, kind), name.to_string());
    }

    /// Adds helper `name` for `ty` and `kind` with its text; returns the name.
    pub fn add(&mut self, ty: Inst, kind: HelperKind, name: String, text: String) -> String {
        self.texts.push(text);
        self.name(ty, kind, &name);
        name
    }
}

/// What memory code needs from the writer: the module, its names, the expression arena,
/// type spellings and fresh names.
pub trait MemoryCx<'m> {
    fn m(&self) -> &'m Module;
    fn add(&mut self, node: Node) -> E;
    fn exprs(&mut self) -> &mut Exprs;
    fn u32_lit(&mut self, v: u32) -> E;
    fn name_text(&self, s: Sym) -> &str;
    /// A fresh module-scope name from `hint`.
    fn fresh(&mut self, hint: &str) -> String;
    /// The spelling of a type (declaration form: base and array suffix).
    fn spell(&self, t: Inst) -> Option<(String, String)>;
    fn print(&self, e: E) -> String;
    fn helpers(&mut self) -> &mut Helpers;
    /// The value of `e` when it is a `u32` literal.
    fn const_u32(&self, e: E) -> Option<u32>;
    /// The HLSL name of member `k` of struct type `t`.
    fn member(&self, t: Inst, k: usize) -> String;
    fn node(&self, e: E) -> &Node;
}

/// The kind of the scalar elements of a scalar or vector type, and their count.
fn shape(m: &Module, t: Inst) -> Option<(Scalar, u32)> {
    m.scalar_or_vec(t)
}

/// `offset + k` (or `offset` when `k` is 0).
fn plus<'m, C: MemoryCx<'m>>(cx: &mut C, offset: E, k: u32) -> E {
    if k == 0 {
        return offset;
    }
    let k = cx.u32_lit(k);
    cx.add(Node::Binary(Bin::Add, offset, k))
}

/// `conv(e)` when there is a conversion, else `e`.
fn wrap<'m, C: MemoryCx<'m>>(cx: &mut C, conv: Option<&str>, e: E) -> E {
    match conv {
        Some(f) => cx.exprs().call(f, &[e]),
        None => e,
    }
}

/// The conversion from the raw `uint` words to a scalar kind, and back.
fn from_words(s: Scalar) -> Option<&'static str> {
    match s {
        Scalar::F32 => Some("asfloat"),
        Scalar::I32 => Some("asint"),
        _ => None,
    }
}

fn to_words(s: Scalar) -> Option<&'static str> {
    match s {
        Scalar::F32 | Scalar::I32 => Some("asuint"),
        _ => None,
    }
}

const LOADS: [&str; 5] = ["", "Load", "Load2", "Load3", "Load4"];
const STORES: [&str; 5] = ["", "Store", "Store2", "Store3", "Store4"];

/// The place of type `ty` at byte `offset` in buffer `buf`: a [`Node::View`] whose read
/// is the value there and whose store says how to write one.
pub fn view<'m, C: MemoryCx<'m>>(
    cx: &mut C,
    buf: Sym,
    kind: BufferKind,
    offset: E,
    ty: Inst,
) -> Option<E> {
    let read = read(cx, buf, kind, offset, ty)?;
    let store = match kind {
        BufferKind::ReadWrite | BufferKind::Workgroup => Some(store_of(cx, buf, kind, offset, ty)?),
        _ => None,
    };
    Some(cx.add(Node::View {
        read,
        store,
        buffer: buf,
        offset,
    }))
}

/// How a value of type `ty` is written into `buf` at `offset`.
fn store_of<'m, C: MemoryCx<'m>>(
    cx: &mut C,
    buf: Sym,
    kind: BufferKind,
    offset: E,
    ty: Inst,
) -> Option<ViewStore> {
    let m = cx.m();
    if kind == BufferKind::Workgroup {
        return match shape(m, ty) {
            Some((s, 1)) if word_sized(s) => Some(ViewStore::Word {
                place: word(cx, buf, offset, 0),
                convert: to_words(s),
            }),
            _ => Some(ViewStore::Helper(helper(cx, buf, kind, ty, true)?)),
        };
    }
    if m.opcode(ty) == Opcode::Atomic {
        let e = m.operand_opt(ty, 0)?;
        let s = m.scalar(e)?;
        return Some(ViewStore::Method {
            method: "Store".to_string(),
            convert: to_words(s),
        });
    }
    match shape(m, ty) {
        Some((s, n)) if s != Scalar::Bool && s != Scalar::F16 => Some(ViewStore::Method {
            method: STORES[n as usize].to_string(),
            convert: to_words(s),
        }),
        _ => Some(ViewStore::Helper(helper(cx, buf, kind, ty, true)?)),
    }
}

/// The value of type `ty` at `offset` in `buf`.
fn read<'m, C: MemoryCx<'m>>(
    cx: &mut C,
    buf: Sym,
    kind: BufferKind,
    offset: E,
    ty: Inst,
) -> Option<E> {
    let m = cx.m();
    let leaf = if m.opcode(ty) == Opcode::Atomic {
        m.operand_opt(ty, 0)
    } else {
        Some(ty)
    }?;
    match shape(m, leaf) {
        Some((s, n)) if s != Scalar::Bool => match kind {
            BufferKind::Uniform => uniform_leaf(cx, buf, offset, s, n, leaf),
            BufferKind::Workgroup if n > 1 && cx.const_u32(offset).is_none() => {
                let name = helper(cx, buf, kind, leaf, false)?;
                Some(cx.exprs().call(&name, &[offset]))
            }
            BufferKind::Workgroup => word_leaf(cx, buf, offset, s, n),
            _ => {
                if s == Scalar::F16 {
                    let name = helper(cx, buf, kind, leaf, false)?;
                    return Some(cx.exprs().call(&name, &[offset]));
                }
                let b = cx.add(Node::Name(buf));
                let load = cx.exprs().method(b, LOADS[n as usize], &[offset]);
                Some(wrap(cx, from_words(s), load))
            }
        },
        _ => {
            let name = helper(cx, buf, kind, ty, false)?;
            Some(cx.exprs().call(&name, &[offset]))
        }
    }
}

/// A scalar or vector of `n` components of kind `s` from a uniform buffer's `uint4` rows.
fn uniform_leaf<'m, C: MemoryCx<'m>>(
    cx: &mut C,
    buf: Sym,
    offset: E,
    s: Scalar,
    n: u32,
    ty: Inst,
) -> Option<E> {
    let constant = cx.const_u32(offset);
    let Some(c) = constant else {
        // Computed offsets go through a helper taking the offset.
        let name = helper(cx, buf, BufferKind::Uniform, ty, false)?;
        return Some(cx.exprs().call(&name, &[offset]));
    };
    let b = cx.add(Node::Name(buf));
    let row_ix = cx.u32_lit(c / 16);
    let row = cx.add(Node::Index(b, row_ix));
    let lanes = "xyzw";
    if s == Scalar::F16 {
        // Halves: two to a word.
        let first = (c % 16) / 2;
        let mut parts = Vec::new();
        for k in 0..n {
            let half = first + k;
            let word = cx.add(Node::Member(
                row,
                lanes[(half / 2) as usize..][..1].to_string(),
            ));
            let bits = if half % 2 == 1 {
                let sixteen = cx.u32_lit(16);
                cx.add(Node::Binary(Bin::Shr, word, sixteen))
            } else {
                word
            };
            parts.push(cx.exprs().call("f16tof32", &[bits]));
        }
        let (t, _) = cx.spell(ty)?;
        return Some(cx.add(Node::Call(t, parts)));
    }
    let first = ((c % 16) / 4) as usize;
    let swizzle = &lanes[first..first + n as usize];
    let words = if n == 4 {
        row
    } else {
        cx.exprs().member(row, swizzle)
    };
    Some(wrap(cx, from_words(s), words))
}

/// Whether scalars of kind `s` fill a 32-bit word.
fn word_sized(s: Scalar) -> bool {
    matches!(s, Scalar::F32 | Scalar::I32 | Scalar::U32)
}

/// Word `k` from `offset` in the `groupshared` array `buf`: `buf[offset / 4u + k]`, the
/// index folded when the offset is a constant.
fn word<'m, C: MemoryCx<'m>>(cx: &mut C, buf: Sym, offset: E, k: u32) -> E {
    let index = match cx.const_u32(offset) {
        Some(c) => cx.u32_lit(c / 4 + k),
        None => {
            // `(o + 8u) / 4u` is `o / 4u + 2u`.
            let (base, words) = match *cx.node(offset) {
                Node::Binary(Bin::Add, a, c) if cx.const_u32(c).is_some_and(|c| c % 4 == 0) => {
                    (a, cx.const_u32(c).unwrap_or(0) / 4)
                }
                _ => (offset, 0),
            };
            let q = match quarter(cx, base, 0) {
                Some(q) => q,
                None => {
                    let four = cx.u32_lit(4);
                    cx.add(Node::Binary(Bin::Div, base, four))
                }
            };
            plus(cx, q, words + k)
        }
    };
    let b = cx.add(Node::Name(buf));
    cx.add(Node::Index(b, index))
}

/// `e / 4` without the division when `e` is a sum of multiples of 4 (`i * 8u + 4u` gives
/// `i * 2u + 1u`): a byte offset made of strides and member offsets, whose products stay
/// in range because the indices in them are clamped (`robustness`).
fn quarter<'m, C: MemoryCx<'m>>(cx: &mut C, e: E, depth: u32) -> Option<E> {
    if let Some(c) = cx.const_u32(e) {
        return (c % 4 == 0).then(|| cx.u32_lit(c / 4));
    }
    // The operator and operands, copied out of the arena (a `Node` is never cloned: its
    // clone is code the npm package would carry for these reads alone).
    let binary = match *cx.node(e) {
        Node::Binary(op, x, y) => Some((op, x, y)),
        _ => None,
    };
    match binary? {
        (Bin::Mul, x, y) => {
            // The constant factor on either side.
            let (a, c) = match (cx.const_u32(x), cx.const_u32(y)) {
                (_, Some(c)) => (x, c),
                (Some(c), _) => (y, c),
                _ => return None,
            };
            let c = Some(c).filter(|c| c % 4 == 0)?;
            if c == 4 {
                return Some(a);
            }
            let q = cx.u32_lit(c / 4);
            Some(cx.add(Node::Binary(Bin::Mul, a, q)))
        }
        (Bin::Add, a, b) if depth < 8 => {
            let (qa, qb) = (quarter(cx, a, depth + 1)?, quarter(cx, b, depth + 1)?);
            Some(cx.add(Node::Binary(Bin::Add, qa, qb)))
        }
        _ => None,
    }
}

/// A scalar or vector of `n` 32-bit components of kind `s` from a `groupshared` array of
/// words (`None` for 16-bit ones, which HLSL cannot view there).
fn word_leaf<'m, C: MemoryCx<'m>>(cx: &mut C, buf: Sym, offset: E, s: Scalar, n: u32) -> Option<E> {
    if !word_sized(s) {
        return None;
    }
    let mut words: Vec<E> = Vec::with_capacity(n as usize);
    for k in 0..n {
        words.push(word(cx, buf, offset, k));
    }
    let bits = match n {
        1 => words[0],
        _ => cx.add(Node::Call(format!("uint{n}"), words)),
    };
    Some(wrap(cx, from_words(s), bits))
}

/// The name of the helper that reads (`store == false`) or writes type `ty` in `buf`,
/// made on first request.
fn helper<'m, C: MemoryCx<'m>>(
    cx: &mut C,
    buf: Sym,
    kind: BufferKind,
    ty: Inst,
    store: bool,
) -> Option<String> {
    let key = HelperKind::Buffer { buffer: buf, store };
    if let Some(n) = cx.helpers().made(ty, key) {
        return Some(n);
    }
    let (base, suffix) = cx.spell(ty)?;
    let hint = fill(
        "$0_$1_$2",
        &[
            cx.name_text(buf),
            if store { "store" } else { "load" },
            &type_hint(&base, &suffix),
        ],
    );
    let name = cx.fresh(&hint);
    cx.helpers().name(ty, key, &name);
    let text = if store {
        store_helper(cx, buf, kind, ty, &name, &base, &suffix)?
    } else {
        load_helper(cx, buf, kind, ty, &name, &base, &suffix)?
    };
    cx.helpers().texts.push(text);
    Some(name)
}

/// A readable identifier fragment for a type: `float3x3`, `Light`, `float_4`.
fn type_hint(base: &str, suffix: &str) -> String {
    // The runs of digits in `suffix` (`[4][2]` → `4_2`), after `_arr`.
    let mut out = base.to_string();
    let mut digits = false;
    for c in suffix.chars() {
        if c.is_ascii_digit() {
            if !digits {
                out.push_str(if out.len() == base.len() { "_arr" } else { "_" });
            }
            out.push(c);
        }
        digits = c.is_ascii_digit();
    }
    out
}

/// `T name(uint offset) { … }`: a typedef first when `T` is an array.
fn load_helper<'m, C: MemoryCx<'m>>(
    cx: &mut C,
    buf: Sym,
    kind: BufferKind,
    ty: Inst,
    name: &str,
    base: &str,
    suffix: &str,
) -> Option<String> {
    let mut text = String::new();
    let ret = returnable(&mut text, name, base, suffix);
    fill_into(&mut text, "$0 $1(uint offset) {\n", &[&ret, name]);
    let off = cx.exprs().lit("offset");
    let m = cx.m();
    match m.opcode(ty) {
        Opcode::Vec | Opcode::F32 | Opcode::I32 | Opcode::U32 | Opcode::F16 => {
            let (s, n) = shape(m, ty)?;
            let body = match kind {
                // A leaf at a computed offset in a uniform buffer.
                BufferKind::Uniform => uniform_dynamic_leaf(cx, buf, s, n, ty)?,
                // A vector at a computed offset in a workgroup buffer.
                BufferKind::Workgroup => {
                    let e = word_leaf(cx, buf, off, s, n)?;
                    fill("return $0;", &[&cx.print(e)])
                }
                // Halves in a storage buffer.
                _ => storage_half_leaf(cx, buf, n, ty)?,
            };
            fill_into(&mut text, "  $0\n", &[&body]);
        }
        Opcode::Mat => {
            let (col, c) = m.mat_parts(ty)?;
            let stride = column_stride(m, ty)?;
            let mut cols = Vec::new();
            for k in 0..c {
                let o = plus(cx, off, k * stride);
                cols.push(read(cx, buf, kind, o, col)?);
            }
            let e = cx.add(Node::Call(base.to_string(), cols));
            fill_into(&mut text, "  return $0;\n", &[&cx.print(e)]);
        }
        Opcode::Array => {
            let elem = m.operand_opt(ty, 0)?;
            let n = m.const_u32(m.operand_opt(ty, 1)?)?;
            let stride = array_stride(m, ty)?;
            let i = cx.exprs().lit("i");
            let k = cx.u32_lit(stride);
            let scaled = cx.add(Node::Binary(Bin::Mul, i, k));
            let o = cx.add(Node::Binary(Bin::Add, off, scaled));
            let e = read(cx, buf, kind, o, elem)?;
            fill_into(
                &mut text,
                "  $0 r$1;\n  for (uint i = 0u; i < $2u; i = i + 1u) {\n    r[i] = $3;\n  }\n  return r;\n",
                &[base, suffix, &n.to_string(), &cx.print(e)],
            );
        }
        Opcode::Struct => {
            let offsets = member_offsets(m, ty)?;
            let fields = m.struct_fields(ty);
            fill_into(&mut text, "  $0 r;\n", &[base]);
            for (k, (f, o)) in fields.into_iter().zip(offsets).enumerate() {
                let fty = m.ty(f)?;
                let member = cx.member(ty, k);
                let at = plus(cx, off, o);
                let e = read(cx, buf, kind, at, fty)?;
                fill_into(&mut text, "  r.$0 = $1;\n", &[&member, &cx.print(e)]);
            }
            text.push_str("  return r;\n");
        }
        _ => return None,
    }
    text.push_str("}\n");
    Some(text)
}

/// `void name(uint offset, T value) { … }`.
fn store_helper<'m, C: MemoryCx<'m>>(
    cx: &mut C,
    buf: Sym,
    kind: BufferKind,
    ty: Inst,
    name: &str,
    base: &str,
    suffix: &str,
) -> Option<String> {
    let mut text = String::new();
    fill_into(
        &mut text,
        "void $0(uint offset, $1 value$2) {\n",
        &[name, base, suffix],
    );
    let off = cx.exprs().lit("offset");
    let value = cx.exprs().lit("value");
    let m = cx.m();
    let mut parts: Vec<(E, Inst, u32)> = Vec::new();
    match m.opcode(ty) {
        Opcode::Vec if kind == BufferKind::Workgroup => {
            let (elem, n) = m.vec_parts(ty)?;
            for k in 0..n {
                let lane = cx.exprs().member(value, LANES[k as usize]);
                parts.push((lane, elem, 4 * k));
            }
        }
        Opcode::F16 | Opcode::Vec => {
            let (_, n) = shape(m, ty)?;
            let b = cx.name_text(buf).to_string();
            text.push_str(&store_halves(&b, n));
        }
        Opcode::Mat => {
            let (col, c) = m.mat_parts(ty)?;
            let stride = column_stride(m, ty)?;
            for k in 0..c {
                let ix = cx.u32_lit(k);
                let v = cx.add(Node::Index(value, ix));
                parts.push((v, col, k * stride));
            }
        }
        Opcode::Array => {
            let elem = m.operand_opt(ty, 0)?;
            let n = m.const_u32(m.operand_opt(ty, 1)?)?;
            let stride = array_stride(m, ty)?;
            let i = cx.exprs().lit("i");
            let k = cx.u32_lit(stride);
            let scaled = cx.add(Node::Binary(Bin::Mul, i, k));
            let o = cx.add(Node::Binary(Bin::Add, off, scaled));
            let v = cx.add(Node::Index(value, i));
            let s = write_stmt(cx, buf, kind, o, elem, v)?;
            fill_into(
                &mut text,
                "  for (uint i = 0u; i < $0u; i = i + 1u) {\n    $1\n  }\n}\n",
                &[&n.to_string(), &s],
            );
            return Some(text);
        }
        Opcode::Struct => {
            let offsets = member_offsets(m, ty)?;
            for (k, (f, o)) in m.struct_fields(ty).into_iter().zip(offsets).enumerate() {
                let fty = m.ty(f)?;
                let member = cx.member(ty, k);
                let v = cx.add(Node::Member(value, member));
                parts.push((v, fty, o));
            }
        }
        _ => return None,
    }
    for (v, t, o) in parts {
        let at = plus(cx, off, o);
        let s = write_stmt(cx, buf, kind, at, t, v)?;
        fill_into(&mut text, "  $0\n", &[&s]);
    }
    text.push_str("}\n");
    Some(text)
}

/// The statement writing `value` of type `ty` at `offset` in `buf` (read-write).
pub fn write_stmt<'m, C: MemoryCx<'m>>(
    cx: &mut C,
    buf: Sym,
    kind: BufferKind,
    offset: E,
    ty: Inst,
    value: E,
) -> Option<String> {
    let call = match store_of(cx, buf, kind, offset, ty)? {
        ViewStore::Word { place, convert } => {
            let v = wrap(cx, convert, value);
            return Some(fill("$0 = $1;", &[&cx.print(place), &cx.print(v)]));
        }
        ViewStore::Method { method, convert } => {
            let b = cx.add(Node::Name(buf));
            let v = wrap(cx, convert, value);
            cx.exprs().method(b, &method, &[offset, v])
        }
        ViewStore::Helper(name) => cx.add(Node::Call(name, vec![offset, value])),
    };
    let mut text = cx.print(call);
    text.push(';');
    Some(text)
}

/// The body of a helper reading a scalar or vector at a computed offset in a uniform
/// buffer: the row, then the lanes.
fn uniform_dynamic_leaf<'m, C: MemoryCx<'m>>(
    cx: &mut C,
    buf: Sym,
    s: Scalar,
    n: u32,
    ty: Inst,
) -> Option<String> {
    let b = cx.name_text(buf).to_string();
    let (t, _) = cx.spell(ty)?;
    // Holes: $0 the buffer, $1 the type, $2 and $3 the conversion from words around
    // the words (`asfloat(` and `)`, or nothing), $4 the halves.
    let mut halves = String::new();
    for k in 0..n {
        if k > 0 {
            halves.push_str(", ");
        }
        let shift = if k % 2 == 0 { "0" } else { "16" };
        let word = (k / 2).to_string();
        fill_into(
            &mut halves,
            "f16tof32(q[((offset & 15u) >> 2u) + $0u] >> $1u)",
            &[&word, shift],
        );
    }
    let template = match (s == Scalar::F16, n) {
        (true, 1) => {
            "uint4 q = $0[offset / 16u];\n  uint w = q[(offset & 15u) >> 2u];\n  return (half)f16tof32((offset & 2u) != 0u ? w >> 16u : w);"
        }
        (true, _) => "uint4 q = $0[offset / 16u];\n  return $1($4);",
        (false, 1) => "return $2$0[offset / 16u][(offset & 15u) >> 2u]$3;",
        (false, 2) => {
            "uint4 q = $0[offset / 16u];\n  return $2(offset & 8u) != 0u ? q.zw : q.xy$3;"
        }
        (false, 3) => "return $2$0[offset / 16u].xyz$3;",
        (false, _) => "return $2$0[offset / 16u]$3;",
    };
    let (open, close) = match from_words(s) {
        Some(f) => (fill("$0(", &[f]), ")"),
        None => (String::new(), ""),
    };
    Some(fill(template, &[&b, &t, &open, close, &halves]))
}

/// The body of a helper reading `n` halves at a computed offset in a storage buffer:
/// whole words, each split in two. A lone half may sit in either half of its word; a
/// vector of two or more is word-aligned (WGSL aligns `vec2<f16>` to 4 bytes and
/// larger ones to 8).
fn storage_half_leaf<'m, C: MemoryCx<'m>>(
    cx: &mut C,
    buf: Sym,
    n: u32,
    ty: Inst,
) -> Option<String> {
    let b = cx.name_text(buf).to_string();
    let (t, _) = cx.spell(ty)?;
    let template = match n {
        1 => {
            "uint w = $0.Load(offset & ~3u);\n  return (half)f16tof32(w >> ((offset & 2u) << 3u));"
        }
        2 => "uint w = $0.Load(offset);\n  return $1(f16tof32(w), f16tof32(w >> 16u));",
        3 => {
            "uint2 w = $0.Load2(offset);\n  return $1(f16tof32(w.x), f16tof32(w.x >> 16u), f16tof32(w.y));"
        }
        _ => {
            "uint2 w = $0.Load2(offset);\n  return $1(f16tof32(w.x), f16tof32(w.x >> 16u), f16tof32(w.y), f16tof32(w.y >> 16u));"
        }
    };
    Some(fill(template, &[&b, &t]))
}

/// The body of a helper writing `n` halves (`value`) at a computed offset in a storage
/// buffer: a pair fills a word and is stored whole; a lone half (a scalar, or the last of
/// a `vec3<f16>`) is merged into its word with two atomics that touch only its bits.
fn store_halves(b: &str, n: u32) -> String {
    let template = match n {
        1 => {
            "  $0.InterlockedAnd(offset & ~3u, ~(0xffffu << ((offset & 2u) << 3u)));\n  $0.InterlockedOr(offset & ~3u, f32tof16(value) << ((offset & 2u) << 3u));\n"
        }
        2 => "  $0.Store(offset, f32tof16(value.x) | (f32tof16(value.y) << 16u));\n",
        3 => {
            "  $0.Store(offset, f32tof16(value.x) | (f32tof16(value.y) << 16u));\n  $0.InterlockedAnd(offset + 4u, ~(0xffffu << 0u));\n  $0.InterlockedOr(offset + 4u, f32tof16(value.z) << 0u);\n"
        }
        _ => {
            "  $0.Store2(offset, uint2(f32tof16(value.x) | (f32tof16(value.y) << 16u), f32tof16(value.z) | (f32tof16(value.w) << 16u)));\n"
        }
    };
    fill(template, &[b])
}

/// The return type of a helper: the type itself, or a typedef written first for an
/// array (HLSL functions cannot return `T[N]` directly).
fn returnable(text: &mut String, name: &str, base: &str, suffix: &str) -> String {
    if suffix.is_empty() {
        base.to_string()
    } else {
        let t = fill("$0_ret", &[name]);
        fill_into(text, "typedef $0 $1$2;\n", &[base, &t, suffix]);
        t
    }
}

/// The number of 32-bit words a `buffer<N>` takes.
pub fn words(m: &Module, t: Inst) -> Option<u32> {
    Some(m.const_u32(m.operand_opt(t, 0)?)?.div_ceil(4).max(1))
}

/// The size of type `t`, for rows of a uniform buffer.
pub fn rows(m: &Module, t: Inst) -> Option<u32> {
    let size = match m.opcode(t) {
        Opcode::Buffer => m.const_u32(m.operand_opt(t, 0)?)?,
        _ => layout::layout(m, t)?.size,
    };
    Some(size.div_ceil(16).max(1))
}
