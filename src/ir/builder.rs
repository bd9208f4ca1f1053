//! The builder: the one way to make well-formed IR.
//!
//! - Types, constants and other global values are hash-consed: asking for `vec4<f32>`
//!   twice gives the same instruction. A hoistable instruction with a local operand (a
//!   type built from a generic's parameter) is placed at the insertion point instead, and
//!   is hoisted later by `replace_all_uses_with` when its operands become global.
//! - Functions, blocks, block parameters and every terminator have a method, so that code
//!   building control flow reads like the IR it makes.
//! - Ordinary instructions go to the insertion point: the end of a block, or before an
//!   instruction.

use super::enums::{AccessMode, AddressSpace, TexelFormat, TextureDim};
use super::module::{Block, Func, Inst, Module, Type, Value};
use super::opcode::Opcode;
use super::types::Scalar;
use crate::diag::Span;

/// Where the builder puts new instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InsertPoint {
    /// Module scope: global values are hash-consed as always, and anything else is
    /// appended to the module.
    None,
    /// At the end of a block.
    End(Block),
    /// Just before an instruction.
    Before(Inst),
}

pub struct Builder<'m> {
    pub module: &'m mut Module,
    at: InsertPoint,
    /// The source span given to every instruction placed from now on (lowering sets it
    /// to the AST node being lowered).
    span: Span,
}

impl<'m> Builder<'m> {
    pub fn new(module: &'m mut Module) -> Builder<'m> {
        Builder {
            module,
            at: InsertPoint::None,
            span: Span::DETACHED,
        }
    }

    /// Sets the source span of the instructions placed from now on; returns the
    /// previous one, to restore after lowering a nested node.
    pub fn set_span(&mut self, span: Span) -> Span {
        std::mem::replace(&mut self.span, span)
    }

    pub fn insert_point(&self) -> InsertPoint {
        self.at
    }

    pub fn set_insert_point(&mut self, at: InsertPoint) {
        self.at = at;
    }

    /// Continues at the end of `block`.
    pub fn switch_to(&mut self, block: Block) {
        self.at = InsertPoint::End(block);
    }

    /// Attaches a detached instruction at the insertion point. With no insertion point
    /// it goes to module scope, where the verifier judges whether it may be.
    pub fn place(&mut self, i: Inst) {
        if !self.span.is_detached() {
            self.module.set_span(i, self.span);
        }
        match self.at {
            InsertPoint::None => {
                let root = self.module.root();
                self.module.append_child(root, i)
            }
            InsertPoint::End(b) => self.module.append_child(b.inst(), i),
            InsertPoint::Before(anchor) => self.module.insert_before(anchor, i),
        }
    }

    // ---- global values ------------------------------------------------------------------

    /// A hoistable instruction: the global one if every operand is global, else a new
    /// local one at the insertion point.
    pub fn hoistable(&mut self, op: Opcode, ty: Inst, operands: &[Inst]) -> Inst {
        let m = &mut *self.module;
        if m.is_global(ty) && operands.iter().all(|&x| m.is_global(x)) {
            m.intern(op, Some(ty), operands, 0)
        } else {
            let i = m.create(op, Some(ty), operands);
            self.place(i);
            i
        }
    }

    fn simple_type(&mut self, op: Opcode) -> Type {
        let kind = self.module.type_kind();
        Type(self.module.intern(op, Some(kind), &[], 0))
    }

    fn compound_type(&mut self, op: Opcode, operands: &[Inst]) -> Type {
        let kind = self.module.type_kind();
        Type(self.hoistable(op, kind, operands))
    }

    pub fn ty_kind(&self) -> Type {
        Type(self.module.type_kind())
    }
    pub fn ty_void(&mut self) -> Type {
        self.simple_type(Opcode::Void)
    }
    pub fn ty_label(&mut self) -> Type {
        self.simple_type(Opcode::Label)
    }
    pub fn ty_bool(&mut self) -> Type {
        self.simple_type(Opcode::Bool)
    }
    pub fn ty_i32(&mut self) -> Type {
        self.simple_type(Opcode::I32)
    }
    pub fn ty_u32(&mut self) -> Type {
        self.simple_type(Opcode::U32)
    }
    pub fn ty_f32(&mut self) -> Type {
        self.simple_type(Opcode::F32)
    }
    pub fn ty_f16(&mut self) -> Type {
        self.simple_type(Opcode::F16)
    }
    pub fn ty_scalar(&mut self, s: Scalar) -> Type {
        self.simple_type(s.opcode())
    }
    pub fn ty_sampler(&mut self, comparison: bool) -> Type {
        self.simple_type(if comparison {
            Opcode::SamplerComparison
        } else {
            Opcode::Sampler
        })
    }
    pub fn ty_texture_external(&mut self) -> Type {
        self.simple_type(Opcode::TextureExternal)
    }

    /// `vecN<elem>`.
    pub fn ty_vec(&mut self, elem: Type, n: u32) -> Type {
        let n = self.const_u32(n);
        self.compound_type(Opcode::Vec, &[elem.inst(), n.inst()])
    }

    /// `matCxR<T>` as `cols` columns of type `column` (a `vecR<T>`).
    pub fn ty_mat(&mut self, column: Type, cols: u32) -> Type {
        let n = self.const_u32(cols);
        self.compound_type(Opcode::Mat, &[column.inst(), n.inst()])
    }

    /// `array<elem, count>`; `count` is a `u32`/`i32` constant or an override value.
    /// `stride` is the byte stride, given for arrays in host-shareable memory.
    pub fn ty_array(&mut self, elem: Type, count: Inst, stride: Option<u32>) -> Type {
        let mut ops = vec![elem.inst(), count];
        if let Some(s) = stride {
            ops.push(self.const_u32(s).inst());
        }
        self.compound_type(Opcode::Array, &ops)
    }

    pub fn ty_array_n(&mut self, elem: Type, count: u32, stride: Option<u32>) -> Type {
        let c = self.const_u32(count).inst();
        self.ty_array(elem, c, stride)
    }

    /// `array<elem>`, runtime-sized.
    pub fn ty_runtime_array(&mut self, elem: Type, stride: Option<u32>) -> Type {
        let mut ops = vec![elem.inst()];
        if let Some(s) = stride {
            ops.push(self.const_u32(s).inst());
        }
        self.compound_type(Opcode::RuntimeArray, &ops)
    }

    pub fn ty_atomic(&mut self, scalar: Type) -> Type {
        self.compound_type(Opcode::Atomic, &[scalar.inst()])
    }

    pub fn ty_ptr(&mut self, space: AddressSpace, store: Type, access: AccessMode) -> Type {
        let s = self.const_u32(space as u32).inst();
        let a = self.const_u32(access as u32).inst();
        self.compound_type(Opcode::Ptr, &[s, store.inst(), a])
    }

    /// `texture_DIM<sampled>`.
    pub fn ty_texture_sampled(&mut self, dim: TextureDim, sampled: Type) -> Type {
        let d = self.const_u32(dim as u32).inst();
        self.compound_type(Opcode::TextureSampled, &[d, sampled.inst()])
    }

    pub fn ty_texture_multisampled(&mut self, dim: TextureDim, sampled: Type) -> Type {
        let d = self.const_u32(dim as u32).inst();
        self.compound_type(Opcode::TextureMultisampled, &[d, sampled.inst()])
    }

    pub fn ty_texture_depth(&mut self, dim: TextureDim, multisampled: bool) -> Type {
        let d = self.const_u32(dim as u32).inst();
        let op = if multisampled {
            Opcode::TextureDepthMultisampled
        } else {
            Opcode::TextureDepth
        };
        self.compound_type(op, &[d])
    }

    pub fn ty_texture_storage(
        &mut self,
        dim: TextureDim,
        format: TexelFormat,
        access: AccessMode,
    ) -> Type {
        let d = self.const_u32(dim as u32).inst();
        let f = self.const_u32(format as u32).inst();
        let a = self.const_u32(access as u32).inst();
        self.compound_type(Opcode::TextureStorage, &[d, f, a])
    }

    /// `buffer<size>`, or the runtime-sized `buffer` for `None`.
    pub fn ty_buffer(&mut self, size: Option<u32>) -> Type {
        match size {
            Some(n) => {
                let n = self.const_u32(n).inst();
                self.compound_type(Opcode::Buffer, &[n])
            }
            None => self.simple_type(Opcode::RuntimeBuffer),
        }
    }

    /// `fn(params…) -> result`.
    pub fn ty_fn(&mut self, params: &[Type], result: Type) -> Type {
        let mut ops = vec![result.inst()];
        for p in params {
            ops.push(p.inst());
        }
        self.compound_type(Opcode::FnType, &ops)
    }

    /// A new struct type (structs are nominal: never merged) with named fields.
    pub fn ty_struct(&mut self, name: &str, fields: &[(&str, Type)]) -> Type {
        let kind = self.module.type_kind();
        let s = self.module.create(Opcode::Struct, Some(kind), &[]);
        self.module.place_global(s);
        if !name.is_empty() {
            self.module.set_name(s, name);
        }
        for &(fname, fty) in fields {
            let f = self.module.create(Opcode::Field, Some(fty.inst()), &[]);
            self.module.append_child(s, f);
            if !fname.is_empty() {
                self.module.set_name(f, fname);
            }
        }
        Type(s)
    }

    // ---- constants ------------------------------------------------------------------------

    /// A scalar constant of type `ty` with the given literal bits.
    pub fn const_scalar(&mut self, ty: Type, bits: u32) -> Value {
        Value(
            self.module
                .intern(Opcode::Constant, Some(ty.inst()), &[], bits),
        )
    }
    pub fn const_bool(&mut self, v: bool) -> Value {
        let t = self.ty_bool();
        self.const_scalar(t, u32::from(v))
    }
    pub fn const_i32(&mut self, v: i32) -> Value {
        let t = self.ty_i32();
        self.const_scalar(t, v as u32)
    }
    pub fn const_u32(&mut self, v: u32) -> Value {
        let t = self.ty_u32();
        self.const_scalar(t, v)
    }
    pub fn const_f32(&mut self, v: f32) -> Value {
        let t = self.ty_f32();
        self.const_scalar(t, v.to_bits())
    }
    pub fn const_f16(&mut self, v: half::f16) -> Value {
        let t = self.ty_f16();
        self.const_scalar(t, u32::from(v.to_bits()))
    }

    /// A composite constant (vector, matrix, array or struct) from constant parts.
    pub fn const_composite(&mut self, ty: Type, parts: &[Value]) -> Value {
        let ops = insts(parts);
        Value(self.hoistable(Opcode::Composite, ty.inst(), &ops))
    }

    /// The zero value of a constructible type.
    pub fn zero(&mut self, ty: Type) -> Value {
        Value(self.hoistable(Opcode::Zero, ty.inst(), &[]))
    }

    /// The zero value of a constructible type as lowering writes it: a scalar constant 0
    /// for a scalar, else [`zero`](Self::zero).
    pub fn zero_value(&mut self, ty: Type) -> Value {
        if self.module.scalar(ty.inst()).is_some() {
            self.const_scalar(ty, 0)
        } else {
            self.zero(ty)
        }
    }

    /// An unspecified value of a type (what an unreachable edge passes, for instance).
    pub fn undef(&mut self, ty: Type) -> Value {
        Value(self.hoistable(Opcode::Undef, ty.inst(), &[]))
    }

    // ---- module entities ----------------------------------------------------------------

    /// A new function of type `fn_ty`, with an entry block whose parameters are the
    /// function's parameters.
    pub fn func(&mut self, name: &str, fn_ty: Type) -> Func {
        self.function_like(Opcode::Func, name, fn_ty)
    }

    /// A new generic: like a function, but its parameters are usually types (of type
    /// `type`) and its body computes a type or a value from them (DESIGN §3.6).
    pub fn generic(&mut self, name: &str, fn_ty: Type) -> Func {
        self.function_like(Opcode::Generic, name, fn_ty)
    }

    fn function_like(&mut self, op: Opcode, name: &str, fn_ty: Type) -> Func {
        let root = self.module.root();
        let f = self.module.create(op, Some(fn_ty.inst()), &[]);
        self.module.append_child(root, f);
        if !name.is_empty() {
            self.module.set_name(f, name);
        }
        let entry = self.block(Func(f));
        if let Some((_, params)) = self.module.fn_parts(fn_ty.inst()) {
            for p in params {
                self.param(entry, Type(p));
            }
        }
        self.switch_to(entry);
        Func(f)
    }

    /// A module-scope `var` of pointer type `ptr_ty`, with an optional initializer.
    pub fn global_var(&mut self, name: &str, ptr_ty: Type, init: Option<Value>) -> Value {
        let ops = insts(init.as_slice());
        let v = self.module.create(Opcode::Var, Some(ptr_ty.inst()), &ops);
        let root = self.module.root();
        self.module.append_child(root, v);
        if !name.is_empty() {
            self.module.set_name(v, name);
        }
        Value(v)
    }

    /// An `override` constant with an optional default.
    pub fn override_const(&mut self, name: &str, ty: Type, init: Option<Value>) -> Value {
        let ops = insts(init.as_slice());
        let v = self.module.create(Opcode::Override, Some(ty.inst()), &ops);
        let root = self.module.root();
        self.module.append_child(root, v);
        if !name.is_empty() {
            self.module.set_name(v, name);
        }
        Value(v)
    }

    /// Adds a decoration to an instruction.
    pub fn decorate(&mut self, target: Inst, op: Opcode, operands: &[Inst]) -> Inst {
        self.module.add_decoration(target, op, operands)
    }

    /// A decoration whose operands are `u32` literals (`@location(0)`, `@binding(3)`).
    pub fn decorate_u32(&mut self, target: Inst, op: Opcode, values: &[u32]) -> Inst {
        let mut ops = Vec::with_capacity(values.len());
        for &v in values {
            ops.push(self.const_u32(v).inst());
        }
        self.module.add_decoration(target, op, &ops)
    }

    // ---- blocks -----------------------------------------------------------------------------

    /// A new block at the end of `func`.
    pub fn block(&mut self, func: Func) -> Block {
        let label = self.ty_label();
        let b = self.module.create(Opcode::Block, Some(label.inst()), &[]);
        self.module.append_child(func.inst(), b);
        if !self.span.is_detached() {
            self.module.set_span(b, self.span);
        }
        Block(b)
    }

    /// A new block parameter of type `ty`, after the block's other parameters.
    pub fn param(&mut self, block: Block, ty: Type) -> Value {
        let p = self.module.create(Opcode::Param, Some(ty.inst()), &[]);
        if !self.span.is_detached() {
            self.module.set_span(p, self.span);
        }
        let first_non_param = self
            .module
            .children(block.inst())
            .find(|&c| self.module.opcode(c) != Opcode::Param);
        match first_non_param {
            Some(anchor) => self.module.insert_before(anchor, p),
            None => self.module.append_child(block.inst(), p),
        }
        Value(p)
    }

    // ---- operations -----------------------------------------------------------------------

    /// An instruction `op operands…` of type `ty` at the insertion point.
    pub fn inst(&mut self, op: Opcode, ty: Type, operands: &[Inst]) -> Inst {
        let i = self.module.create(op, Some(ty.inst()), operands);
        self.place(i);
        i
    }

    /// An instruction without a result (its type is `void`).
    pub fn effect(&mut self, op: Opcode, operands: &[Inst]) -> Inst {
        let void = self.ty_void();
        self.inst(op, void, operands)
    }

    /// A value-producing instruction.
    pub fn value(&mut self, op: Opcode, ty: Type, operands: &[Value]) -> Value {
        // Nearly every operation has a few operands: gather them on the stack, not in a
        // vector allocated and freed for each instruction built.
        const ON_STACK: usize = 8;
        match operands.first() {
            Some(first) if operands.len() <= ON_STACK => {
                let mut ops = [first.inst(); ON_STACK];
                for (slot, v) in ops.iter_mut().zip(operands) {
                    *slot = v.inst();
                }
                Value(self.inst(op, ty, &ops[..operands.len()]))
            }
            _ => {
                let ops = insts(operands);
                Value(self.inst(op, ty, &ops))
            }
        }
    }

    /// The type of a value.
    pub fn type_of(&self, v: Value) -> Type {
        Type(self.module.ty(v.inst()).expect("values are typed"))
    }

    /// A binary operation whose result has the type of its first operand (`add`, `sub`,
    /// `and`, `shl`, …; not `mul` of matrices, nor comparisons).
    pub fn binary(&mut self, op: Opcode, a: Value, b: Value) -> Value {
        let t = self.type_of(a);
        self.value(op, t, &[a, b])
    }

    /// A unary operation whose result has the type of its operand.
    pub fn unary(&mut self, op: Opcode, a: Value) -> Value {
        let t = self.type_of(a);
        self.value(op, t, &[a])
    }

    /// A comparison: `bool`, or `vecN<bool>` for vectors.
    pub fn compare(&mut self, op: Opcode, a: Value, b: Value) -> Value {
        let bool_t = self.ty_bool();
        let t = match self.module.vec_parts(self.type_of(a).inst()) {
            Some((_, n)) => self.ty_vec(bool_t, n),
            None => bool_t,
        };
        self.value(op, t, &[a, b])
    }

    /// A function-scope `var` (type `ptr<function, store, read_write>`).
    pub fn local_var(&mut self, store: Type, init: Option<Value>) -> Value {
        let t = self.ty_ptr(AddressSpace::Function, store, AccessMode::ReadWrite);
        self.value(Opcode::Var, t, init.as_slice())
    }

    /// Loads through a pointer.
    pub fn load(&mut self, ptr: Value) -> Value {
        let pt = self.type_of(ptr).inst();
        let store = self
            .module
            .ptr_parts(pt)
            .map(|(_, s, _)| s)
            .expect("load needs a pointer");
        // An atomic's value is loaded with `atomic_load`; `load` of a pointer to a
        // handle type gives the texture or sampler.
        self.value(Opcode::Load, Type(store), &[ptr])
    }

    pub fn store(&mut self, ptr: Value, value: Value) -> Inst {
        self.effect(Opcode::Store, &[ptr.inst(), value.inst()])
    }

    /// An access chain: a pointer to a member of what `base` points to. Struct indices
    /// must be constants.
    pub fn access(&mut self, base: Value, indices: &[Value]) -> Value {
        let (space, mut t, access) = self
            .module
            .ptr_parts(self.type_of(base).inst())
            .expect("access needs a pointer");
        for &ix in indices {
            let k = self.module.const_u32(ix.inst());
            t = self
                .module
                .member_type(t, k)
                .expect("access index fits the type");
        }
        let rt = self.ty_ptr(space, Type(t), access);
        let mut ops = vec![base];
        ops.extend_from_slice(indices);
        self.value(Opcode::Access, rt, &ops)
    }

    /// Extracts a member of a composite value.
    pub fn extract(&mut self, composite: Value, indices: &[Value]) -> Value {
        let mut t = self.type_of(composite).inst();
        for &ix in indices {
            let k = self.module.const_u32(ix.inst());
            t = self
                .module
                .member_type(t, k)
                .expect("extract index fits the type");
        }
        let mut ops = vec![composite];
        ops.extend_from_slice(indices);
        self.value(Opcode::Extract, Type(t), &ops)
    }

    /// Builds a composite value of type `ty` from its members.
    pub fn construct(&mut self, ty: Type, parts: &[Value]) -> Value {
        self.value(Opcode::Construct, ty, parts)
    }

    /// Calls a function; the result has the function's result type (`void` for none).
    pub fn call(&mut self, func: Func, args: &[Value]) -> Value {
        let fty = self.module.ty(func.inst()).expect("functions are typed");
        let (result, _) = self.module.fn_parts(fty).expect("function type");
        let mut ops = vec![func.inst()];
        push_insts(&mut ops, args);
        Value(self.inst(Opcode::Call, Type(result), &ops))
    }

    // ---- terminators ----------------------------------------------------------------------

    /// `br target(args…)`.
    pub fn br(&mut self, target: Block, args: &[Value]) -> Inst {
        let mut ops = vec![target.inst()];
        push_insts(&mut ops, args);
        self.effect(Opcode::Br, &ops)
    }

    /// `if_else cond, then, else, merge`.
    pub fn if_else(&mut self, cond: Value, then: Block, els: Block, merge: Block) -> Inst {
        self.effect(
            Opcode::IfElse,
            &[cond.inst(), then.inst(), els.inst(), merge.inst()],
        )
    }

    /// `loop body(args…), merge, continue`: ends the preheader.
    pub fn loop_(&mut self, body: Block, args: &[Value], merge: Block, cont: Block) -> Inst {
        let mut ops = vec![body.inst(), merge.inst(), cont.inst()];
        push_insts(&mut ops, args);
        self.effect(Opcode::Loop, &ops)
    }

    /// `switch selector, default, merge, (case value → block)…`. Case values are
    /// constants of the selector's type.
    pub fn switch(
        &mut self,
        selector: Value,
        default: Block,
        merge: Block,
        cases: &[(Value, Block)],
    ) -> Inst {
        let mut ops = vec![selector.inst(), default.inst(), merge.inst()];
        for &(v, b) in cases {
            ops.push(v.inst());
            ops.push(b.inst());
        }
        self.effect(Opcode::Switch, &ops)
    }

    /// `return` or `return value`.
    pub fn ret(&mut self, value: Option<Value>) -> Inst {
        let ops = insts(value.as_slice());
        self.effect(Opcode::Return, &ops)
    }

    /// `discard`: ends the invocation (WGSL's `discard` statement is `demote`).
    pub fn discard(&mut self) -> Inst {
        self.effect(Opcode::Discard, &[])
    }

    pub fn unreachable(&mut self) -> Inst {
        self.effect(Opcode::Unreachable, &[])
    }
}

/// The instructions of `values`, as operands. These two loops serve every builder
/// method: a map/collect at each one was its own copy of the iterator code.
fn insts(values: &[Value]) -> Vec<Inst> {
    let mut ops = Vec::with_capacity(values.len());
    push_insts(&mut ops, values);
    ops
}

fn push_insts(ops: &mut Vec<Inst>, values: &[Value]) {
    for v in values {
        ops.push(v.inst());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placed_instructions_get_the_current_span() {
        let mut m = Module::new();
        let mut b = Builder::new(&mut m);
        let i32t = b.ty_i32();
        let fty = b.ty_fn(&[i32t], i32t);
        let f = b.func("f", fty);
        let x = b
            .module
            .block_params(b.module.entry_block(f).expect("entry"))[0];
        let before = b.set_span(Span::new(10, 15));
        assert!(before.is_detached());
        let y = b.binary(Opcode::Add, x, x);
        b.set_span(before);
        let r = b.ret(Some(y));
        assert_eq!(b.module.span(y.inst()), Span::new(10, 15));
        assert!(b.module.span(r).is_detached());
        // Global values are shared, so they take no span from the builder.
        assert!(b.module.span(i32t.inst()).is_detached());
    }

    #[test]
    fn hash_consing_gives_the_same_id() {
        let mut m = Module::new();
        let mut b = Builder::new(&mut m);
        let f32t = b.ty_f32();
        let v1 = b.ty_vec(f32t, 4);
        let v2 = b.ty_vec(f32t, 4);
        assert_eq!(v1, v2);
        let v3 = b.ty_vec(f32t, 3);
        assert_ne!(v1, v3);
        assert_eq!(b.const_i32(7), b.const_i32(7));
        assert_ne!(b.const_i32(7), b.const_u32(7));
        let p1 = b.ty_ptr(AddressSpace::Storage, v1, AccessMode::Read);
        let p2 = b.ty_ptr(AddressSpace::Storage, v2, AccessMode::Read);
        assert_eq!(p1, p2);
        let s1 = b.ty_struct("S", &[("x", f32t)]);
        let s2 = b.ty_struct("S", &[("x", f32t)]);
        assert_ne!(s1, s2, "structs are nominal");
    }
}
