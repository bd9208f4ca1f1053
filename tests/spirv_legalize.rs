//! Filecheck tests of the SPIR-V back end's own legalization rule, in
//! `src/back/spirv/legalize/*.ir` beside it (`; RUN: spirv-legalize uniform-std140`);
//! see `tests/common/legalize.rs`. The shared transforms' tests are
//! `tests/transform_filecheck.rs`.

mod common;

use refract::back::spirv::legalize;

#[test]
fn spirv_legalization_rules_pass_their_filecheck_tests() {
    common::legalize::run_all(
        "SPIR-V legalization",
        "src/back/spirv/legalize",
        "spirv-legalize",
        &[legalize::UNIFORM_STD140],
        &|name, flags| flags.is_empty().then(|| legalize::own_step(name)).flatten(),
    );
}
