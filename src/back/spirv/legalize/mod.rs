//! SPIR-V legalization: what WGSL defines and SPIR-V leaves undefined or expresses
//! differently, rewritten in the IR before the writer runs. Each rule is a small named
//! transform in its own file with filecheck tests beside it; [`RULES`] lists them in the
//! order [`run`] applies them. They run on the SPIR-V back end's own copy of the module.

use super::{Options, Result};
use crate::ir::Module;

/// A legalization rule.
pub struct Rule {
    pub name: &'static str,
    pub summary: &'static str,
    /// Whether the rule applies for these options.
    pub wanted: fn(&Options) -> bool,
    pub run: fn(&mut Module, &Options) -> Result<bool>,
}

/// Every rule, in the order they run.
pub const RULES: &[Rule] = &[];

/// The rule called `name`.
pub fn find(name: &str) -> Option<&'static Rule> {
    RULES.iter().find(|r| r.name == name)
}

/// Runs every rule that applies for `options`. Returns whether any changed the module.
pub fn run(m: &mut Module, options: &Options) -> Result<bool> {
    let mut changed = false;
    for r in RULES {
        if (r.wanted)(options) {
            changed |= (r.run)(m, options)?;
        }
    }
    Ok(changed)
}
