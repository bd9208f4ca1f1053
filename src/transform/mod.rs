//! Shared transforms: target-neutral rewrites of the IR that back ends choose from (Tint's
//! `core/ir/transform`).
//!
//! # What a transform is
//!
//! WGSL defines some operations for every operand where targets do not: integer division
//! by zero, shifts by the bit width or more, float-to-integer conversions out of range,
//! `clamp` with crossed bounds, bit-field ranges past 32 bits, out-of-bounds indices and
//! texel addresses. Other features some targets lack altogether: demoting an invocation
//! to a helper, zero-initialized workgroup memory, pointers to anything but a variable
//! as call arguments, dynamic indices into array and matrix values. A transform rewrites
//! one such thing into plain IR that means the same on every target, before a back end
//! writes the module: `x / y` becomes `x / select(y == 0, 1, y)`, and the back end then
//! writes an ordinary division.
//!
//! # The contract
//!
//! - **One signature.** Each transform is a file here with
//!   `pub fn run(&mut Module, &mut Analyses, &Options) -> Result<Changed, Diagnostic>`,
//!   the signature of every pass ([`crate::passes`](mod@crate::passes)): its own small `Options` (what it
//!   can be told; most need nothing yet), the analysis cache, and what it changed
//!   ([`Changed`](crate::ir::analysis::Changed): instructions, or blocks and
//!   functions, which drops cached CFGs).
//! - **Valid in, valid out.** A transform takes a module that verifies and leaves one
//!   that verifies and means what WGSL means; the pass manager verifies after each one in
//!   debug builds and names the one that broke a rule. Where the module asks for what the
//!   transform cannot express, it returns an error ([`codes::TRANSFORM_UNSUPPORTED`]),
//!   never a module that means something else.
//! - **Idempotent, and it says when it did nothing.** Running a transform on its own
//!   output changes nothing, and an untouched module is reported as `Changed::None`.
//! - **No target here.** A transform knows no back end: nothing in this folder imports
//!   from `back/`. Whether a transform runs, in which order and with which options is the
//!   back end's choice: each back end builds its list of steps
//!   ([`crate::passes::manager::Step`]) from its own options, as the SPIR-V back end does
//!   in `back/spirv/legalize/`. A back end runs them on its own copy of the module, so
//!   the IR other back ends see is untouched.
//!
//! Each transform has filecheck tests beside it (`NAME.ir`, run by
//! `tests/transform_filecheck.rs` with `; RUN: transform NAME`); the SPIR-V pipeline must
//! also accept each test module (`spirv-val`).
//!
//! # The transforms
//!
//! [`TRANSFORMS`] lists them, each with a line saying what it rewrites (a doc comment
//! in the list, not a string: nothing prints it, and the npm package's budget counts
//! every byte). The order that works, and that the
//! SPIR-V back end uses: the value rewrites first (they make new operations that later
//! ones may clamp), `pointer-args` before `robustness` (so that every pointer into a
//! runtime-sized array is an access chain from its variable), `dynamic-index` after
//! what makes new value indexing, and `demote-to-helper` and `zero-workgroup`, which add
//! control flow, last.

pub mod bake_overrides;
pub mod bit_fields;
pub mod byte_address;
pub mod clamp;
pub mod demote_to_helper;
pub mod dynamic_index;
pub mod float_to_int;
pub mod int_division;
pub mod override_checks;
pub mod override_values;
pub mod pointer_args;
pub mod polyfill;
pub mod robustness;
pub mod shader_io;
pub mod shift_amount;
pub mod texture_bounds;
pub mod zero_workgroup;

use crate::diag::{Diagnostic, codes};
use crate::ir::{Inst, Module};
use crate::passes::manager::Step;

/// A shared transform, as a back end's list names it.
pub struct Transform {
    pub name: &'static str,
    /// The transform as a step with its default options.
    pub step: fn() -> Step<'static>,
}

macro_rules! transforms {
    ($( $(#[doc = $summary:literal])* $module:ident ),* $(,)?) => {
        /// Every shared transform, in the order that works (see the module documentation).
        pub const TRANSFORMS: &[Transform] = &[
            $( Transform {
                name: $module::NAME,
                step: || Step::new($module::NAME, $module::run, $module::Options::default()),
            }, )*
        ];
    };
}

transforms! {
    /// Integer `/` and `%` by zero, and i32::MIN / -1, give WGSL's results.
    int_division,
    /// Shift amounts are taken modulo 32.
    shift_amount,
    /// Float-to-integer conversions saturate.
    float_to_int,
    /// `clamp` with bounds that may cross becomes `max` then `min`.
    clamp,
    /// `extractBits`/`insertBits` offsets and counts are clamped to 32 bits.
    bit_fields,
    /// Calls passing pointers that are not variables call copies specialized to the pointer's
    /// root.
    pointer_args,
    /// Indices that may be out of bounds are clamped to the last element.
    robustness,
    /// `textureLoad` clamps its address into the texture; `textureStore` outside it is skipped.
    texture_bounds,
    /// Dynamic indices into array and matrix values go through a variable.
    dynamic_index,
    /// `demote` is emulated with a flag, guarded storage writes and a final kill.
    demote_to_helper,
    /// Workgroup variables are zeroed by the first invocation, then a barrier.
    zero_workgroup,
    /// Bit-field, bit-search, packing and `modf` builtins become IR arithmetic with WGSL's
    /// results.
    polyfill,
    /// Storage and uniform buffers become byte buffers read and written at computed offsets.
    byte_address,
    /// Entry points take one input and return one output struct, members ordered by location.
    shader_io,
    /// Overrides given values at compile time take them as their initializers.
    override_values,
    /// Overrides with known values become constants and the override-expressions over them are
    /// evaluated.
    bake_overrides,
}

/// The steps every back end starts with: WGSL's defined integer division and remainder,
/// masked shift amounts, saturating float-to-int conversion and `clamp`, in that order.
pub fn wgsl_semantics() -> Vec<Step<'static>> {
    vec![
        Step::new(
            int_division::NAME,
            int_division::run,
            int_division::Options {},
        ),
        Step::new(
            shift_amount::NAME,
            shift_amount::run,
            shift_amount::Options {},
        ),
        Step::new(
            float_to_int::NAME,
            float_to_int::run,
            float_to_int::Options {},
        ),
        Step::new(clamp::NAME, clamp::run, clamp::Options {}),
    ]
}

/// The transform called `name`.
pub fn find(name: &str) -> Option<&'static Transform> {
    TRANSFORMS.iter().find(|t| t.name == name)
}

/// A diagnostic at `at` (labelled with its span when it has one).
fn error(m: &Module, code: &'static str, message: &str, at: Inst) -> Diagnostic {
    let d = Diagnostic::error(code, message);
    let span = m.span(at);
    if span.is_detached() {
        d
    } else {
        d.with_primary(span, "here")
    }
}

/// The module asks for what the transform cannot express.
fn unsupported(m: &Module, message: &str, at: Inst) -> Diagnostic {
    error(m, codes::TRANSFORM_UNSUPPORTED, message, at)
}

/// The module breaks a rule the transform relies on (a bug in an earlier stage).
fn malformed(m: &Module, message: &str, at: Inst) -> Diagnostic {
    error(m, codes::TRANSFORM_MALFORMED_IR, message, at)
}
