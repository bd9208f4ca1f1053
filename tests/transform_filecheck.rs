//! Filecheck tests of the target-neutral transforms, in `src/transform/*.ir` beside them.
//!
//! Each file starts with `; RUN: transform NAME [flags]`: the module is parsed and
//! verified, the one transform runs with the options the flags give, the result must
//! verify, and its printed form is matched by the file's `; CHECK:`/`; NEXT:`/`; NOT:`
//! lines (`BLESS=1` rewrites them in the files that fail them).

mod common;

use common::filecheck;
use refract::ir;
use refract::transform::{byte_address, polyfill, shader_io};
use std::path::Path;

fn run(text: &str) -> Result<Vec<String>, String> {
    let line = text
        .lines()
        .find_map(|l| filecheck::directive(l, ";", "RUN"))
        .ok_or("no `; RUN:` line")?;
    let mut words = line.split_whitespace();
    if words.next() != Some("transform") {
        return Err(format!("unknown RUN line `{line}`"));
    }
    let name = words.next().ok_or("no transform named")?;
    let flags: Vec<&str> = words.collect();
    let mut m = ir::parse(text).map_err(|d| format!("parse error: {}", d[0].message))?;
    ir::verify(&m).map_err(|d| format!("verifier error: {}", d[0].message))?;
    match name {
        "byte-address" => {
            let options = byte_address::Options {
                storage: flags.contains(&"--storage"),
                uniform: flags.contains(&"--uniform"),
            };
            byte_address::run(&mut m, &options)
        }
        "shader-io" => {
            let mut options = shader_io::Options::default();
            if let Some(k) = flags.iter().position(|&f| f == "--num-workgroups") {
                let n = |j: usize| flags.get(k + j).and_then(|w| w.parse().ok());
                options.num_workgroups = n(1).zip(n(2));
            }
            shader_io::run(&mut m, &options)
        }
        "polyfill" => polyfill::run(&mut m, &polyfill::Options::ALL),
        other => return Err(format!("no transform `{other}`")),
    }
    .map_err(|d| format!("{}: {}", d.code, d.message))?;
    ir::verify(&m).map_err(|d| {
        format!(
            "the module does not verify after `{name}`: {}\n{}",
            d[0].message,
            ir::print(&m)
        )
    })?;
    Ok(ir::print(&m).lines().map(str::to_string).collect())
}

#[test]
fn transforms_pass_their_filecheck_tests() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/transform");
    let outcome = filecheck::run_dir("transforms", &dir, "ir", ";", |_, text| run(text));
    outcome.assert_all_passed();
}
