//! The module-wide context every part of the WGSL emitter reads: the module, the options,
//! and the names of module-scope declarations and struct members.

use super::options::Options;
use crate::ir::{Inst, Module};
use crate::raise::error::RaiseError;
use crate::util::map::{Map, Set};

/// How deep the emitter follows nested types, constants and override expressions: the
/// parser's bound, so whatever a parsed program nests, its raised form can too.
pub(crate) const MAX_DEPTH: u32 = crate::syntax::MAX_NESTING_DEPTH as u32;

/// The language's name in diagnostics.
pub(crate) const WGSL: &str = "WGSL";

pub(crate) struct Cx<'m> {
    pub m: &'m Module,
    pub options: &'m Options,
    /// Names of module-scope declarations: structs, variables, overrides, functions,
    /// constants and override expressions.
    pub names: Map<Inst, String>,
    /// Member names of each struct, including the builtin result structures.
    pub members: Map<Inst, Vec<String>>,
    /// Result structures of `frexp`, `modf` and `atomicCompareExchangeWeak`: not
    /// declared, never spelled.
    pub builtin_structs: Set<Inst>,
}

impl<'m> Cx<'m> {
    pub fn global_name(&self, i: Inst) -> Option<&str> {
        self.names.get(&i).map(String::as_str)
    }

    pub fn struct_name(&self, t: Inst) -> Option<&str> {
        if self.builtin_structs.contains(&t) {
            None
        } else {
            self.global_name(t)
        }
    }

    pub fn member_name(&self, t: Inst, k: usize) -> Option<&str> {
        self.members
            .get(&t)
            .and_then(|v| v.get(k))
            .map(String::as_str)
    }

    pub fn unsupported(&self, at: Inst, what: &str) -> RaiseError {
        RaiseError::unsupported(WGSL, at, what)
    }

    pub fn malformed(&self, at: Inst, what: &str) -> RaiseError {
        RaiseError::malformed(at, what)
    }

    pub fn too_deep(&self, at: Inst) -> RaiseError {
        RaiseError::too_deep(WGSL, MAX_DEPTH, at)
    }
}
