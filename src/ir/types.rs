//! Questions about types and constants, shared by the builder, the verifier, the printer
//! and the passes. Every function answers `None`/`false` for ill-formed input rather than
//! panicking, because the verifier asks them about modules it has not checked yet.

use super::enums::{AccessMode, AddressSpace};
use super::module::{Inst, Module};
use super::opcode::Opcode;

/// The scalar kinds of the IR.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scalar {
    Bool,
    I32,
    U32,
    F32,
    F16,
}

impl Scalar {
    pub fn is_float(self) -> bool {
        matches!(self, Scalar::F32 | Scalar::F16)
    }
    pub fn is_int(self) -> bool {
        matches!(self, Scalar::I32 | Scalar::U32)
    }
    pub fn is_numeric(self) -> bool {
        self != Scalar::Bool
    }
    pub fn opcode(self) -> Opcode {
        match self {
            Scalar::Bool => Opcode::Bool,
            Scalar::I32 => Opcode::I32,
            Scalar::U32 => Opcode::U32,
            Scalar::F32 => Opcode::F32,
            Scalar::F16 => Opcode::F16,
        }
    }
}

impl Module {
    /// The `u32` (or non-negative `i32`) value of a scalar constant.
    pub fn const_u32(&self, i: Inst) -> Option<u32> {
        if self.opcode(i) != Opcode::Constant {
            return None;
        }
        let bits = self.literal(i);
        match self.scalar(self.ty(i)?)? {
            Scalar::U32 => Some(bits),
            Scalar::I32 if (bits as i32) >= 0 => Some(bits),
            _ => None,
        }
    }

    /// The scalar kind of a scalar type.
    pub fn scalar(&self, t: Inst) -> Option<Scalar> {
        Some(match self.opcode(t) {
            Opcode::Bool => Scalar::Bool,
            Opcode::I32 => Scalar::I32,
            Opcode::U32 => Scalar::U32,
            Opcode::F32 => Scalar::F32,
            Opcode::F16 => Scalar::F16,
            _ => return None,
        })
    }

    /// Element type and size of a vector type. A size other than 2, 3 or 4 (a malformed
    /// type, which the verifier reports) gives `None`, so no caller computes with it.
    pub fn vec_parts(&self, t: Inst) -> Option<(Inst, u32)> {
        self.sized_parts(t, Opcode::Vec)
    }

    /// Column type (a vector) and column count of a matrix type (2, 3 or 4, as
    /// [`Module::vec_parts`]).
    pub fn mat_parts(&self, t: Inst) -> Option<(Inst, u32)> {
        self.sized_parts(t, Opcode::Mat)
    }

    fn sized_parts(&self, t: Inst, op: Opcode) -> Option<(Inst, u32)> {
        if self.opcode(t) != op || self.num_operands(t) != 2 {
            return None;
        }
        let n = self.const_u32(self.operand(t, 1))?;
        (2..=4).contains(&n).then(|| (self.operand(t, 0), n))
    }

    /// The scalar type of a scalar, vector or matrix type.
    pub fn scalar_type_of(&self, t: Inst) -> Option<Inst> {
        match self.opcode(t) {
            Opcode::Bool | Opcode::I32 | Opcode::U32 | Opcode::F32 | Opcode::F16 => Some(t),
            Opcode::Vec => Some(self.vec_parts(t)?.0),
            Opcode::Mat => {
                let col = self.mat_parts(t)?.0;
                // A matrix's column is a vector; anything else is malformed.
                (self.opcode(col) == Opcode::Vec).then(|| self.vec_parts(col).map(|p| p.0))?
            }
            _ => None,
        }
    }

    /// The scalar kind of a scalar or vector type (not matrices).
    pub fn scalar_or_vec(&self, t: Inst) -> Option<(Scalar, u32)> {
        match self.opcode(t) {
            Opcode::Vec => {
                let (e, n) = self.vec_parts(t)?;
                Some((self.scalar(e)?, n))
            }
            _ => Some((self.scalar(t)?, 1)),
        }
    }

    /// Address space, store type and access mode of a pointer type.
    pub fn ptr_parts(&self, t: Inst) -> Option<(AddressSpace, Inst, AccessMode)> {
        if self.opcode(t) != Opcode::Ptr || self.num_operands(t) != 3 {
            return None;
        }
        let space = AddressSpace::from_u32(self.const_u32(self.operand(t, 0))?)?;
        let access = AccessMode::from_u32(self.const_u32(self.operand(t, 2))?)?;
        Some((space, self.operand(t, 1), access))
    }

    /// The fields of a struct type.
    pub fn struct_fields(&self, t: Inst) -> Vec<Inst> {
        if self.opcode(t) != Opcode::Struct {
            return Vec::new();
        }
        // Counted first: one allocation of the right size rather than a growing list.
        let mut out = Vec::with_capacity(self.struct_field_count(t));
        for f in self.children(t) {
            if self.opcode(f) == Opcode::Field {
                out.push(f);
            }
        }
        out
    }

    /// The number of fields of a struct type (0 for other types), without a list.
    pub fn struct_field_count(&self, t: Inst) -> usize {
        if self.opcode(t) != Opcode::Struct {
            return 0;
        }
        let mut n = 0;
        for f in self.children(t) {
            n += usize::from(self.opcode(f) == Opcode::Field);
        }
        n
    }

    /// The type of member `index` of a composite type: a vector's or array's element, a
    /// matrix's column, a struct's field. `index` is `None` for a dynamic index, which
    /// structs do not accept.
    pub fn member_type(&self, t: Inst, index: Option<u32>) -> Option<Inst> {
        match self.opcode(t) {
            Opcode::Vec => {
                let (e, n) = self.vec_parts(t)?;
                index.is_none_or(|i| i < n).then_some(e)
            }
            Opcode::Mat => {
                let (c, n) = self.mat_parts(t)?;
                index.is_none_or(|i| i < n).then_some(c)
            }
            Opcode::Array => {
                let e = self.operand_opt(t, 0)?;
                match (
                    index,
                    self.operand_opt(t, 1).and_then(|c| self.const_u32(c)),
                ) {
                    (Some(i), Some(n)) if i >= n => None,
                    _ => Some(e),
                }
            }
            Opcode::RuntimeArray => self.operand_opt(t, 0),
            Opcode::Struct => {
                let i = index?;
                let f = self.children(t).nth(i as usize)?;
                self.ty(f)
            }
            _ => None,
        }
    }

    /// Parameter types and result type of a function type.
    pub fn fn_parts(&self, t: Inst) -> Option<(Inst, Vec<Inst>)> {
        if self.opcode(t) != Opcode::FnType || self.num_operands(t) == 0 {
            return None;
        }
        let mut ops = self.operands(t);
        let result = ops.next()?;
        Some((result, ops.collect()))
    }

    /// Whether the type is constructible (WGSL's term): it may be a value of an
    /// operation, a block parameter or a function result. A struct that contains itself
    /// (only a malformed module can say that) is not.
    pub fn is_constructible(&self, t: Inst) -> bool {
        self.constructible_within(t, 0, &mut crate::util::map::Map::default())
    }

    /// One step of [`Self::is_constructible`]. `seen` holds the structs already measured
    /// (each once: types that repeat a member type nest without exponential cost).
    fn constructible_within(
        &self,
        t: Inst,
        depth: u32,
        seen: &mut crate::util::map::Map<Inst, bool>,
    ) -> bool {
        // The IR parser's nesting bound: deeper only through a cycle.
        if depth > super::layout::MAX_DEPTH {
            return false;
        }
        if self.opcode(t) == Opcode::Struct {
            if let Some(&c) = seen.get(&t) {
                return c;
            }
            // A struct that reaches itself (only a malformed module) is not constructible:
            // marked so before its members are looked at, so a cycle ends at once.
            seen.insert(t, false);
            let c = self.struct_fields(t).iter().all(|&f| {
                self.ty(f)
                    .is_some_and(|ft| self.constructible_within(ft, depth + 1, seen))
            });
            seen.insert(t, c);
            return c;
        }
        match self.opcode(t) {
            Opcode::Bool | Opcode::I32 | Opcode::U32 | Opcode::F32 | Opcode::F16 => true,
            Opcode::Vec | Opcode::Mat => true,
            Opcode::Array => {
                self.operand_opt(t, 1)
                    .is_some_and(|c| self.opcode(c) == Opcode::Constant)
                    && self
                        .operand_opt(t, 0)
                        .is_some_and(|e| self.constructible_within(e, depth + 1, seen))
            }
            _ => false,
        }
    }

    /// Whether the type is a texture or sampler type (a `handle` value).
    pub fn is_handle_type(&self, t: Inst) -> bool {
        matches!(
            self.opcode(t),
            Opcode::Sampler
                | Opcode::SamplerComparison
                | Opcode::TextureSampled
                | Opcode::TextureMultisampled
                | Opcode::TextureDepth
                | Opcode::TextureDepthMultisampled
                | Opcode::TextureStorage
                | Opcode::TextureExternal
        )
    }

    /// The WGSL-like spelling of a type, for messages.
    pub fn type_name(&self, t: Inst) -> String {
        super::print::type_to_string(self, t)
    }
}
