//! Filecheck tests of the shared transforms, in `src/transform/*.ir` beside them
//! (`; RUN: transform NAME [--spirv-version V] [--target-env ENV]`); see
//! `tests/common/legalize.rs`.

mod common;

use refract::transform;

#[test]
fn transforms_pass_their_filecheck_tests() {
    let names: Vec<&str> = transform::TRANSFORMS.iter().map(|t| t.name).collect();
    common::legalize::run_all(
        "shared transforms",
        "src/transform",
        "transform",
        &names,
        &|name| transform::find(name).map(|t| (t.step)()),
    );
}
