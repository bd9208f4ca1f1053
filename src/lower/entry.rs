//! Entry points: the stage, `@workgroup_size` and `@subgroup_size` (constants, or
//! override-expressions at module scope), and the IO decorations of the interface.
//!
//! The IR entry point keeps WGSL's signature. A parameter or result that is one IO item
//! is decorated itself (the result's decorations go on the function); a structure's
//! members are decorated on the structure's fields, once even when several entry points
//! share the structure.

use super::{Lowerer, R};
use crate::ir::enums as ie;
use crate::ir::{Func, Inst, Opcode};
use crate::sema::program::{EntryPoint, IoItem, ShaderStage, WorkgroupDim};
use crate::syntax::ast::{self, AttributeKind};

/// The operands of `@workgroup_size` and `@subgroup_size`, lowered before the function
/// so that override-expressions precede it at module scope.
pub(super) struct Sizes {
    workgroup: Option<Vec<Inst>>,
    subgroup: Option<Inst>,
}

impl Lowerer<'_, '_> {
    pub(super) fn entry_sizes(&mut self, f: &ast::FnDecl, ep: &EntryPoint) -> R<Sizes> {
        let workgroup = match &ep.workgroup_size {
            Some(dims) => {
                let mut ops = Vec::with_capacity(3);
                for d in dims {
                    ops.push(match *d {
                        WorkgroupDim::Const(n) => self.b.const_u32(n).inst(),
                        WorkgroupDim::Override(e) => self.module_expr(e)?.inst(),
                    });
                }
                Some(ops)
            }
            None => None,
        };
        let arg = f
            .attributes
            .iter()
            .find(|a| a.kind == AttributeKind::SubgroupSize)
            .and_then(|a| a.args.as_ref()?.first().copied());
        let subgroup = match arg {
            Some(arg) => Some(self.module_expr(arg)?.inst()),
            None => None,
        };
        Ok(Sizes {
            workgroup,
            subgroup,
        })
    }

    pub(super) fn entry_point(&mut self, func: Func, ep: &EntryPoint, sizes: Sizes) -> R<()> {
        let fi = func.inst();
        let stage = match ep.stage {
            ShaderStage::Vertex => Opcode::DecoVertex,
            ShaderStage::Fragment => Opcode::DecoFragment,
            ShaderStage::Compute => Opcode::DecoCompute,
        };
        self.b.decorate(fi, stage, &[]);
        if let Some(ops) = sizes.workgroup {
            self.b.decorate(fi, Opcode::DecoWorkgroupSize, &ops);
        }
        if let Some(v) = sizes.subgroup {
            self.b.decorate(fi, Opcode::DecoSubgroupSize, &[v]);
        }
        let params = self.f.params.clone();
        for item in &ep.inputs {
            let target = match (item.param, item.member) {
                (Some(k), None) => params.get(k as usize).map(|v| v.inst()),
                (Some(k), Some(m)) => match params.get(k as usize) {
                    Some(&v) => {
                        let t = self.b.type_of(v).inst();
                        self.field(t, m)
                    }
                    None => None,
                },
                (None, _) => None,
            };
            self.io(target, item)?;
        }
        let ret = self
            .b
            .module
            .ty(fi)
            .and_then(|t| self.b.module.fn_parts(t))
            .map(|(r, _)| r);
        for item in &ep.outputs {
            let target = match (item.member, ret) {
                (None, _) => Some(fi),
                (Some(m), Some(r)) => self.field(r, m),
                (Some(_), None) => None,
            };
            self.io(target, item)?;
        }
        Ok(())
    }

    /// Field `k` of a struct type.
    fn field(&self, struct_ty: Inst, k: u32) -> Option<Inst> {
        self.b.module.children(struct_ty).nth(k as usize)
    }

    /// Decorates one IO item's target with its attributes (once).
    fn io(&mut self, target: Option<Inst>, item: &IoItem) -> R<()> {
        let Some(t) = target else {
            return Err(self.internal(item.span, "an IO item with no parameter or field"));
        };
        let m = &self.b.module;
        if m.opcode(t) == Opcode::Field && m.has_decorations(t) {
            // A structure shared with another entry point is decorated already; its
            // offsets alone do not count.
            let io = m.decorations(t).any(|d| m.opcode(d) != Opcode::DecoOffset);
            if io {
                return Ok(());
            }
        }
        let a = item.attrs;
        if let Some(b) = a.builtin {
            let Some(v) = ie::BuiltinValue::from_name(b.name()) else {
                return Err(self.internal(item.span, "a builtin value the IR lacks"));
            };
            self.b.decorate_u32(t, Opcode::DecoBuiltin, &[v as u32]);
        }
        if let Some(l) = a.location {
            self.b.decorate_u32(t, Opcode::DecoLocation, &[l]);
        }
        if let Some(s) = a.blend_src {
            self.b.decorate_u32(t, Opcode::DecoBlendSrc, &[s]);
        }
        if let Some((ty, sampling)) = a.interpolation {
            let mut ops = Vec::with_capacity(2);
            if let Some(x) = ie::InterpolationType::from_name(ty.name()) {
                ops.push(x as u32);
            }
            if let Some(x) = sampling.and_then(|s| ie::InterpolationSampling::from_name(s.name())) {
                ops.push(x as u32);
            }
            self.b.decorate_u32(t, Opcode::DecoInterpolate, &ops);
        }
        if a.invariant {
            self.b.decorate(t, Opcode::DecoInvariant, &[]);
        }
        Ok(())
    }
}
