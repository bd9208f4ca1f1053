//! SPIR-V legalization: what WGSL defines and SPIR-V leaves undefined or expresses
//! differently, rewritten in the IR before the writer runs.
//!
//! Most of it is the shared transforms' ([`crate::transform`]); this back end chooses
//! which run, in which order and with which options, from its own [`Options`] (the
//! SPIR-V version and the Vulkan environment), in [`steps`]. One rule is SPIR-V's own:
//! `uniform-std140`, which gives matrices with 8-byte columns a layout Vulkan's uniform
//! buffers can hold. The steps run through the pass manager on the back end's own copy
//! of the module, verified after each one in debug builds.
//!
//! **After legalization, at `-O2`** ([`Options::optimize`]): `simplify`, `gvn` and
//! `cleanup` run once more on the legalized module. The transforms write general code for
//! each case (the entry point's inputs loaded and packed into the structure the body
//! takes, then taken apart again; an index clamped against a length that is a constant;
//! a texture's size queried again for every bounds check of the same texture), which the
//! optimizing passes, having run before them, never saw. Every rewrite these passes make
//! is exact, and none of them makes an operation a transform removed (they fold, merge
//! equal values and remove dead ones), so the legalized module stays legal.

mod uniform_std140;

use super::Options;
use crate::diag::Diagnostic;
use crate::ir::Module;
use crate::ir::analysis::Analyses;
use crate::passes::manager::{Manager, RunOptions, Step};
use crate::transform::{
    bit_fields, demote_to_helper, dynamic_index, pointer_args, robustness, texture_bounds,
    zero_workgroup,
};

/// The rule SPIR-V's legalization has of its own.
pub const UNIFORM_STD140: &str = "uniform-std140";

/// The steps legalization runs for `options`, in order.
pub fn steps(options: &Options) -> Vec<Step<'static>> {
    let mut steps = crate::transform::wgsl_semantics();
    steps.append(&mut vec![
        Step::new(bit_fields::NAME, bit_fields::run, bit_fields::Options {}),
        // Before robustness, so that every pointer into a runtime-sized array is an
        // access chain from its variable.
        Step::new(
            pointer_args::NAME,
            pointer_args::run,
            pointer_args::Options {},
        ),
        Step::new(robustness::NAME, robustness::run, robustness::Options {}),
    ]);
    // With the device's robust image access, texel addresses are the driver's to check.
    if !options.robust_image_access() {
        steps.push(Step::new(
            texture_bounds::NAME,
            texture_bounds::run,
            texture_bounds::Options {},
        ));
    }
    steps.append(&mut vec![
        // Before dynamic-index, which handles the column indices it leaves on values.
        Step::new(UNIFORM_STD140, uniform_std140::run, ()),
        Step::new(
            dynamic_index::NAME,
            dynamic_index::run,
            dynamic_index::Options {},
        ),
    ]);
    // `OpDemoteToHelperInvocation` is SPIR-V 1.6's, or an extension's.
    if !options.has_demote() {
        steps.push(Step::new(
            demote_to_helper::NAME,
            demote_to_helper::run,
            demote_to_helper::Options {},
        ));
    }
    // Vulkan 1.3 zero-initializes workgroup memory when asked.
    if !options.zero_initializes_workgroup() {
        steps.push(Step::new(
            zero_workgroup::NAME,
            zero_workgroup::run,
            zero_workgroup::Options::default(),
        ));
    }
    if options.optimize {
        steps.append(&mut vec![
            Step::new("simplify", crate::passes::simplify::run, ()),
            Step::new("gvn", crate::passes::gvn::run, ()),
            crate::passes::cleanup::step(),
        ]);
    }
    steps
}

/// SPIR-V's own rule called `name`, as a step.
pub fn own_step(name: &str) -> Option<Step<'static>> {
    (name == UNIFORM_STD140).then(|| Step::new(UNIFORM_STD140, uniform_std140::run, ()))
}

/// Runs the steps for `options` on `m`, through a pass manager with `run_options`.
pub fn run(
    m: &mut Module,
    options: &Options,
    run_options: &RunOptions,
) -> Result<(), Vec<Diagnostic>> {
    let mut manager = Manager::new(*run_options);
    manager.run_all(&steps(options), m, &mut Analyses::new())?;
    Ok(())
}
