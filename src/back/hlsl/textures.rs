//! Texture operations as HLSL texture methods. (Filled in below.)

use super::expr::E;
use super::function::Hlsl;
use super::stmt::Stmt;
use crate::ir::Inst;
use crate::raise::RaiseError;
use crate::raise::plan::Bind;

impl Hlsl<'_, '_> {
    pub(super) fn texture(
        &mut self,
        _b: &mut Bind<'_, '_, Stmt>,
        i: Inst,
        _ops: Vec<E>,
    ) -> Result<E, RaiseError> {
        Err(self.unsupported_op(i))
    }
}
