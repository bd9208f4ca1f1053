//! The expression of each IR operation (the HLSL emitter's `operation`): operators,
//! conversions, composites, buffer views, intrinsics, atomics, barriers and calls.
//! Texture operations are in [`super::textures`]; the spellings that are not a plain
//! renaming are listed in [`super::builtins`].

use super::builtins::{self, is_bool_vector, is_matrix, reinterpret, scalar_kind};
use super::expr::{Bin, E, Node};
use super::function::Hlsl;
use super::memory;
use super::memory::LANES;
use super::stmt::Stmt;
use super::template::{self, fill, fill_into};
use super::writer::HelperKind;
use crate::ir::types::Scalar;
use crate::ir::{Inst, Module, Opcode};
use crate::raise::RaiseError;
use crate::raise::plan::{Bind, Index, StmtId};

impl Hlsl<'_, '_> {
    pub(super) fn op(
        &mut self,
        b: &mut Bind<'_, '_>,
        i: Inst,
        ops: Vec<E>,
    ) -> Result<E, RaiseError> {
        use Opcode as O;
        let m = self.w.m;
        let op = m.opcode(i);
        let arg = |k: usize| -> Result<E, RaiseError> {
            ops.get(k)
                .copied()
                .ok_or_else(|| RaiseError::malformed(i, "operand list"))
        };
        if let Some(bin) = builtins::binary(op) {
            return self.binary(b, i, op, bin, arg(0)?, arg(1)?);
        }
        // `all`/`any` of a scalar is the scalar (glslang writes `OpAll` of a scalar, which
        // is invalid SPIR-V).
        if matches!(op, O::All | O::Any) {
            let t = self.ty_of(m.operand(i, 0))?;
            if m.opcode(t) == O::Bool {
                return arg(0);
            }
        }
        // Integer `dot` is a sum of products in a helper: glslang's HLSL front end folds
        // the intrinsic wrongly on constants and types a `uint` one as `int`.
        if op == O::Dot && scalar_kind(m, i).is_some_and(|s| !s.is_float()) {
            let name = self.math_helper(i)?;
            return Ok(self.call(&name, &ops));
        }
        if let Some(name) = builtins::intrinsic(op) {
            return Ok(self.call(name, &ops));
        }
        Ok(match op {
            O::Neg => self.w.x.add(Node::Prefix("-", arg(0)?)),
            O::Not => self.w.x.add(Node::Prefix("!", arg(0)?)),
            O::BitNot => self.w.x.add(Node::Prefix("~", arg(0)?)),
            O::Select => return self.select(b, i, arg(0)?, arg(1)?, arg(2)?),
            O::Convert | O::Splat => {
                let t = self.ty_text(i)?;
                self.w.x.add(Node::Cast(t, arg(0)?))
            }
            O::Bitcast => return self.bitcast(i, arg(0)?),
            O::Construct => {
                let ty = self.ty_of(i)?;
                return self.constructor(ty, ops);
            }
            O::Extract => return self.extract(i, &ops),
            O::Swizzle => {
                let mut lanes = String::new();
                for k in m.operands(i).skip(1) {
                    let lane = m.const_u32(k).and_then(|k| LANES.get(k as usize));
                    lanes.push_str(lane.ok_or_else(|| RaiseError::malformed(i, "swizzle"))?);
                }
                self.w.x.add(Node::Member(arg(0)?, lanes))
            }
            O::BufferView => return self.buffer_view(i, arg(0)?, arg(1)?),
            O::BufferLength => {
                if let Some(e) = self.size_from_uniform(m.operand(i, 0)) {
                    return Ok(e);
                }
                // A `cbuffer` or `groupshared` array has no `GetDimensions`; it is
                // declared with the rows or words of its `buffer<N>`, so N bytes are what
                // the shader sees of it.
                let sized = matches!(
                    self.w.buffers.get(&m.operand(i, 0)),
                    Some(memory::BufferKind::Uniform | memory::BufferKind::Workgroup)
                );
                if sized && let Some(n) = fixed_buffer_size(m, m.operand(i, 0)) {
                    return Ok(self.w.x.add(Node::Lit(format!("{n}u"))));
                }
                let n = self.out_var(b, "uint", "length")?;
                let buf = arg(0)?;
                let get = self.w.x.method(buf, "GetDimensions", &[n]);
                let s = self.put(Stmt::Expr(get));
                b.out().push(s);
                n
            }
            O::Sign => {
                let s = self.call("sign", &[arg(0)?]);
                if scalar_kind(m, i).is_some_and(Scalar::is_float) {
                    let t = self.ty_text(i)?;
                    self.w.x.add(Node::Cast(t, s))
                } else {
                    s
                }
            }
            O::QuantizeToF16 => {
                let h = self.call("f32tof16", &[arg(0)?]);
                self.call("f16tof32", &[h])
            }
            O::FwidthCoarse | O::FwidthFine => {
                let x = self.temp(b, m.operand(i, 0), arg(0)?, "v")?;
                let (dx, dy) = if op == O::FwidthCoarse {
                    ("ddx_coarse", "ddy_coarse")
                } else {
                    ("ddx_fine", "ddy_fine")
                };
                let a = self.call(dx, &[x]);
                let a = self.call("abs", &[a]);
                let c = self.call(dy, &[x]);
                let c = self.call("abs", &[c]);
                self.w.x.add(Node::Binary(Bin::Add, a, c))
            }
            O::Acosh
            | O::Asinh
            | O::Atanh
            | O::Ldexp
            | O::Pack2x16Float
            | O::Unpack2x16Float
            | O::Frexp
            | O::Modf => {
                let name = self.math_helper(i)?;
                self.call(&name, &ops)
            }
            O::SubgroupInclusiveAdd | O::SubgroupInclusiveMul => {
                let x = self.temp(b, m.operand(i, 0), arg(0)?, "v")?;
                let (f, bin) = if op == O::SubgroupInclusiveAdd {
                    ("WavePrefixSum", Bin::Add)
                } else {
                    ("WavePrefixProduct", Bin::Mul)
                };
                let prefix = self.call(f, &[x]);
                self.w.x.add(Node::Binary(bin, prefix, x))
            }
            O::SubgroupElect => self.call("WaveIsFirstLane", &[]),
            O::SubgroupShuffleXor | O::SubgroupShuffleUp | O::SubgroupShuffleDown => {
                let lane = self.call("WaveGetLaneIndex", &[]);
                let bin = match op {
                    O::SubgroupShuffleXor => Bin::BitXor,
                    O::SubgroupShuffleUp => Bin::Sub,
                    _ => Bin::Add,
                };
                let id = self.w.x.add(Node::Binary(bin, lane, arg(1)?));
                self.call("WaveReadLaneAt", &[arg(0)?, id])
            }
            O::WorkgroupBarrier => self.call("GroupMemoryBarrierWithGroupSync", &[]),
            O::StorageBarrier | O::TextureBarrier => {
                self.call("DeviceMemoryBarrierWithGroupSync", &[])
            }
            O::WorkgroupUniformLoad => {
                let sync = self.call("GroupMemoryBarrierWithGroupSync", &[]);
                let s = self.put(Stmt::Expr(sync));
                b.out().push(s);
                let v = b.bind(self, i, arg(0)?, "value")?;
                let sync = self.call("GroupMemoryBarrierWithGroupSync", &[]);
                let s = self.put(Stmt::Expr(sync));
                b.out().push(s);
                v
            }
            O::Call => {
                let callee = m.operand(i, 0);
                let name = self
                    .w
                    .globals
                    .get(&callee)
                    .map(|s| self.w.names[s.index()].clone())
                    .ok_or_else(|| RaiseError::malformed(i, "call of an unnamed function"))?;
                self.w.x.add(Node::Call(name, ops))
            }
            op if op.class() == crate::ir::Class::Atomic => return self.atomic(b, i, ops),
            op if op.class() == crate::ir::Class::Texture => return self.texture(b, i, ops),
            _ => {
                return Err(self.unsupported_op(i));
            }
        })
    }

    pub(super) fn unsupported_op(&self, i: Inst) -> RaiseError {
        let name = self.w.m.opcode(i).name();
        RaiseError::new(
            crate::diag::codes::HLSL_UNSUPPORTED,
            format!("cannot write HLSL for this module: it uses the `{name}` operation"),
            i,
        )
    }

    pub(super) fn ty_text(&mut self, i: Inst) -> Result<String, RaiseError> {
        let t = self.ty_of(i)?;
        self.w.type_text(t).map_err(|w| {
            RaiseError::new(
                crate::diag::codes::HLSL_UNSUPPORTED,
                format!("cannot write HLSL for this module: it uses {w}"),
                i,
            )
        })
    }

    fn binary(
        &mut self,
        b: &mut Bind<'_, '_>,
        i: Inst,
        op: Opcode,
        bin: Bin,
        l: E,
        r: E,
    ) -> Result<E, RaiseError> {
        let m = self.w.m;
        let (a0, a1) = (m.operand(i, 0), m.operand(i, 1));
        let kind = scalar_kind(m, a0);
        match op {
            Opcode::Mul if is_matrix(m, a0) || is_matrix(m, a1) => {
                let scalar = |v| m.ty(v).and_then(|t| m.scalar(t)).is_some();
                if scalar(a0) || scalar(a1) {
                    return Ok(self.w.x.add(Node::Binary(Bin::Mul, l, r)));
                }
                // HLSL's rows are WGSL's columns.
                return Ok(self.call("mul", &[r, l]));
            }
            Opcode::Rem if kind.is_some_and(Scalar::is_float) => {
                return Ok(self.call("fmod", &[l, r]));
            }
            Opcode::And | Opcode::Or | Opcode::Xor if kind == Some(Scalar::Bool) => {
                if op == Opcode::Xor {
                    return Ok(self.w.x.add(Node::Binary(Bin::Ne, l, r)));
                }
                if is_bool_vector(m, a0) {
                    let kind = if op == Opcode::And {
                        HelperKind::BoolAnd
                    } else {
                        HelperKind::BoolOr
                    };
                    let name = self.bool_vector_helper(i, kind)?;
                    return Ok(self.call(&name, &[l, r]));
                }
                // Both sides are evaluated (no short circuit): `&`/`|` on `bool`.
                let _ = b;
            }
            _ => {}
        }
        Ok(self.w.x.add(Node::Binary(bin, l, r)))
    }

    fn select(&mut self, b: &mut Bind<'_, '_>, i: Inst, c: E, t: E, f: E) -> Result<E, RaiseError> {
        let m = self.w.m;
        if is_bool_vector(m, m.operand(i, 0)) {
            let name = self.bool_vector_helper(i, HelperKind::Select)?;
            return Ok(self.call(&name, &[c, t, f]));
        }
        // `?:` evaluates one arm only: an arm that calls a function is evaluated first.
        let t = if self.has_call(t) {
            self.temp(b, m.operand(i, 1), t, "t")?
        } else {
            t
        };
        let f = if self.has_call(f) {
            self.temp(b, m.operand(i, 2), f, "f")?
        } else {
            f
        };
        Ok(self.w.x.add(Node::Ternary(c, t, f)))
    }

    /// Whether `e` calls a function of the module (which may have effects).
    fn has_call(&self, e: E) -> bool {
        let x = &self.w.x;
        let mut work = vec![e];
        while let Some(n) = work.pop() {
            match x.node(n) {
                Node::Call(name, args) => {
                    if self.w.function_names.contains(name) {
                        return true;
                    }
                    work.extend(args.iter().copied());
                }
                Node::Prefix(_, a) | Node::Member(a, _) | Node::Cast(_, a) => work.push(*a),
                Node::Binary(_, a, c) | Node::Index(a, c) => {
                    work.push(*a);
                    work.push(*c);
                }
                Node::Ternary(a, c, d) => {
                    work.push(*a);
                    work.push(*c);
                    work.push(*d);
                }
                Node::Method(o, _, args) => {
                    work.push(*o);
                    work.extend(args.iter().copied());
                }
                Node::List(items) => work.extend(items.iter().copied()),
                Node::View { read, .. } => work.push(*read),
                Node::Name(_) | Node::Lit(_) => {}
            }
        }
        false
    }

    fn bitcast(&mut self, i: Inst, a: E) -> Result<E, RaiseError> {
        let m = self.w.m;
        let to = scalar_kind(m, i);
        let from = scalar_kind(m, m.operand(i, 0));
        let width = |v: Inst| m.ty(v).and_then(|t| m.scalar_or_vec(t)).map(|(_, n)| n);
        if to == from && width(i) == width(m.operand(i, 0)) {
            return Ok(a);
        }
        match (to.and_then(reinterpret), width(i) == width(m.operand(i, 0))) {
            (Some(f), true) => Ok(self.call(f, &[a])),
            _ if to == Some(Scalar::F16) || from == Some(Scalar::F16) => {
                let name = self.half_bitcast(i)?;
                Ok(self.call(&name, &[a]))
            }
            _ => Err(RaiseError::new(
                crate::diag::codes::HLSL_UNSUPPORTED,
                "cannot write HLSL for this module: it uses a bitcast between 16-bit and 32-bit types"
                    .to_string(),
                i,
            )),
        }
    }

    /// The helper for a bitcast between `vecN<f16>` and 32-bit values of half as many
    /// lanes: two halves to a word, low lane in the low bits, through `f32tof16` and
    /// `f16tof32` (exact for every half value).
    fn half_bitcast(&mut self, i: Inst) -> Result<String, RaiseError> {
        let m = self.w.m;
        let from_t = self.ty_of(m.operand(i, 0))?;
        let to_t = self.ty_of(i)?;
        let key = HelperKind::HalfBitcast(from_t);
        if let Some(n) = self.w.helpers.made(to_t, key) {
            return Ok(n);
        }
        let lanes = |t: Inst| m.vec_parts(t).map_or(1, |(_, n)| n);
        let from_text = self
            .w
            .type_text(from_t)
            .map_err(|_| self.unsupported_op(i))?;
        let to_text = self.w.type_text(to_t).map_err(|_| self.unsupported_op(i))?;
        let body = if scalar_kind(m, m.operand(i, 0)) == Some(Scalar::F16) {
            // Halves to words: two lanes a word.
            let words = lanes(to_t);
            let mut bits = String::new();
            for k in 0..words as usize {
                if k > 0 {
                    bits.push_str(", ");
                }
                let lane = |j: usize| LANES.get(j).copied().unwrap_or("x");
                fill_into(
                    &mut bits,
                    "f32tof16(v.$0) | (f32tof16(v.$1) << 16u)",
                    &[lane(2 * k), lane(2 * k + 1)],
                );
            }
            let to = scalar_kind(m, i)
                .and_then(reinterpret)
                .ok_or_else(|| self.unsupported_op(i))?;
            match words {
                1 => fill("  return $0($1);\n", &[to, &bits]),
                n => fill("  return $0(uint$2($1));\n", &[to, &bits, &n.to_string()]),
            }
        } else {
            // Words to halves.
            match lanes(from_t) {
                1 => fill(
                    "  uint u = asuint(v);\n  return $0(f16tof32(u), f16tof32(u >> 16u));\n",
                    &[&to_text],
                ),
                n => {
                    let halves =
                        template::lanes(n, "f16tof32(u.$l), f16tof32(u.$l >> 16u)", ", ", &[]);
                    fill(
                        "  uint$2 u = asuint(v);\n  return $0($1);\n",
                        &[&to_text, &halves, &n.to_string()],
                    )
                }
            }
        };
        let name = self.w.namer_fresh(&fill("bitcast_$0", &[&to_text]));
        let text = fill(
            "$0 $1($2 v) {\n$3}\n",
            &[&to_text, &name, &from_text, &body],
        );
        Ok(self.w.helpers.add(to_t, key, name, text))
    }

    fn extract(&mut self, i: Inst, ops: &[E]) -> Result<E, RaiseError> {
        let m = self.w.m;
        let mut base = *ops
            .first()
            .ok_or_else(|| RaiseError::malformed(i, "extract"))?;
        let mut t = self.ty_of(m.operand(i, 0))?;
        for (k, &dynamic) in ops.iter().enumerate().take(m.num_operands(i)).skip(1) {
            let ix = m.operand(i, k);
            let index = match m.const_u32(ix).filter(|_| m.opcode(ix) == Opcode::Constant) {
                Some(c) => Index::Const(c),
                None => Index::Dynamic(dynamic),
            };
            let next = m
                .member_type(
                    t,
                    match index {
                        Index::Const(c) => Some(c),
                        Index::Dynamic(_) => None,
                    },
                )
                .ok_or_else(|| RaiseError::malformed(i, "extract index"))?;
            base = crate::raise::plan::Emitter::access(self, base, t, index)?;
            t = next;
        }
        Ok(base)
    }

    fn buffer_view(&mut self, i: Inst, buf: E, offset: E) -> Result<E, RaiseError> {
        let m = self.w.m;
        let Node::Name(sym) = *self.w.x.node(buf) else {
            return Err(self.unsupported_op(i));
        };
        let var = m.operand(i, 0);
        let kind =
            *self.w.buffers.get(&var).ok_or_else(|| {
                RaiseError::malformed(i, "a view of a variable that is not a buffer")
            })?;
        let ty = self.ty_of(i)?;
        let pointee = m
            .ptr_parts(ty)
            .map(|(_, p, _)| p)
            .ok_or_else(|| RaiseError::malformed(i, "buffer view type"))?;
        memory::view(self.w, sym, kind, offset, pointee).ok_or_else(|| {
            RaiseError::new(
                crate::diag::codes::HLSL_UNSUPPORTED,
                "cannot write HLSL for this module: it reads a buffer type HLSL cannot address"
                    .to_string(),
                i,
            )
        })
    }

    /// Atomics: `Interlocked*` on a `groupshared` reference or, for a buffer place, the
    /// buffer's method at its offset; the original value comes back through an out
    /// parameter, declared before the statement.
    fn atomic(&mut self, b: &mut Bind<'_, '_>, i: Inst, ops: Vec<E>) -> Result<E, RaiseError> {
        use Opcode as O;
        let m = self.w.m;
        let op = m.opcode(i);
        let place = ops[0];
        let view = match *self.w.x.node(place) {
            Node::View { buffer, offset, .. } => Some((buffer, offset)),
            _ => None,
        };
        let scalar_t = match op {
            O::AtomicStore => {
                let p = self.ty_of(m.operand(i, 0))?;
                let (_, store, _) = m
                    .ptr_parts(p)
                    .ok_or_else(|| RaiseError::malformed(i, "atomic"))?;
                m.operand(store, 0)
            }
            O::AtomicCompareExchangeWeak => {
                let t = self.ty_of(i)?;
                m.ty(m.struct_fields(t)[0])
                    .ok_or_else(|| RaiseError::malformed(i, "atomic"))?
            }
            _ => self.ty_of(i)?,
        };
        let t = self
            .w
            .type_text(scalar_t)
            .map_err(|_| self.unsupported_op(i))?;
        // The call `Interlocked<name>(place, args…, out)` or `buffer.Interlocked<name>(offset, …)`.
        let emit = |this: &mut Self, name: &str, args: Vec<E>, out: E| -> Stmt {
            let mut all = vec![view.map_or(place, |(_, offset)| offset)];
            all.extend(args);
            all.push(out);
            let call = match view {
                Some((buffer, _)) => {
                    let bufe = this.w.x.add(Node::Name(buffer));
                    this.w.x.add(Node::Method(bufe, name.to_string(), all))
                }
                None => this.w.x.add(Node::Call(name.to_string(), all)),
            };
            Stmt::Expr(call)
        };
        let name = match op {
            O::AtomicLoad => "InterlockedOr",
            O::AtomicStore | O::AtomicExchange => "InterlockedExchange",
            O::AtomicAdd | O::AtomicSub => "InterlockedAdd",
            O::AtomicMax => "InterlockedMax",
            O::AtomicMin => "InterlockedMin",
            O::AtomicAnd => "InterlockedAnd",
            O::AtomicOr => "InterlockedOr",
            O::AtomicXor => "InterlockedXor",
            O::AtomicCompareExchangeWeak => "InterlockedCompareExchange",
            _ => return Err(self.unsupported_op(i)),
        };
        // A buffer's `Interlocked*` methods work on `uint` words (glslang types them so
        // whatever the operands are); an `int` atomic in a buffer passes its bits through
        // `uint` and reads the original back with `asint`. Signed `Max`/`Min` depend on
        // the sign, so there they are a compare-exchange loop in a helper.
        let signed_view = view.is_some() && t == "int";
        if signed_view && matches!(op, O::AtomicMax | O::AtomicMin) {
            let (buffer, offset) = view.ok_or_else(|| RaiseError::malformed(i, "atomic"))?;
            let helper = self.signed_buffer_atomic(scalar_t, buffer, op == O::AtomicMax);
            let call = self.call(&helper, &[offset, ops[1]]);
            return b.bind(self, i, call, "old");
        }
        let word_t = if signed_view {
            "uint".to_string()
        } else {
            t.clone()
        };
        let bits = |this: &mut Self, e: E| match signed_view {
            true => this.call("asuint", &[e]),
            false => e,
        };
        let back =
            |this: &mut Self, out: E| match signed_view && op != O::AtomicStore && m.has_uses(i) {
                true => this.call("asint", &[out]),
                false => out,
            };
        let out = self.out_var(b, &word_t, "old")?;
        match op {
            O::AtomicCompareExchangeWeak => {
                let cmp = self.temp(b, m.operand(i, 1), ops[1], "compare")?;
                let (c, v) = (bits(self, cmp), bits(self, ops[2]));
                let call = emit(self, name, vec![c, v], out);
                let call = self.put(call);
                b.out().push(call);
                let eq = self.w.x.add(Node::Binary(Bin::Eq, out, c));
                let old = back(self, out);
                let ty = self.ty_of(i)?;
                let result = self.constructor(ty, vec![old, eq])?;
                b.bind(self, i, result, "result")
            }
            _ => {
                let arg = match op {
                    O::AtomicLoad => {
                        let zero = if word_t == "uint" { "0u" } else { "0" };
                        self.w.x.add(Node::Lit(zero.into()))
                    }
                    O::AtomicSub => {
                        let v = bits(self, ops[1]);
                        self.w.x.add(Node::Prefix("-", v))
                    }
                    _ => bits(self, ops[1]),
                };
                let call = emit(self, name, vec![arg], out);
                let call = self.put(call);
                b.out().push(call);
                // A store has no value: `effect` writes nothing for a bare name.
                Ok(back(self, out))
            }
        }
    }

    /// The size of buffer variable `var` from the `buffer_sizes` constant buffer, when the
    /// options list it; the buffer is declared on first use.
    fn size_from_uniform(&mut self, var: Inst) -> Option<E> {
        let m = self.w.m;
        let sizes = self.w.options.buffer_sizes()?;
        let word = |op: Opcode| crate::raise::plan::decoration_u32(m, var, op);
        let k = *sizes
            .index
            .get(&(word(Opcode::DecoGroup)?, word(Opcode::DecoBinding)?))?;
        let name = match &self.w.buffer_sizes_name {
            Some(n) => n.clone(),
            None => {
                let n = self.w.namer_fresh("buffer_sizes");
                let rows = sizes.index.values().max().map_or(1, |&k| k / 4 + 1);
                let (register, space) = sizes.at;
                self.w.helpers.texts.push(fill(
                    "cbuffer $0_block : register(b$1, space$2) {\n  uint4 $0[$3];\n};\n",
                    &[
                        &n,
                        &register.to_string(),
                        &space.to_string(),
                        &rows.to_string(),
                    ],
                ));
                self.w.buffer_sizes_name = Some(n.clone());
                n
            }
        };
        let lane = LANES[(k % 4) as usize];
        let row = (k / 4).to_string();
        Some(
            self.w
                .x
                .add(Node::Lit(fill("$0[$1u].$2", &[&name, &row, lane]))),
        )
    }

    /// `int name(uint offset, int v)`: a signed `InterlockedMax` (`max`) or
    /// `InterlockedMin` on the `uint` words of `buffer`, as a compare-exchange loop;
    /// returns the original value. `int_t` is the `i32` type.
    fn signed_buffer_atomic(&mut self, int_t: Inst, buffer: super::expr::Sym, max: bool) -> String {
        let key = HelperKind::SignedAtomic { buffer, max };
        if let Some(n) = self.w.helpers.made(int_t, key) {
            return n;
        }
        let b = self.w.names[buffer.index()].clone();
        let f = if max { "max" } else { "min" };
        let helper = self.w.namer_fresh(&fill("$0_atomic_$1", &[&b, f]));
        let text = fill(
            "int $2(uint offset, int v) {\n  uint old = $0.Load(offset);\n  [loop] for (;;) {\n    uint seen;\n    $0.InterlockedCompareExchange(offset, old, asuint($1(asint(old), v)), seen);\n    if (seen == old) {\n      return asint(old);\n    }\n    old = seen;\n  }\n}\n",
            &[&b, f, &helper],
        );
        self.w.helpers.add(int_t, key, helper, text)
    }

    /// A `bool`-vector helper (`select`, `&`, `|`) for the type of `i`, made once.
    fn bool_vector_helper(&mut self, i: Inst, kind: HelperKind) -> Result<String, RaiseError> {
        let m = self.w.m;
        let ty = self.ty_of(i)?;
        if let Some(n) = self.w.helpers.made(ty, kind) {
            return Ok(n);
        }
        let t = self.w.type_text(ty).map_err(|_| self.unsupported_op(i))?;
        let n = m.vec_parts(ty).map_or(1, |(_, n)| n);
        let (hint, text, pattern) = match kind {
            HelperKind::Select => (
                "select_$0",
                "$0 $1(bool$3 c, $0 t, $0 f) {\n  return $0($2);\n}\n",
                "c.$l ? t.$l : f.$l",
            ),
            HelperKind::BoolAnd => (
                "and_$0",
                "$0 $1($0 a, $0 b) {\n  return $0($2);\n}\n",
                "a.$l && b.$l",
            ),
            _ => (
                "or_$0",
                "$0 $1($0 a, $0 b) {\n  return $0($2);\n}\n",
                "a.$l || b.$l",
            ),
        };
        let name = self.w.namer_fresh(&fill(hint, &[&t]));
        let body = template::lanes(n, pattern, ", ", &[]);
        let text = fill(text, &[&t, &name, &body, &n.to_string()]);
        Ok(self.w.helpers.add(ty, kind, name, text))
    }

    /// Helper functions for the builtins HLSL has no direct intrinsic for, one per
    /// builtin and type.
    fn math_helper(&mut self, i: Inst) -> Result<String, RaiseError> {
        use Opcode as O;
        let m = self.w.m;
        let op = m.opcode(i);
        let ty = self.ty_of(i)?;
        // One integer `dot` helper per vector type, not per (scalar) result type.
        let key_ty = match op {
            O::Dot => self.ty_of(m.operand(i, 0))?,
            _ => ty,
        };
        let key = HelperKind::Math(op as u16);
        if let Some(n) = self.w.helpers.made(key_ty, key) {
            return Ok(n);
        }
        let t = self.w.type_text(ty).map_err(|_| self.unsupported_op(i))?;
        let arg_t = {
            let a = self.ty_of(m.operand(i, 0))?;
            self.w.type_text(a).map_err(|_| self.unsupported_op(i))?
        };
        let hint = fill(
            "$0_$1",
            &[op.name(), if op == O::Dot { &arg_t } else { &t }],
        );
        let name = self.w.namer_fresh(&hint);
        // Holes: $0 the result type, $1 the name, $2 the argument type, $3… per builtin.
        let (mut a3, mut a4, mut a5) = (String::new(), String::new(), String::new());
        let template = match op {
            O::Dot => {
                let n = m
                    .ty(m.operand(i, 0))
                    .and_then(|v| m.vec_parts(v))
                    .map(|(_, n)| n)
                    .ok_or_else(|| self.unsupported_op(i))?;
                a3 = template::lanes(n, "a.$l * b.$l", " + ", &[]);
                "$0 $1($2 a, $2 b) {\n  return $3;\n}\n"
            }
            O::Acosh => "$0 $1($0 x) {\n  return log(x + sqrt(x * x - 1.0f));\n}\n",
            O::Asinh => "$0 $1($0 x) {\n  return log(x + sqrt(x * x + 1.0f));\n}\n",
            O::Atanh => "$0 $1($0 x) {\n  return 0.5f * log((1.0f + x) / (1.0f - x));\n}\n",
            O::Ldexp => {
                let e = self.ty_of(m.operand(i, 1))?;
                a3 = self.w.type_text(e).map_err(|_| self.unsupported_op(i))?;
                a4 = int_to_float(&a3);
                "$0 $1($0 x, $3 e) {\n  $3 half_e = e / 2;\n  return x * exp2(($4)half_e) * exp2(($4)(e - half_e));\n}\n"
            }
            O::Pack2x16Float => {
                "uint $1(float2 v) {\n  return f32tof16(v.x) | (f32tof16(v.y) << 16u);\n}\n"
            }
            O::Unpack2x16Float => {
                "float2 $1(uint v) {\n  return float2(f16tof32(v), f16tof32(v >> 16u));\n}\n"
            }
            O::Frexp => {
                a3 = self.w.member_name(ty, 0);
                a4 = self.w.member_name(ty, 1);
                let e = m
                    .ty(m.struct_fields(ty)[1])
                    .ok_or_else(|| self.unsupported_op(i))?;
                a5 = self.w.type_text(e).map_err(|_| self.unsupported_op(i))?;
                "$0 $1($2 x) {\n  $2 e;\n  $0 r;\n  r.$3 = frexp(x, e);\n  r.$4 = ($5)e;\n  return r;\n}\n"
            }
            O::Modf => {
                a3 = self.w.member_name(ty, 0);
                a4 = self.w.member_name(ty, 1);
                "$0 $1($2 x) {\n  $0 r;\n  r.$4 = trunc(x);\n  r.$3 = x - r.$4;\n  return r;\n}\n"
            }
            _ => return Err(self.unsupported_op(i)),
        };
        let text = fill(template, &[&t, &name, &arg_t, &a3, &a4, &a5]);
        Ok(self.w.helpers.add(key_ty, key, name, text))
    }

    /// A value of type `ty` from its parts: a constructor call for vectors and matrices,
    /// the constructor helper for structs and arrays.
    pub(super) fn constructor(&mut self, ty: Inst, parts: Vec<E>) -> Result<E, RaiseError> {
        let m = self.w.m;
        match m.opcode(ty) {
            Opcode::Vec | Opcode::Mat => {
                let t = self.w.type_text(ty).map_err(|_| self.unsupported_ty(ty))?;
                Ok(self.w.x.add(Node::Call(t, parts)))
            }
            Opcode::Struct | Opcode::Array => {
                let name = self
                    .w
                    .constructor(ty)
                    .map_err(|_| self.unsupported_ty(ty))?;
                Ok(self.w.x.add(Node::Call(name, parts)))
            }
            _ => Err(RaiseError::malformed(
                ty,
                "a constructor of a non-composite type",
            )),
        }
    }

    fn unsupported_ty(&self, ty: Inst) -> RaiseError {
        RaiseError::new(
            crate::diag::codes::HLSL_UNSUPPORTED,
            format!(
                "cannot write HLSL for this module: it uses the type `{}`",
                self.w.m.type_name(ty)
            ),
            ty,
        )
    }

    /// The continuing of a loop with a first-iteration flag runs outside the body's
    /// scope: the body's top-level declarations it reads are declared before the loop
    /// (into `out`) and assigned where they were.
    pub(super) fn hoist_for_continuing(
        &mut self,
        out: &mut Vec<StmtId>,
        body: &mut [Stmt],
        continuing: &[Stmt],
        break_if: Option<E>,
    ) {
        for s in body.iter_mut() {
            let Stmt::Decl { ty, name, init, .. } = s else {
                continue;
            };
            let read = super::stmt::mentions(&self.w.x, continuing, *name)
                || break_if.is_some_and(|c| self.w.x.mentions(c, *name));
            if !read {
                continue;
            }
            let decl = self.put(Stmt::Decl {
                ty: ty.clone(),
                name: *name,
                init: None,
                constant: false,
                defaulted: false,
            });
            out.push(decl);
            let lhs = self.w.x.add(Node::Name(*name));
            *s = match init {
                Some(e) => Stmt::Assign(lhs, *e),
                None => Stmt::Block(Vec::new()),
            };
        }
    }
}

/// `text` with every `int` spelled `float` (`int3` → `float3`): `str::replace` without
/// the two-way string searcher, which only this would link into the package.
fn int_to_float(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(k) = rest.as_bytes().windows(3).position(|w| w == b"int") {
        out.push_str(&rest[..k]);
        out.push_str("float");
        rest = &rest[k + 3..];
    }
    out.push_str(rest);
    out
}

/// The size in bytes of the `buffer<N>` the variable `var` holds.
fn fixed_buffer_size(m: &Module, var: Inst) -> Option<u32> {
    let (_, store, _) = m.ptr_parts(m.ty(var)?)?;
    (m.opcode(store) == Opcode::Buffer)
        .then(|| m.operand_opt(store, 0).and_then(|n| m.const_u32(n)))
        .flatten()
}
