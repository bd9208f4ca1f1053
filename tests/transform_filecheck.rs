//! Filecheck tests of the shared transforms, in `src/transform/*.ir` beside them
//! (`; RUN: transform NAME [--spirv-version V] [--target-env ENV]`); see
//! `tests/common/legalize.rs`.

mod common;

use refract::passes::manager::Step;
use refract::transform::{self, override_values, shader_io};

/// A transform's step with the options a test's flags give; the default options when
/// there are none. Unknown flags find no step, so a test cannot ask for what is ignored.
fn step(name: &str, flags: &[&str]) -> Option<Step<'static>> {
    match (name, flags) {
        (_, []) => transform::find(name).map(|t| (t.step)()),
        (shader_io::NAME, ["--num-workgroups", group, binding]) => {
            let options = shader_io::Options {
                num_workgroups: Some((group.parse().ok()?, binding.parse().ok()?)),
            };
            Some(Step::new(shader_io::NAME, shader_io::run, options))
        }
        (override_values::NAME, values) => {
            // `--value KEY=VALUE`, repeated.
            let mut options = override_values::Options::default();
            for pair in values.chunks(2) {
                let ["--value", kv] = pair else { return None };
                let (key, value) = kv.split_once('=')?;
                options.values.push((key.to_string(), value.parse().ok()?));
            }
            Some(Step::new(
                override_values::NAME,
                override_values::run,
                options,
            ))
        }
        _ => None,
    }
}

#[test]
fn transforms_pass_their_filecheck_tests() {
    let names: Vec<&str> = transform::TRANSFORMS.iter().map(|t| t.name).collect();
    common::legalize::run_all(
        "shared transforms",
        "src/transform",
        "transform",
        &names,
        &step,
    );
}
