//! The emission walk's state, and its lowest layer: the names of locals, declarations
//! and assignments of variables, and temporaries.

use super::analysis::Analysis;
use super::emitter::{Bind, Emitter};
use super::emitter::{ExprId, StmtId, Symbol};
use super::facts::Effect;
use super::tables::InstMap;
use crate::ir::structure::RegionId;
use crate::ir::{Block, Inst, InstSet, Module, Opcode};
use crate::raise::error::RaiseError;
use crate::raise::names::Namer;

/// An expression not yet written, waiting for its single user in the same block.
pub(super) struct Pending<X> {
    pub inst: Inst,
    pub expr: X,
    pub effect: Effect,
    /// Positions (in the block) of the reads and effects in the tree, in evaluation order.
    /// Evaluation order agrees with position order on every conflicting pair the
    /// emitter's [`Emitter::may_share`] does not allow.
    pub leaves: Vec<u32>,
}

/// An operand's expression with what it reads or does.
pub(super) struct Piece<X> {
    pub expr: X,
    pub effect: Effect,
    pub leaves: Vec<u32>,
}

impl<X> Piece<X> {
    pub fn pure(expr: X) -> Piece<X> {
        Piece {
            expr,
            effect: Effect::Pure,
            leaves: Vec::new(),
        }
    }
}

/// A pointer operand: a reference expression (`x`, `a[i]`) or a pointer value (`p`).
pub(super) struct Place<X> {
    pub expr: X,
    pub is_ref: bool,
    pub effect: Effect,
    pub leaves: Vec<u32>,
}

/// The walk over one function's structure tree that writes it through an emitter.
pub(super) struct Walker<'a, 'm> {
    pub m: &'m Module,
    pub em: &'a mut dyn Emitter,
    pub a: Analysis<'m>,
    pub namer: Namer<'a>,
    pub result_ty: Option<Inst>,
    /// What the instruction at each position of the block being written does to memory:
    /// the effect of a leaf (see [`Pending::leaves`]).
    pub leaf_effects: Vec<Effect>,
    /// Scratch lists of [`Self::prepare`] (consumed items, leaves), kept to reuse their
    /// allocations: it runs for every instruction written.
    pub peeked: (Vec<Inst>, Vec<u32>),
    /// Scratch list of [`Self::prepare_operands`].
    pub operand_scratch: Vec<Inst>,
    pub names: InstMap<Symbol>,
    /// Declarations waiting in the block being written, for its first assignment.
    pub lazy: Vec<Inst>,
    pub declared: InstSet,
    pub pending: Vec<Pending<ExprId>>,
    /// The statements of the list being written.
    pub out: Vec<StmtId>,
    /// The `break if` condition of the continuing being written.
    pub break_if: Option<ExprId>,
    /// Loops being written: (header, body region, merge).
    pub loop_stack: Vec<(Block, RegionId, Block)>,
    /// Declarations waiting for the construct being written.
    pub construct_decls: Vec<Inst>,
    /// A pending expression handed from a construct to the block after it (the value
    /// of `a && b`).
    pub carry: Option<Pending<ExprId>>,
}

impl Walker<'_, '_> {
    /// The name of local `v`, made on first use.
    pub(super) fn name_of(&mut self, v: Inst) -> Symbol {
        if let Some(&n) = self.names.get(&v) {
            return n;
        }
        let fallback = match self.m.opcode(v) {
            Opcode::Param => "p",
            Opcode::Var => "v",
            _ => "x",
        };
        let n = self.namer.name(self.m.name(v), fallback);
        let n = self.em.intern(&n);
        self.names.insert(v, n);
        n
    }

    pub(super) fn name_expr(&mut self, v: Inst) -> ExprId {
        let n = self.name_of(v);
        self.em.local(n)
    }

    /// Declares a variable away from its definition (no initializer).
    pub(super) fn declare(&mut self, v: Inst) -> Result<(), RaiseError> {
        if !self.declared.insert(v) {
            return Ok(());
        }
        let m = self.m;
        let ty = match m.opcode(v) {
            Opcode::Var => m
                .ty(v)
                .and_then(|t| m.ptr_parts(t))
                .map(|(_, s, _)| s)
                .ok_or_else(|| RaiseError::malformed(v, "variable type"))?,
            _ => m
                .ty(v)
                .ok_or_else(|| RaiseError::malformed(v, "value type"))?,
        };
        let name = self.name_of(v);
        self.em.var_decl(&mut self.out, name, ty, None)
    }

    /// Declares `v` now if its declaration waits in the current block.
    pub(super) fn declare_if_lazy(&mut self, v: Inst) -> Result<(), RaiseError> {
        if let Some(k) = self.lazy.iter().position(|&x| x == v) {
            self.lazy.remove(k);
            self.declare(v)?;
        }
        Ok(())
    }

    /// `name = value;`, declaring the variable first if it waits.
    pub(super) fn assign(&mut self, v: Inst, value: ExprId) -> Result<(), RaiseError> {
        self.declare_if_lazy(v)?;
        let name = self.name_of(v);
        self.em.assign(&mut self.out, name, value)
    }

    /// Binds `init`, the expression of IR value `of`, to a `let` with a fresh name from
    /// `hint`.
    pub(super) fn temporary(
        &mut self,
        of: Inst,
        init: ExprId,
        hint: &str,
    ) -> Result<Symbol, RaiseError> {
        let mut b = Bind {
            namer: &mut self.namer,
            out: &mut self.out,
        };
        b.bind_name(self.em, of, init, hint)
    }
}
