//! `polyfill`: WGSL builtins a target lacks, or has with other semantics, rewritten as
//! plain IR arithmetic with WGSL's exact results, so that no back end spells the same
//! polyfill again in its own language. A back end sets the [`Options`] it needs: HLSL
//! has no bit-field instructions, and its `firstbithigh` differs from WGSL's on some
//! drivers; the scalar Gen ISA has no packing instructions.
//!
//! Each builtin becomes the formula of the WGSL specification, component-wise on vectors
//! (the IR's operators work on vectors with splatted constants):
//!
//! - `extractBits(e, offset, count)`: `o = min(offset, 32)`, `c = min(count, 32 - o)`;
//!   unsigned `(e >> o) & (~0u >> (32 - c))`, signed `(e << (32 - o - c)) >> (32 - c)`
//!   (arithmetic), and `0` when `c` is 0;
//! - `insertBits(e, newbits, offset, count)`: with `mask = (~0u >> (32 - c)) << o` (0 when
//!   `c` is 0), `(e & ~mask) | ((newbits << o) & mask)`, in `u32`;
//! - `countLeadingZeros`, `countTrailingZeros`, `firstLeadingBit`, `firstTrailingBit`: a
//!   binary search of five steps (16, 8, 4, 2, 1 bits) with `select`, on the `u32` bits
//!   (a negative `i32` is complemented first for `firstLeadingBit`);
//! - `pack4x8snorm`, `pack4x8unorm`, `pack2x16snorm`, `pack2x16unorm`: `⌊0.5 + k ×
//!   clamp(e)⌋` per component, masked and shifted into place; `pack4xI8`, `pack4xU8` and
//!   their `Clamp` forms: the low byte of each (clamped) component;
//! - `unpack4x8snorm`, `unpack4x8unorm`, `unpack2x16snorm`, `unpack2x16unorm`,
//!   `unpack4xI8`, `unpack4xU8`: each field shifted to the top and back down (arithmetic
//!   for the signed forms), then `max(v ÷ k, -1)` or `v ÷ k` for the normalized forms;
//! - `dot4I8Packed`, `dot4U8Packed`: the unpacked vectors' integer dot product, as a sum of
//!   products in `i32`/`u32` (wrapping);
//! - `modf(e)`: `{ e - trunc(e), trunc(e) }`.
//!
//! Every shift amount the formulas produce is below 32 whenever its result is used, so
//! the `shift-amount` transform may run before or after this one. Names of replaced
//! values move to their replacements.

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::types::Scalar;
use crate::ir::{Builder, InsertPoint, Inst, Module, Opcode, Type, Value};

/// The transform's name in pipelines, diagnostics and tests.
pub const NAME: &str = "polyfill";

/// Which builtins become IR arithmetic.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// `extractBits` and `insertBits`.
    pub bit_fields: bool,
    /// `countLeadingZeros`, `countTrailingZeros`, `firstLeadingBit`, `firstTrailingBit`.
    pub bit_search: bool,
    /// The `pack*` and `unpack*` families except `pack2x16float`/`unpack2x16float`.
    pub packing: bool,
    /// `dot4I8Packed` and `dot4U8Packed`.
    pub dot4_packed: bool,
    /// `modf`.
    pub modf: bool,
}

impl Default for Options {
    /// Every polyfill.
    fn default() -> Options {
        Options::ALL
    }
}

impl Options {
    /// Every polyfill.
    pub const ALL: Options = Options {
        bit_fields: true,
        bit_search: true,
        packing: true,
        dot4_packed: true,
        modf: true,
    };

    /// Whether these options rewrite `op`.
    pub fn wants(&self, op: Opcode) -> bool {
        use Opcode as O;
        match op {
            O::ExtractBits | O::InsertBits => self.bit_fields,
            O::CountLeadingZeros
            | O::CountTrailingZeros
            | O::FirstLeadingBit
            | O::FirstTrailingBit => self.bit_search,
            O::Pack4x8Snorm
            | O::Pack4x8Unorm
            | O::Pack2x16Snorm
            | O::Pack2x16Unorm
            | O::Pack4xI8
            | O::Pack4xU8
            | O::Pack4xI8Clamp
            | O::Pack4xU8Clamp
            | O::Unpack4x8Snorm
            | O::Unpack4x8Unorm
            | O::Unpack2x16Snorm
            | O::Unpack2x16Unorm
            | O::Unpack4xI8
            | O::Unpack4xU8 => self.packing,
            O::Dot4I8Packed | O::Dot4U8Packed => self.dot4_packed,
            O::Modf => self.modf,
            _ => false,
        }
    }
}

pub fn run(m: &mut Module, _: &mut Analyses, options: &Options) -> Result<Changed, Diagnostic> {
    let mut todo = Vec::new();
    let root = m.root();
    for f in m.children(root) {
        if m.opcode(f) != Opcode::Func {
            continue;
        }
        for b in m.children(f) {
            for i in m.children(b) {
                if options.wants(m.opcode(i)) {
                    todo.push(i);
                }
            }
        }
    }
    for &i in &todo {
        let span = m.span(i);
        let made = {
            let mut b = Builder::new(m);
            b.set_insert_point(InsertPoint::Before(i));
            b.set_span(span);
            Poly { b: &mut b }.rewrite(i)
        };
        let Some(v) = made else {
            continue;
        };
        if let Some(name) = m.name(i).map(str::to_string) {
            m.set_name(v.inst(), &name);
        }
        m.replace_all_uses_with(i, v.inst());
        m.remove(i);
    }
    Ok(Changed::instructions_if(!todo.is_empty()))
}

/// Builds one polyfill before the instruction it replaces.
struct Poly<'a, 'm> {
    b: &'a mut Builder<'m>,
}

impl Poly<'_, '_> {
    fn rewrite(&mut self, i: Inst) -> Option<Value> {
        use Opcode as O;
        let m = &*self.b.module;
        let op = m.opcode(i);
        let ops: Vec<Value> = m.operands(i).map(Value).collect();
        let ty = Type(m.ty(i)?);
        Some(match op {
            O::ExtractBits => self.extract_bits(ty, ops[0], ops[1], ops[2]),
            O::InsertBits => self.insert_bits(ty, ops[0], ops[1], ops[2], ops[3]),
            O::CountLeadingZeros => self.count_leading_zeros(ty, ops[0]),
            O::CountTrailingZeros => self.count_trailing_zeros(ty, ops[0]),
            O::FirstLeadingBit => self.first_leading_bit(ty, ops[0]),
            O::FirstTrailingBit => self.first_trailing_bit(ty, ops[0]),
            O::Pack4x8Snorm => self.pack_norm(ops[0], 4, 127.0, true),
            O::Pack4x8Unorm => self.pack_norm(ops[0], 4, 255.0, false),
            O::Pack2x16Snorm => self.pack_norm(ops[0], 2, 32767.0, true),
            O::Pack2x16Unorm => self.pack_norm(ops[0], 2, 65535.0, false),
            O::Pack4xI8 => self.pack_bytes(ops[0], false),
            O::Pack4xU8 => self.pack_bytes(ops[0], false),
            O::Pack4xI8Clamp => self.pack_bytes(ops[0], true),
            O::Pack4xU8Clamp => self.pack_bytes(ops[0], true),
            O::Unpack4x8Snorm => self.unpack_norm(ty, ops[0], 4, 127.0, true),
            O::Unpack4x8Unorm => self.unpack_norm(ty, ops[0], 4, 255.0, false),
            O::Unpack2x16Snorm => self.unpack_norm(ty, ops[0], 2, 32767.0, true),
            O::Unpack2x16Unorm => self.unpack_norm(ty, ops[0], 2, 65535.0, false),
            O::Unpack4xI8 => self.unpack_fields(ty, ops[0], 4, true),
            O::Unpack4xU8 => self.unpack_fields(ty, ops[0], 4, false),
            O::Dot4I8Packed => self.dot4(ty, ops[0], ops[1], true),
            O::Dot4U8Packed => self.dot4(ty, ops[0], ops[1], false),
            O::Modf => self.modf(ty, ops[0])?,
            _ => return None,
        })
    }

    // ---- small builders -------------------------------------------------------------

    /// The number of components of `ty` (1 for a scalar).
    fn width(&self, ty: Type) -> u32 {
        self.b.module.vec_parts(ty.inst()).map_or(1, |(_, n)| n)
    }

    /// `u32` or `vecN<u32>` with `ty`'s width.
    fn uint_like(&mut self, ty: Type) -> Type {
        let n = self.width(ty);
        let u = self.b.ty_u32();
        if n == 1 { u } else { self.b.ty_vec(u, n) }
    }

    /// `bool` or `vecN<bool>` with `ty`'s width.
    fn bool_like(&mut self, ty: Type) -> Type {
        let n = self.width(ty);
        let t = self.b.ty_bool();
        if n == 1 { t } else { self.b.ty_vec(t, n) }
    }

    /// A constant of scalar or vector type `ty` with every component's bits `bits`.
    fn splat(&mut self, ty: Type, bits: u32) -> Value {
        match self.b.module.vec_parts(ty.inst()) {
            Some((e, n)) => {
                let c = self.b.const_scalar(Type(e), bits);
                let parts = vec![c; n as usize];
                self.b.const_composite(ty, &parts)
            }
            None => self.b.const_scalar(ty, bits),
        }
    }

    /// `v` reinterpreted as `ty` (nothing when it already has that type).
    fn cast(&mut self, v: Value, ty: Type) -> Value {
        if self.b.type_of(v) == ty {
            v
        } else {
            self.b.value(Opcode::Bitcast, ty, &[v])
        }
    }

    /// A scalar `u32` operand widened to `ty`'s width.
    fn widen(&mut self, v: Value, ty: Type) -> Value {
        if self.width(ty) == 1 {
            v
        } else {
            self.b.value(Opcode::Splat, ty, &[v])
        }
    }

    fn op(&mut self, op: Opcode, a: Value, b: Value) -> Value {
        self.b.binary(op, a, b)
    }

    fn select(&mut self, cond: Value, t: Value, f: Value) -> Value {
        let ty = self.b.type_of(t);
        self.b.value(Opcode::Select, ty, &[cond, t, f])
    }

    fn cmp(&mut self, op: Opcode, a: Value, b: Value) -> Value {
        let ty = self.bool_like(self.b.type_of(a));
        self.b.value(op, ty, &[a, b])
    }

    // ---- bit fields -------------------------------------------------------------------

    /// `o = min(offset, 32)` and `c = min(count, 32 - o)`, widened to `ut`.
    fn clamp_range(&mut self, ut: Type, offset: Value, count: Value) -> (Value, Value) {
        let w = self.b.const_u32(32);
        let o = self.op(Opcode::Min, offset, w);
        let room = self.op(Opcode::Sub, w, o);
        let c = self.op(Opcode::Min, count, room);
        (self.widen(o, ut), self.widen(c, ut))
    }

    fn extract_bits(&mut self, ty: Type, e: Value, offset: Value, count: Value) -> Value {
        let ut = self.uint_like(ty);
        let (o, c) = self.clamp_range(ut, offset, count);
        let w = self.splat(ut, 32);
        let zero = self.splat(ty, 0);
        let uzero = self.splat(ut, 0);
        let no_bits = self.cmp(Opcode::Eq, c, uzero);
        let down = self.op(Opcode::Sub, w, c);
        let bits = if self
            .b
            .module
            .scalar_type_of(ty.inst())
            .and_then(|s| self.b.module.scalar(s))
            == Some(Scalar::I32)
        {
            let up = self.op(Opcode::Sub, down, o);
            let high = self.op(Opcode::Shl, e, up);
            self.op(Opcode::Shr, high, down)
        } else {
            let shifted = self.op(Opcode::Shr, e, o);
            let ones = self.splat(ut, u32::MAX);
            let mask = self.op(Opcode::Shr, ones, down);
            self.op(Opcode::And, shifted, mask)
        };
        self.select(no_bits, zero, bits)
    }

    fn insert_bits(
        &mut self,
        ty: Type,
        e: Value,
        newbits: Value,
        offset: Value,
        count: Value,
    ) -> Value {
        let ut = self.uint_like(ty);
        let (o, c) = self.clamp_range(ut, offset, count);
        let w = self.splat(ut, 32);
        let zero = self.splat(ut, 0);
        let ones = self.splat(ut, u32::MAX);
        let down = self.op(Opcode::Sub, w, c);
        let low = self.op(Opcode::Shr, ones, down);
        let placed = self.op(Opcode::Shl, low, o);
        let no_bits = self.cmp(Opcode::Eq, c, zero);
        let mask = self.select(no_bits, zero, placed);
        let eu = self.cast(e, ut);
        let nu = self.cast(newbits, ut);
        let keep_mask = self.b.unary(Opcode::BitNot, mask);
        let kept = self.op(Opcode::And, eu, keep_mask);
        let moved = self.op(Opcode::Shl, nu, o);
        let inserted = self.op(Opcode::And, moved, mask);
        let r = self.op(Opcode::Or, kept, inserted);
        self.cast(r, ty)
    }

    // ---- bit search -------------------------------------------------------------------

    /// One step of a binary search: `bits = test(x) ? yes : no; x = x shifted by bits`.
    /// Returns the new `x` and `bits`.
    fn search_step(
        &mut self,
        x: Value,
        mask: u32,
        zero_means: (u32, u32),
        shift: Opcode,
    ) -> (Value, Value) {
        let ut = self.b.type_of(x);
        let m = self.splat(ut, mask);
        let z = self.splat(ut, 0);
        let masked = self.op(Opcode::And, x, m);
        let is_zero = self.cmp(Opcode::Eq, masked, z);
        let yes = self.splat(ut, zero_means.0);
        let no = self.splat(ut, zero_means.1);
        let bits = self.select(is_zero, yes, no);
        let x = self.op(shift, x, bits);
        (x, bits)
    }

    /// Runs the five steps and ORs their bit counts.
    fn search(
        &mut self,
        mut x: Value,
        steps: &[(u32, (u32, u32))],
        shift: Opcode,
    ) -> (Value, Value) {
        let mut total: Option<Value> = None;
        for &(mask, means) in steps {
            let (nx, bits) = self.search_step(x, mask, means, shift);
            x = nx;
            total = Some(match total {
                Some(t) => self.op(Opcode::Or, t, bits),
                None => bits,
            });
        }
        (x, total.expect("five steps"))
    }

    fn count_leading_zeros(&mut self, ty: Type, e: Value) -> Value {
        let ut = self.uint_like(ty);
        let x = self.cast(e, ut);
        // A step counts `n` zeros when the top `n` bits are zero, then shifts them out.
        let steps = [
            (0xffff_0000, (16, 0)),
            (0xff00_0000, (8, 0)),
            (0xf000_0000, (4, 0)),
            (0xc000_0000, (2, 0)),
            (0x8000_0000, (1, 0)),
        ];
        let (x, n) = self.search(x, &steps, Opcode::Shl);
        // All 32 bits zero: the steps counted 31.
        let z = self.splat(ut, 0);
        let one = self.splat(ut, 1);
        let is_zero = self.cmp(Opcode::Eq, x, z);
        let extra = self.select(is_zero, one, z);
        let r = self.op(Opcode::Add, n, extra);
        self.cast(r, ty)
    }

    fn count_trailing_zeros(&mut self, ty: Type, e: Value) -> Value {
        let ut = self.uint_like(ty);
        let x = self.cast(e, ut);
        let steps = [
            (0x0000_ffff, (16, 0)),
            (0x0000_00ff, (8, 0)),
            (0x0000_000f, (4, 0)),
            (0x0000_0003, (2, 0)),
            (0x0000_0001, (1, 0)),
        ];
        let (x, n) = self.search(x, &steps, Opcode::Shr);
        let z = self.splat(ut, 0);
        let one = self.splat(ut, 1);
        let is_zero = self.cmp(Opcode::Eq, x, z);
        let extra = self.select(is_zero, one, z);
        let r = self.op(Opcode::Add, n, extra);
        self.cast(r, ty)
    }

    fn first_leading_bit(&mut self, ty: Type, e: Value) -> Value {
        let ut = self.uint_like(ty);
        let signed = self
            .b
            .module
            .scalar_type_of(ty.inst())
            .and_then(|s| self.b.module.scalar(s))
            == Some(Scalar::I32);
        let mut x = self.cast(e, ut);
        if signed {
            // The highest bit that differs from the sign: complement negative values.
            let zero = self.splat(ty, 0);
            let negative = self.cmp(Opcode::Lt, e, zero);
            let flipped = self.b.unary(Opcode::BitNot, x);
            x = self.select(negative, flipped, x);
        }
        // A step moves down `n` bits when the top half of the window holds a one.
        let steps = [
            (0xffff_0000, (0, 16)),
            (0x0000_ff00, (0, 8)),
            (0x0000_00f0, (0, 4)),
            (0x0000_000c, (0, 2)),
            (0x0000_0002, (0, 1)),
        ];
        let (x, n) = self.search(x, &steps, Opcode::Shr);
        let z = self.splat(ut, 0);
        let none = self.splat(ut, u32::MAX);
        let is_zero = self.cmp(Opcode::Eq, x, z);
        let r = self.select(is_zero, none, n);
        self.cast(r, ty)
    }

    fn first_trailing_bit(&mut self, ty: Type, e: Value) -> Value {
        let ut = self.uint_like(ty);
        let x = self.cast(e, ut);
        let steps = [
            (0x0000_ffff, (16, 0)),
            (0x0000_00ff, (8, 0)),
            (0x0000_000f, (4, 0)),
            (0x0000_0003, (2, 0)),
            (0x0000_0001, (1, 0)),
        ];
        let (x, n) = self.search(x, &steps, Opcode::Shr);
        let z = self.splat(ut, 0);
        let none = self.splat(ut, u32::MAX);
        let is_zero = self.cmp(Opcode::Eq, x, z);
        let r = self.select(is_zero, none, n);
        self.cast(r, ty)
    }

    // ---- packing ------------------------------------------------------------------------

    /// ORs `parts[i] << (bits × i)` together; each part already fits in `bits` bits.
    fn join(&mut self, parts: &[Value], bits: u32) -> Value {
        let mut acc: Option<Value> = None;
        for (i, &p) in parts.iter().enumerate() {
            let placed = if i == 0 {
                p
            } else {
                let s = self.b.const_u32(bits * i as u32);
                self.op(Opcode::Shl, p, s)
            };
            acc = Some(match acc {
                Some(a) => self.op(Opcode::Or, a, placed),
                None => placed,
            });
        }
        acc.expect("at least one part")
    }

    fn component(&mut self, v: Value, k: u32) -> Value {
        let t = self.b.type_of(v);
        let e = Type(
            self.b
                .module
                .vec_parts(t.inst())
                .map_or(t.inst(), |(e, _)| e),
        );
        let ix = self.b.const_u32(k);
        self.b.value(Opcode::Extract, e, &[v, ix])
    }

    /// `pack{4x8,2x16}{s,u}norm`: `⌊0.5 + scale × clamp(e)⌋` per component.
    fn pack_norm(&mut self, e: Value, n: u32, scale: f32, signed: bool) -> Value {
        let ft = self.b.type_of(e);
        let lo = self.splat(ft, if signed { (-1.0f32).to_bits() } else { 0 });
        let hi = self.splat(ft, 1.0f32.to_bits());
        let clamped = self.op(Opcode::Max, e, lo);
        let clamped = self.op(Opcode::Min, clamped, hi);
        let k = self.splat(ft, scale.to_bits());
        let half = self.splat(ft, 0.5f32.to_bits());
        let scaled = self.op(Opcode::Mul, clamped, k);
        let shifted = self.op(Opcode::Add, scaled, half);
        let floored = self.b.unary(Opcode::Floor, shifted);
        let it = {
            let i = self.b.ty_i32();
            self.b.ty_vec(i, n)
        };
        let ints = self.b.value(Opcode::Convert, it, &[floored]);
        let ut = self.uint_like(ft);
        let bits = self.cast(ints, ut);
        let field = 32 / n;
        let mask = self.splat(ut, if field == 8 { 0xff } else { 0xffff });
        let masked = self.op(Opcode::And, bits, mask);
        let parts: Vec<Value> = (0..n).map(|k| self.component(masked, k)).collect();
        self.join(&parts, field)
    }

    /// `pack4x{I,U}8[Clamp]`: the low byte of each (clamped) component.
    fn pack_bytes(&mut self, e: Value, clamp: bool) -> Value {
        let t = self.b.type_of(e);
        let signed = self
            .b
            .module
            .scalar_type_of(t.inst())
            .and_then(|s| self.b.module.scalar(s))
            == Some(Scalar::I32);
        let mut v = e;
        if clamp {
            if signed {
                let lo = self.splat(t, (-128i32) as u32);
                let hi = self.splat(t, 127);
                v = self.op(Opcode::Max, v, lo);
                v = self.op(Opcode::Min, v, hi);
            } else {
                let hi = self.splat(t, 255);
                v = self.op(Opcode::Min, v, hi);
            }
        }
        let ut = self.uint_like(t);
        let bits = self.cast(v, ut);
        let mask = self.splat(ut, 0xff);
        let masked = self.op(Opcode::And, bits, mask);
        let mut parts = Vec::with_capacity(4);
        for k in 0..4 {
            parts.push(self.component(masked, k));
        }
        self.join(&parts, 8)
    }

    /// Each `32 / n`-bit field of `e` at the bottom of its own component of `vecN<u32>`
    /// or `vecN<i32>` (sign-extended when `signed`): shifted to the top, then down.
    fn fields(&mut self, e: Value, n: u32, signed: bool) -> Value {
        let field = 32 / n;
        let u = self.b.ty_u32();
        let ut = self.b.ty_vec(u, n);
        let mut ups = Vec::with_capacity(n as usize);
        for k in 0..n {
            ups.push(self.b.const_u32(32 - field * (k + 1)));
        }
        let up = self.b.const_composite(ut, &ups);
        let all = self.b.value(Opcode::Splat, ut, &[e]);
        let high = self.op(Opcode::Shl, all, up);
        let down = self.splat(ut, 32 - field);
        if signed {
            let i = self.b.ty_i32();
            let it = self.b.ty_vec(i, n);
            let high = self.cast(high, it);
            self.op(Opcode::Shr, high, down)
        } else {
            self.op(Opcode::Shr, high, down)
        }
    }

    fn unpack_fields(&mut self, ty: Type, e: Value, n: u32, signed: bool) -> Value {
        let v = self.fields(e, n, signed);
        self.cast(v, ty)
    }

    fn unpack_norm(&mut self, ty: Type, e: Value, n: u32, scale: f32, signed: bool) -> Value {
        let ints = self.fields(e, n, signed);
        let floats = self.b.value(Opcode::Convert, ty, &[ints]);
        let k = self.splat(ty, scale.to_bits());
        let v = self.op(Opcode::Div, floats, k);
        if signed {
            let lo = self.splat(ty, (-1.0f32).to_bits());
            self.op(Opcode::Max, v, lo)
        } else {
            v
        }
    }

    fn dot4(&mut self, ty: Type, a: Value, b: Value, signed: bool) -> Value {
        let va = self.fields(a, 4, signed);
        let vb = self.fields(b, 4, signed);
        let products = self.op(Opcode::Mul, va, vb);
        let parts: Vec<Value> = (0..4).map(|k| self.component(products, k)).collect();
        let mut sum = parts[0];
        for &p in &parts[1..] {
            sum = self.op(Opcode::Add, sum, p);
        }
        self.cast(sum, ty)
    }

    // ---- modf -----------------------------------------------------------------------------

    fn modf(&mut self, ty: Type, e: Value) -> Option<Value> {
        let whole = self.b.unary(Opcode::Trunc, e);
        let fract = self.op(Opcode::Sub, e, whole);
        let _ = self.b.module.struct_fields(ty.inst()).get(1)?;
        Some(self.b.value(Opcode::Construct, ty, &[fract, whole]))
    }
}

#[cfg(test)]
mod tests {
    //! The integer polyfills, folded to constants by `cleanup`, against Rust reference
    //! implementations of WGSL's definitions on edge values and pseudo-random ones. (The
    //! float ones are checked by execution, in the differential harness.)

    use super::*;

    fn fold(op_text: &str, ty: &str) -> String {
        let text = format!("func @f() -> {ty} {{\n^e:\n  %r: {ty} = {op_text}\n  return %r\n}}\n");
        let mut m = crate::ir::parse(&text).unwrap_or_else(|d| panic!("{text}: {}", d[0].message));
        run(&mut m, &mut Analyses::new(), &Options::ALL).expect("polyfill");
        crate::ir::verify(&m)
            .unwrap_or_else(|d| panic!("{}\n{}", d[0].message, crate::ir::print(&m)));
        crate::passes::run_pipeline(&mut m, &["cleanup".to_string()]).expect("cleanup");
        let printed = crate::ir::print(&m);
        let ret = printed
            .lines()
            .find_map(|l| l.trim().strip_prefix("return "))
            .unwrap_or_else(|| panic!("no return in\n{printed}"));
        ret.to_string()
    }

    fn lit_u(v: u32) -> String {
        format!("{v}u")
    }

    fn lit_i(v: i32) -> String {
        format!("{v}i")
    }

    fn samples() -> Vec<u32> {
        let mut out = vec![
            0,
            1,
            2,
            3,
            0x7fff_ffff,
            0x8000_0000,
            0xffff_ffff,
            0x0001_0000,
            0xff,
            0x100,
            0xf0f0_f0f0,
        ];
        let mut x = 0x1234_5678u64;
        for _ in 0..40 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            out.push((x >> 32) as u32 >> ((x >> 7) & 31));
        }
        out
    }

    fn extract_u(e: u32, offset: u32, count: u32) -> u32 {
        let o = offset.min(32);
        let c = count.min(32 - o);
        if c == 0 {
            0
        } else {
            (((e as u64) >> o) & ((1u64 << c) - 1)) as u32
        }
    }

    fn extract_i(e: i32, offset: u32, count: u32) -> i32 {
        let o = offset.min(32);
        let c = count.min(32 - o);
        if c == 0 {
            return 0;
        }
        let v = extract_u(e as u32, o, c);
        // Sign-extend from bit c - 1.
        ((v << (32 - c)) as i32) >> (32 - c)
    }

    fn insert(e: u32, n: u32, offset: u32, count: u32) -> u32 {
        let o = offset.min(32);
        let c = count.min(32 - o);
        if c == 0 {
            return e;
        }
        let mask = (((1u64 << c) - 1) << o) as u32;
        (e & !mask) | ((((n as u64) << o) as u32) & mask)
    }

    fn first_leading_i(e: i32) -> i32 {
        let x = if e < 0 { !e } else { e } as u32;
        if x == 0 {
            -1
        } else {
            31 - x.leading_zeros() as i32
        }
    }

    #[test]
    fn bit_field_polyfills_match_wgsl() {
        let s = samples();
        let ranges = [
            (0, 0),
            (0, 32),
            (3, 5),
            (31, 1),
            (32, 0),
            (40, 3),
            (4, 40),
            (16, 16),
            (1, 31),
        ];
        for (k, &e) in s.iter().enumerate() {
            let (o, c) = ranges[k % ranges.len()];
            let got = fold(
                &format!("extract_bits {}, {}, {}", lit_u(e), lit_u(o), lit_u(c)),
                "u32",
            );
            assert_eq!(
                got,
                lit_u(extract_u(e, o, c)),
                "extractBits({e:#x}u, {o}, {c})"
            );
            let got = fold(
                &format!(
                    "extract_bits {}, {}, {}",
                    lit_i(e as i32),
                    lit_u(o),
                    lit_u(c)
                ),
                "i32",
            );
            assert_eq!(
                got,
                lit_i(extract_i(e as i32, o, c)),
                "extractBits({e:#x}i, {o}, {c})"
            );
            let n = s[(k * 7 + 3) % s.len()];
            let got = fold(
                &format!(
                    "insert_bits {}, {}, {}, {}",
                    lit_u(e),
                    lit_u(n),
                    lit_u(o),
                    lit_u(c)
                ),
                "u32",
            );
            assert_eq!(
                got,
                lit_u(insert(e, n, o, c)),
                "insertBits({e:#x}, {n:#x}, {o}, {c})"
            );
        }
    }

    #[test]
    fn bit_search_polyfills_match_wgsl() {
        for e in samples() {
            let got = fold(&format!("count_leading_zeros {}", lit_u(e)), "u32");
            assert_eq!(got, lit_u(e.leading_zeros()), "countLeadingZeros({e:#x})");
            let got = fold(&format!("count_trailing_zeros {}", lit_u(e)), "u32");
            assert_eq!(got, lit_u(e.trailing_zeros()), "countTrailingZeros({e:#x})");
            let want = if e == 0 {
                u32::MAX
            } else {
                31 - e.leading_zeros()
            };
            let got = fold(&format!("first_leading_bit {}", lit_u(e)), "u32");
            assert_eq!(got, lit_u(want), "firstLeadingBit({e:#x}u)");
            let got = fold(&format!("first_leading_bit {}", lit_i(e as i32)), "i32");
            assert_eq!(
                got,
                lit_i(first_leading_i(e as i32)),
                "firstLeadingBit({e:#x}i)"
            );
            let want = if e == 0 { u32::MAX } else { e.trailing_zeros() };
            let got = fold(&format!("first_trailing_bit {}", lit_u(e)), "u32");
            assert_eq!(got, lit_u(want), "firstTrailingBit({e:#x}u)");
        }
    }

    #[test]
    fn integer_packing_polyfills_match_wgsl() {
        let s = samples();
        for (k, &a) in s.iter().enumerate() {
            let b = s[(k * 5 + 1) % s.len()];
            let bytes = |x: u32| x.to_le_bytes();
            // dot4U8Packed / dot4I8Packed.
            let du: u32 = bytes(a)
                .iter()
                .zip(bytes(b))
                .map(|(&x, y)| u32::from(x) * u32::from(y))
                .sum();
            let got = fold(&format!("dot4u8packed {}, {}", lit_u(a), lit_u(b)), "u32");
            assert_eq!(got, lit_u(du), "dot4U8Packed({a:#x}, {b:#x})");
            let di: i32 = bytes(a)
                .iter()
                .zip(bytes(b))
                .map(|(&x, y)| i32::from(x as i8) * i32::from(y as i8))
                .sum();
            let got = fold(&format!("dot4i8packed {}, {}", lit_u(a), lit_u(b)), "i32");
            assert_eq!(got, lit_i(di), "dot4I8Packed({a:#x}, {b:#x})");
            // unpack4xU8 / unpack4xI8, then pack4xU8 / pack4xI8 of the result.
            let u = bytes(a).map(u32::from);
            let got = fold(&format!("unpack4xu8 {}", lit_u(a)), "vec4<u32>");
            let want = format!(
                "vec4<u32>({}, {}, {}, {})",
                lit_u(u[0]),
                lit_u(u[1]),
                lit_u(u[2]),
                lit_u(u[3])
            );
            assert_eq!(got, want, "unpack4xU8({a:#x})");
            let i = bytes(a).map(|x| i32::from(x as i8));
            let got = fold(&format!("unpack4xi8 {}", lit_u(a)), "vec4<i32>");
            let want = format!(
                "vec4<i32>({}, {}, {}, {})",
                lit_i(i[0]),
                lit_i(i[1]),
                lit_i(i[2]),
                lit_i(i[3])
            );
            assert_eq!(got, want, "unpack4xI8({a:#x})");
            let v = [
                a as i32,
                b as i32,
                (a >> 3) as i32 % 300,
                -((b >> 5) as i32 % 300),
            ];
            let vec = format!(
                "vec4<i32>({}, {}, {}, {})",
                lit_i(v[0]),
                lit_i(v[1]),
                lit_i(v[2]),
                lit_i(v[3])
            );
            let want = u32::from_le_bytes(v.map(|x| x as u8));
            let got = fold(&format!("pack4xi8 {vec}"), "u32");
            assert_eq!(got, lit_u(want), "pack4xI8({v:?})");
            let want = u32::from_le_bytes(v.map(|x| x.clamp(-128, 127) as i8 as u8));
            let got = fold(&format!("pack4xi8clamp {vec}"), "u32");
            assert_eq!(got, lit_u(want), "pack4xI8Clamp({v:?})");
            let w = v.map(|x| x as u32);
            let vec = format!(
                "vec4<u32>({}, {}, {}, {})",
                lit_u(w[0]),
                lit_u(w[1]),
                lit_u(w[2]),
                lit_u(w[3])
            );
            let want = u32::from_le_bytes(w.map(|x| x.min(255) as u8));
            let got = fold(&format!("pack4xu8clamp {vec}"), "u32");
            assert_eq!(got, lit_u(want), "pack4xU8Clamp({w:?})");
        }
    }
}
