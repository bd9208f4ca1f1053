//! `uniform-std140`: Vulkan reads uniform buffers with std140 rules, where a matrix's
//! column stride is a multiple of 16 bytes. WGSL lays out `matCx2<f32>` (and every `f16`
//! matrix) with the column vector's own alignment: a `mat2x2<f32>` has columns 8 bytes
//! apart. Such a matrix cannot be a matrix in SPIR-V's uniform block, so its columns
//! become separate vector members at the same offsets:
//!
//! - in a struct, a matrix member `m` becomes members `m_col0`, `m_col1`, … in its place
//!   (a struct member must be 16-aligned in std140, so the columns go in the parent);
//! - elsewhere (the variable itself, an array element) it becomes a struct of columns;
//! - structs and arrays holding such matrices get rewritten copies.
//!
//! Every use of the variable is rewritten: access chains are re-indexed through the new
//! types (an index into a flattened matrix selects a column member), and loads rebuild
//! the WGSL value from the new one. A dynamic column index loads the whole matrix and
//! extracts from the value, which `dynamic-index` then handles.

use crate::back::spirv::{Error, Result};
use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::edit::builder_before;
use crate::ir::enums::AddressSpace;
use crate::ir::{Builder, Inst, Module, Opcode, Type, Value};
use crate::util::map::Map;
use std::rc::Rc;

/// How a WGSL type maps to its std140 form.
#[derive(Debug)]
enum Layout {
    Same,
    /// A matrix as a struct of its columns (`new` is that struct).
    Matrix {
        new: Inst,
        cols: u32,
    },
    Struct {
        new: Inst,
        fields: Vec<FieldMap>,
    },
    Array {
        new: Inst,
        elem: Rc<Layout>,
        count: u32,
    },
}

#[derive(Debug)]
enum FieldMap {
    Plain {
        index: u32,
        layout: Rc<Layout>,
    },
    /// A matrix flattened into `cols` column members starting at `first`.
    Flat {
        first: u32,
        cols: u32,
    },
}

impl Layout {
    fn new_type(&self, old: Inst) -> Inst {
        match self {
            Layout::Same => old,
            Layout::Matrix { new, .. } | Layout::Struct { new, .. } | Layout::Array { new, .. } => {
                *new
            }
        }
    }
}

/// A pointer into the rewritten variable.
#[derive(Clone)]
enum Ptr {
    /// A real pointer to a value of old type `old` laid out as `layout`.
    Real {
        p: Value,
        old: Inst,
        layout: Rc<Layout>,
    },
    /// A flattened matrix of old type `old`: columns `first..first+cols` of the struct
    /// `base` points to.
    Flat {
        base: Value,
        first: u32,
        cols: u32,
        old: Inst,
    },
    /// A place inside a matrix reached with a dynamic column index: the matrix, and the
    /// indices to extract from its value.
    Deferred {
        matrix: Box<Ptr>,
        indices: Vec<Value>,
    },
}

/// The column stride of a matrix needing the rewrite, if it does.
fn bad_matrix(m: &Module, t: Inst) -> Option<(Inst, u32, u32)> {
    let (col, cols) = m.mat_parts(t)?;
    let (e, rows) = m.vec_parts(col)?;
    let scalar = if m.opcode(e) == Opcode::F16 { 2 } else { 4 };
    let stride = scalar * if rows == 2 { 2 } else { 4 };
    (stride % 16 != 0).then_some((col, cols, stride))
}

struct Cx<'m> {
    m: &'m mut Module,
    layouts: Map<Inst, Rc<Layout>>,
}

impl Cx<'_> {
    fn layout(&mut self, t: Inst, depth: u32) -> Rc<Layout> {
        if let Some(l) = self.layouts.get(&t) {
            return l.clone();
        }
        let l = Rc::new(self.compute(t, depth));
        self.layouts.insert(t, l.clone());
        l
    }

    fn compute(&mut self, t: Inst, depth: u32) -> Layout {
        if depth > 64 {
            return Layout::Same;
        }
        let m = &*self.m;
        if let Some((col, cols, stride)) = bad_matrix(m, t) {
            let name = "mat_std140".to_string();
            // A loop rather than a map/collect chain: each chain was its own copy of the
            // iterator code in the package.
            let mut fields: Vec<(String, Inst, u32)> = Vec::with_capacity(cols as usize);
            for k in 0..cols {
                fields.push((format!("col{k}"), col, k * stride));
            }
            let new = self.make_struct(&name, &fields, cols * stride, stride);
            return Layout::Matrix { new, cols };
        }
        match m.opcode(t) {
            Opcode::Struct => {
                let fields = m.struct_fields(t);
                let mut maps = Vec::new();
                let mut new_fields: Vec<(String, Inst, u32)> = Vec::new();
                let mut changed = false;
                for f in fields {
                    let m = &*self.m;
                    let Some(ft) = m.ty(f) else {
                        return Layout::Same;
                    };
                    let off = m
                        .decoration(f, Opcode::DecoOffset)
                        .and_then(|d| m.const_u32(m.operand(d, 0)))
                        .unwrap_or(0);
                    let name = m.name(f).unwrap_or("member").to_string();
                    if let Some((col, cols, stride)) = bad_matrix(m, ft) {
                        changed = true;
                        maps.push(FieldMap::Flat {
                            first: new_fields.len() as u32,
                            cols,
                        });
                        for k in 0..cols {
                            new_fields.push((format!("{name}_col{k}"), col, off + k * stride));
                        }
                        continue;
                    }
                    let l = self.layout(ft, depth + 1);
                    changed |= !matches!(*l, Layout::Same);
                    maps.push(FieldMap::Plain {
                        index: new_fields.len() as u32,
                        layout: l.clone(),
                    });
                    new_fields.push((name, l.new_type(ft), off));
                }
                if !changed {
                    return Layout::Same;
                }
                let m = &*self.m;
                let size = m
                    .decoration(t, Opcode::DecoSize)
                    .and_then(|d| m.const_u32(m.operand(d, 0)))
                    .unwrap_or(0);
                let align = m
                    .decoration(t, Opcode::DecoAlign)
                    .and_then(|d| m.const_u32(m.operand(d, 0)))
                    .unwrap_or(16);
                let name = format!("{}_std140", m.name(t).unwrap_or("S"));
                let new = self.make_struct(&name, &new_fields, size, align);
                Layout::Struct { new, fields: maps }
            }
            Opcode::Array => {
                let (Some(e), Some(c)) = (m.operand_opt(t, 0), m.operand_opt(t, 1)) else {
                    return Layout::Same;
                };
                let Some(count) = m.const_u32(c) else {
                    return Layout::Same;
                };
                let stride = m.operand_opt(t, 2).and_then(|s| m.const_u32(s));
                let l = self.layout(e, depth + 1);
                if matches!(*l, Layout::Same) {
                    return Layout::Same;
                }
                let new_e = l.new_type(e);
                let new = Builder::new(self.m)
                    .ty_array_n(Type(new_e), count, stride)
                    .inst();
                Layout::Array {
                    new,
                    elem: l,
                    count,
                }
            }
            _ => Layout::Same,
        }
    }

    fn make_struct(
        &mut self,
        name: &str,
        fields: &[(String, Inst, u32)],
        size: u32,
        align: u32,
    ) -> Inst {
        let mut b = Builder::new(self.m);
        let fs: Vec<(&str, Type)> = fields
            .iter()
            .map(|(n, t, _)| (n.as_str(), Type(*t)))
            .collect();
        let s = b.ty_struct(name, &fs);
        let field_insts = b.module.struct_fields(s.inst());
        for (f, (_, _, off)) in field_insts.iter().zip(fields) {
            b.decorate_u32(*f, Opcode::DecoOffset, &[*off]);
        }
        b.decorate_u32(s.inst(), Opcode::DecoSize, &[size]);
        b.decorate_u32(s.inst(), Opcode::DecoAlign, &[align]);
        s.inst()
    }

    // ---- rewriting uses -----------------------------------------------------------------

    fn uniform_ptr(&mut self, pointee: Inst) -> Type {
        let mut b = Builder::new(self.m);
        b.ty_ptr(
            AddressSpace::Uniform,
            Type(pointee),
            crate::ir::enums::AccessMode::Read,
        )
    }

    /// `access base, indices…` at `at`, typed by `pointee`.
    fn access(&mut self, at: Inst, base: Value, indices: &[Value], pointee: Inst) -> Value {
        if indices.is_empty() {
            return base;
        }
        let pt = self.uniform_ptr(pointee);
        let mut b = builder_before(self.m, at);
        let mut ops = vec![base];
        ops.extend_from_slice(indices);
        b.value(Opcode::Access, pt, &ops)
    }

    /// The pointer an old `access` instruction becomes.
    fn rewrite_access(&mut self, at: Inst, from: Ptr) -> Result<Ptr> {
        let indices: Vec<Inst> = self.m.operands(at).skip(1).collect();
        let mut cur = from;
        // Indices gathered into one access chain from a real pointer.
        let mut pending: Vec<Value> = Vec::new();
        for ix in indices {
            let c = (self.m.opcode(ix) == Opcode::Constant)
                .then(|| self.m.const_u32(ix))
                .flatten();
            cur = match cur {
                Ptr::Deferred {
                    matrix,
                    mut indices,
                } => {
                    indices.push(Value(ix));
                    Ptr::Deferred { matrix, indices }
                }
                Ptr::Flat {
                    base,
                    first,
                    cols,
                    old,
                } => match c {
                    Some(c) => {
                        let col = self.m.mat_parts(old).map(|x| x.0).unwrap_or(old);
                        let k = Builder::new(self.m).const_u32(first + c);
                        let p = self.access(at, base, &[k], col);
                        Ptr::Real {
                            p,
                            old: col,
                            layout: Rc::new(Layout::Same),
                        }
                    }
                    None => Ptr::Deferred {
                        matrix: Box::new(Ptr::Flat {
                            base,
                            first,
                            cols,
                            old,
                        }),
                        indices: vec![Value(ix)],
                    },
                },
                Ptr::Real { p, old, layout } => {
                    let step = self.step(at, p, old, &layout, &mut pending, ix, c)?;
                    match step {
                        Some(next) => next,
                        None => {
                            // Same layout from here: the index passes through.
                            let sub = self
                                .m
                                .member_type(old, c)
                                .ok_or_else(|| Error::malformed("an index out of range", at))?;
                            pending.push(Value(ix));
                            Ptr::Real {
                                p,
                                old: sub,
                                layout,
                            }
                        }
                    }
                }
            };
        }
        // Materialize the gathered indices.
        if let Ptr::Real { p, old, layout } = cur {
            if pending.is_empty() {
                return Ok(Ptr::Real { p, old, layout });
            }
            let new_t = layout.new_type(old);
            let q = self.access(at, p, &pending, new_t);
            return Ok(Ptr::Real { p: q, old, layout });
        }
        Ok(cur)
    }

    /// One index from a real pointer `p` (plus `pending` indices) to old type `old`.
    /// `None` when the layout is `Same` (the caller passes the index through).
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        at: Inst,
        p: Value,
        old: Inst,
        layout: &Rc<Layout>,
        pending: &mut Vec<Value>,
        ix: Inst,
        c: Option<u32>,
    ) -> Result<Option<Ptr>> {
        let m = &*self.m;
        match &**layout {
            Layout::Same => Ok(None),
            Layout::Array { elem, .. } => {
                let e = m.operand(old, 0);
                pending.push(Value(ix));
                // The pointer stays `p` with more pending indices.
                Ok(Some(Ptr::Real {
                    p,
                    old: e,
                    layout: elem.clone(),
                }))
            }
            Layout::Matrix { .. } => {
                let col = m.mat_parts(old).map(|x| x.0).unwrap_or(old);
                match c {
                    Some(_) => {
                        pending.push(Value(ix));
                        Ok(Some(Ptr::Real {
                            p,
                            old: col,
                            layout: Rc::new(Layout::Same),
                        }))
                    }
                    None => {
                        let new_t = layout.new_type(old);
                        let q = self.access(at, p, &std::mem::take(pending), new_t);
                        Ok(Some(Ptr::Deferred {
                            matrix: Box::new(Ptr::Real {
                                p: q,
                                old,
                                layout: layout.clone(),
                            }),
                            indices: vec![Value(ix)],
                        }))
                    }
                }
            }
            Layout::Struct { new, fields } => {
                let k = c.ok_or_else(|| Error::malformed("a dynamic struct index", at))?;
                let old_fields = m.struct_fields(old);
                let f = *old_fields
                    .get(k as usize)
                    .ok_or_else(|| Error::malformed("a struct index out of range", at))?;
                let ft = m
                    .ty(f)
                    .ok_or_else(|| Error::malformed("an untyped member", at))?;
                match fields.get(k as usize) {
                    Some(FieldMap::Plain { index, layout }) => {
                        let kc = Builder::new(self.m).const_u32(*index);
                        pending.push(kc);
                        Ok(Some(Ptr::Real {
                            p,
                            old: ft,
                            layout: layout.clone(),
                        }))
                    }
                    Some(FieldMap::Flat { first, cols }) => {
                        let base = self.access(at, p, &std::mem::take(pending), *new);
                        Ok(Some(Ptr::Flat {
                            base,
                            first: *first,
                            cols: *cols,
                            old: ft,
                        }))
                    }
                    None => Err(Error::malformed("a struct index out of range", at)),
                }
            }
        }
    }

    /// The WGSL value a pointer points to, loaded at `at`.
    fn load(&mut self, at: Inst, ptr: &Ptr) -> Value {
        match ptr {
            Ptr::Real { p, old, layout } => {
                let new_t = layout.new_type(*old);
                let mut b = builder_before(self.m, at);
                let v = b.value(Opcode::Load, Type(new_t), &[*p]);
                self.convert(at, v, *old, layout)
            }
            Ptr::Flat {
                base,
                first,
                cols,
                old,
            } => {
                let col = self.m.mat_parts(*old).map(|x| x.0).unwrap_or(*old);
                let mut parts = Vec::new();
                for k in 0..*cols {
                    let kc = Builder::new(self.m).const_u32(first + k);
                    let q = self.access(at, *base, &[kc], col);
                    let mut b = builder_before(self.m, at);
                    parts.push(b.value(Opcode::Load, Type(col), &[q]));
                }
                let mut b = builder_before(self.m, at);
                b.construct(Type(*old), &parts)
            }
            Ptr::Deferred { matrix, indices } => {
                let mv = self.load(at, matrix);
                let mut t = self.m.ty(mv.inst()).unwrap_or(mv.inst());
                for ix in indices {
                    t = self.m.member_type(t, None).unwrap_or(t);
                    let _ = ix;
                }
                let mut b = builder_before(self.m, at);
                let mut ops = vec![mv];
                ops.extend_from_slice(indices);
                b.value(Opcode::Extract, Type(t), &ops)
            }
        }
    }

    /// Rebuilds a value of old type `old` from its std140 form `v`.
    fn convert(&mut self, at: Inst, v: Value, old: Inst, layout: &Layout) -> Value {
        match layout {
            Layout::Same => v,
            Layout::Matrix { cols, .. } => {
                let col = self.m.mat_parts(old).map(|x| x.0).unwrap_or(old);
                let mut b = builder_before(self.m, at);
                let parts = columns(&mut b, v, col, 0, *cols);
                b.construct(Type(old), &parts)
            }
            Layout::Struct { new, fields } => {
                let old_fields = self.m.struct_fields(old);
                let new_fields = self.m.struct_fields(*new);
                let mut parts = Vec::new();
                for (f, map) in old_fields.iter().zip(fields) {
                    let ft = self.m.ty(*f).unwrap_or(old);
                    match map {
                        FieldMap::Plain { index, layout } => {
                            let nt = new_fields
                                .get(*index as usize)
                                .and_then(|&nf| self.m.ty(nf))
                                .unwrap_or(ft);
                            let mut b = builder_before(self.m, at);
                            let kc = b.const_u32(*index);
                            let x = b.value(Opcode::Extract, Type(nt), &[v, kc]);
                            parts.push(self.convert(at, x, ft, layout));
                        }
                        FieldMap::Flat { first, cols } => {
                            let col = self.m.mat_parts(ft).map(|x| x.0).unwrap_or(ft);
                            let mut b = builder_before(self.m, at);
                            let cs = columns(&mut b, v, col, *first, *cols);
                            parts.push(b.construct(Type(ft), &cs));
                        }
                    }
                }
                let mut b = builder_before(self.m, at);
                b.construct(Type(old), &parts)
            }
            Layout::Array { new, elem, count } => {
                let old_e = self.m.operand(old, 0);
                let new_e = self.m.operand(*new, 0);
                let mut parts = Vec::with_capacity(*count as usize);
                for k in 0..*count {
                    let mut b = builder_before(self.m, at);
                    let kc = b.const_u32(k);
                    let x = b.value(Opcode::Extract, Type(new_e), &[v, kc]);
                    parts.push(self.convert(at, x, old_e, elem));
                }
                let mut b = builder_before(self.m, at);
                b.construct(Type(old), &parts)
            }
        }
    }
}

/// Members `first..first + cols` of `v`, each of type `col`, extracted in order: one loop
/// for both the matrix and the flattened-member case (a map/collect chain in each was its
/// own copy of the iterator code in the package).
fn columns(b: &mut Builder<'_>, v: Value, col: Inst, first: u32, cols: u32) -> Vec<Value> {
    let mut out = Vec::with_capacity(cols as usize);
    for k in 0..cols {
        let kc = b.const_u32(first + k);
        out.push(b.value(Opcode::Extract, Type(col), &[v, kc]));
    }
    out
}

/// Arrays larger than this are not rebuilt element by element when loaded whole.
const MAX_UNROLLED: u32 = 4096;

pub fn run(m: &mut Module, _: &mut Analyses, _: &()) -> std::result::Result<Changed, Diagnostic> {
    rewrite(m)
        .map(Changed::instructions_if)
        .map_err(|e| e.to_diagnostic(m))
}

fn rewrite(m: &mut Module) -> Result<bool> {
    let mut vars: Vec<Inst> = Vec::new();
    for v in m.children(m.root()) {
        if m.opcode(v) == Opcode::Var
            && m.ty(v)
                .and_then(|t| m.ptr_parts(t))
                .is_some_and(|(s, _, _)| s == AddressSpace::Uniform)
        {
            vars.push(v);
        }
    }
    let mut cx = Cx {
        m,
        layouts: Map::default(),
    };
    let mut changed = false;
    for var in vars {
        let Some((_, store, _)) = cx.m.ty(var).and_then(|t| cx.m.ptr_parts(t)) else {
            continue;
        };
        let layout = cx.layout(store, 0);
        if matches!(*layout, Layout::Same) {
            continue;
        }
        if let Layout::Array { count, .. } = &*layout {
            if *count > MAX_UNROLLED {
                return Err(Error::unsupported(
                    "a uniform array this large of matrices with 8-byte columns",
                    var,
                ));
            }
        }
        let new_ptr = cx.uniform_ptr(layout.new_type(store));
        cx.m.set_type(var, new_ptr.inst());
        let root = Ptr::Real {
            p: Value(var),
            old: store,
            layout: layout.clone(),
        };
        // Work list of (old pointer value, its new form); old instructions to remove.
        let mut work: Vec<(Inst, Ptr)> = vec![(var, root)];
        let mut dead: Vec<Inst> = Vec::new();
        while let Some((old_p, ptr)) = work.pop() {
            for u in cx.m.uses_vec(old_p) {
                let user = u.user;
                match cx.m.opcode(user) {
                    Opcode::Access if u.index == 0 => {
                        let next = cx.rewrite_access(user, ptr.clone())?;
                        work.push((user, next));
                        dead.push(user);
                    }
                    Opcode::Load => {
                        let v = cx.load(user, &ptr);
                        cx.m.replace_all_uses_with(user, v.inst());
                        dead.push(user);
                    }
                    _ if old_p == var => {
                        return Err(Error::unsupported(
                            "a uniform buffer holding matrices with 8-byte columns used other than by loads and access chains",
                            user,
                        ));
                    }
                    _ => {
                        return Err(Error::unsupported(
                            "a pointer into a uniform buffer holding matrices with 8-byte columns used other than by loads and access chains",
                            user,
                        ));
                    }
                }
            }
        }
        for d in dead.into_iter().rev() {
            if !cx.m.has_uses(d) {
                cx.m.remove(d);
            }
        }
        changed = true;
    }
    Ok(changed)
}
