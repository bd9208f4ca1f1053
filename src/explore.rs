//! Many products of one WGSL text from one run of the front end: the playground's call
//! (`explore` in the wasm bindings), where one keystroke wants the check, the WGSL, the
//! SPIR-V, the IR before and after the passes, the AST and the reflection at once.
//!
//! Rules:
//! - Every product is exactly what its single call returns, failures included: `compile`
//!   for a target, `compile` at `-O0` (no pass) for [`Product::IrBefore`], `reflect`
//!   as indented JSON text for [`Product::Reflect`], and for [`Product::PassSteps`] the IR
//!   before the passes with the report of `compile` to `ir` printing and timing each step. The check is `check`'s. All of them
//!   with the options' error limit (`check_with_error_limit` for the check). The stages
//!   are `compile`'s, those of [`crate::driver`], which makes every product, and each
//!   product is taken where its single call would take it.
//! - A [`Session`] keeps the front end's work on the last text it was given: the AST, the
//!   check, the typed program, the IR as lowered and the IR after the passes. A call reuses
//!   it only when its text is identical, byte for byte, with the same error limit, and the
//!   IR only for the same entry point and the same pass pipeline; any other call starts
//!   again and replaces it. Every product is a function of the text and the options
//!   alone, so reusing the work is invisible except in time: no product can come from
//!   another text. This is what lets the playground ask for the panel on screen first and
//!   the others in a second call without paying for the front end twice.
//! - Back ends run on every call: a product is always made afresh (only the front end's
//!   work is kept), so a call costs what its products cost.

use crate::diag::Diagnostic;
use crate::{CompileResult, Options};

pub use crate::driver::{Product, Session};

/// The result of [`Session::explore`].
#[derive(Debug)]
pub struct Explored {
    /// `check`'s diagnostics.
    pub check: Vec<Diagnostic>,
    /// One result per product asked for, in the order asked for.
    pub products: Vec<(Product, CompileResult)>,
}

impl Session {
    /// Makes the products `wanted` of `source` with `options` (its target is ignored), and
    /// the check. `lap` is called with a stage's name as each stage ends, for timing:
    /// `parse`, `sema`, `lower`, `passes`, then each product's name; a stage whose work is
    /// reused from the previous call is not run and not reported.
    ///
    /// Products are made in the order of the stages they come from (a target without a
    /// back end first, as it needs none), the check before the first that needs a stage.
    pub fn explore(
        &mut self,
        source: &str,
        options: &Options,
        wanted: &[Product],
        lap: &mut dyn FnMut(&str),
    ) -> Explored {
        let mut order = Vec::with_capacity(wanted.len());
        for k in 0..wanted.len() {
            order.push(k);
        }
        // Stage order.
        crate::util::sort::by_key(&mut order, |&k| wanted[k].made_from() as u64);
        let mut results: Vec<Option<CompileResult>> = vec![None; wanted.len()];
        let mut check = None;
        for k in order {
            if check.is_none() {
                check = Some(self.check(source, options.error_limit, lap).to_vec());
            }
            results[k] = Some(self.make(source, options, wanted[k], lap));
        }
        let check = match check {
            Some(check) => check,
            None => self.check(source, options.error_limit, lap).to_vec(),
        };
        let mut products = Vec::with_capacity(wanted.len());
        for (&p, r) in wanted.iter().zip(results) {
            if let Some(r) = r {
                products.push((p, r));
            }
        }
        Explored { check, products }
    }
}
