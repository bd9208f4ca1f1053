//! `--override NAME=VALUE` (WebGPU's pipeline constants): a value given on the command
//! line compiles exactly as the same value written as the override's default, for every
//! target; HLSL bakes overrides and what is computed from them; values that name nothing
//! or do not fit the type are errors with codes.

mod common;

use common::cli::refract_text as refract;

const SOURCE: &str = "@id(7) override scale: f32 = 1.0;
override count: u32;
override half_count = count / 2u;
override on: bool = false;
@group(0) @binding(0) var<storage, read_write> out: array<f32>;
@compute @workgroup_size(half_count) fn main(@builtin(local_invocation_index) i: u32) {
  if (on) { out[i] = scale * f32(count); }
}
";

/// The source with the values written in as defaults.
fn written_in() -> String {
    SOURCE
        .replace("scale: f32 = 1.0", "scale: f32 = 2.5")
        .replace("count: u32;", "count: u32 = 64u;")
        .replace("on: bool = false", "on: bool = true")
}

const VALUES: [&str; 6] = [
    "--override",
    "7=2.5",
    "--override",
    "count=64",
    "--override",
    "on=true",
];

#[test]
fn a_value_compiles_as_the_same_default_written_in() {
    for to in ["wgsl", "spvasm", "hlsl", "ir"] {
        for level in ["-O0", "-O1"] {
            let args = [&["compile", "-", "--to", to, level][..], &VALUES].concat();
            let (code, given, err) = refract(&args, SOURCE.as_bytes());
            assert_eq!(code, 0, "{to} {level}: {err}");
            let (code, written, err) = refract(
                &["compile", "-", "--to", to, level],
                written_in().as_bytes(),
            );
            assert_eq!(code, 0, "{to} {level}: {err}");
            assert_eq!(given, written, "{to} {level}");
        }
    }
    // Without a value for `count`, HLSL has nothing to bake; SPIR-V keeps a spec constant.
    let (code, _, err) = refract(&["compile", "-", "--to", "hlsl"], SOURCE.as_bytes());
    assert_eq!(code, 1, "{err}");
    let (code, spvasm, err) = refract(&["compile", "-", "--to", "spvasm"], SOURCE.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert!(spvasm.contains("SpecId 7"), "{spvasm}");
}

#[test]
fn hlsl_bakes_what_is_computed_from_overrides() {
    let args = [&["compile", "-", "--to", "hlsl"][..], &VALUES].concat();
    let (code, hlsl, err) = refract(&args, SOURCE.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert!(
        hlsl.contains("static const uint half_count = 32u;"),
        "{hlsl}"
    );
    assert!(hlsl.contains("[numthreads(32, 1, 1)]"), "{hlsl}");
    // Another value, another workgroup size.
    let args = [
        &args[..4],
        &["--override", "count=6", "--override", "on=true"],
    ]
    .concat();
    let (code, hlsl, err) = refract(&args, SOURCE.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert!(hlsl.contains("[numthreads(3, 1, 1)]"), "{hlsl}");
}

#[test]
fn values_that_name_nothing_or_do_not_fit_are_errors() {
    let cases: &[(&[&str], &str, &str)] = &[
        (&["nope=1"], "E4004", "no override has that name or id"),
        (&["8=1"], "E4004", "no override has that name or id"),
        (&["scale=1", "7=2"], "E4004", "two values"),
        (&["count=-1"], "E4005", "u32"),
        (&["count=1.5"], "E4005", "u32"),
        (&["count=4294967296"], "E4005", "u32"),
        (&["scale=1e39"], "E4005", "f32"),
    ];
    for (values, code_wanted, says) in cases {
        let mut args = vec!["compile", "-", "--to", "wgsl"];
        if !values.iter().any(|v| v.starts_with("count")) {
            // `count` has no default: every case but its own gives it a value.
            args.extend(["--override", "count=64"]);
        }
        for v in *values {
            args.extend(["--override", v]);
        }
        let (code, _, err) = refract(&args, SOURCE.as_bytes());
        assert_eq!(code, 1, "{values:?}: {err}");
        assert!(
            err.contains(code_wanted) && err.contains(says),
            "{values:?}: {err}"
        );
    }
    for malformed in ["count", "count=", "=1", "count=abc", "count=inf"] {
        let (code, _, err) = refract(
            &["compile", "-", "--to", "wgsl", "--override", malformed],
            SOURCE.as_bytes(),
        );
        assert_eq!(code, 2, "{malformed}: {err}");
        assert!(err.contains("--override"), "{err}");
    }
}

/// WebGPU's pipeline-creation rules for override-expressions: what the run-time
/// semantics would compute silently (`10 / 0` is 10) is an error naming the override.
#[test]
fn override_expressions_that_pipeline_creation_refuses_are_errors() {
    const EXPRESSIONS: &str = "override d: i32 = 2;
override big: i32 = 2147483000;
override w: u32 = 8;
override s: u32 = 1;
override f: f32 = 1.0;
override q = 10 / d;
override r = 10 % d;
override sum = big + d;
override shifted = 1u << s;
override huge = f * 3e38;
override n: u32 = 4;
var<workgroup> scratch: array<f32, n>;
@group(0) @binding(0) var<storage, read_write> out: array<f32>;
@compute @workgroup_size(w) fn main() {
  scratch[0] = huge;
  out[0] = f32(q + r + sum) + f32(shifted) + scratch[0];
}
";
    let cases: &[(&str, &str)] = &[
        ("d=0", "the override-expression of `q` divides by zero"),
        ("d=1000", "the override-expression of `sum` overflows"),
        (
            "s=32",
            "the override-expression of `shifted` shifts by 32 bits or more",
        ),
        (
            "f=2",
            "the override-expression of `huge` is not a finite number",
        ),
        ("w=0", "a workgroup size computed from overrides is 0"),
        ("n=0", "`n` sizes an array and is 0"),
    ];
    refused_for_every_target(EXPRESSIONS, cases);
}

/// `source` compiles with its defaults for every target, and each `(value, message)` of
/// `cases` is refused with E4006 and the message: values given are judged for every
/// target.
fn refused_for_every_target(source: &str, cases: &[(&str, &str)]) {
    for to in ["spirv", "wgsl", "ir", "hlsl", "gen"] {
        let (code, _, err) = refract(&["compile", "-", "--to", to], source.as_bytes());
        assert_eq!(code, 0, "{to}, defaults: {err}");
        for (value, says) in cases {
            let (code, _, err) = refract(
                &["compile", "-", "--to", to, "--override", value],
                source.as_bytes(),
            );
            assert_eq!(code, 1, "{to} {value}: {err}");
            assert!(
                err.contains("E4006") && err.contains(says),
                "{to} {value}: {err}"
            );
        }
    }
}

/// Function bodies use override-expressions under the same rules: a divisor, a shift
/// amount or an index that is one is judged with the values the pipeline gets, for every
/// target when values are given, and with the defaults where HLSL and Gen bake them. A
/// run-time operand with the same value (`var v = d;`) is WGSL's defined run-time
/// semantics and compiles.
#[test]
fn function_bodies_dividing_shifting_or_indexing_by_an_override_are_judged() {
    const BODIES: &str = "override d: i32 = 2;
override s: u32 = 1;
override i: u32 = 2;
override j = i + 1u;
@group(0) @binding(0) var<storage, read_write> out: array<i32, 8>;
@compute @workgroup_size(1) fn main() {
  var v = d;
  var a = array<i32, 4>(1, 2, 3, 4);
  let w = vec4<i32>(1, 2, 3, 4);
  out[0] = 10 / d + 10 / v;
  out[1] = vec2<i32>(7, 8).x % d;
  out[2] = 1 << s;
  out[3] = w[i] + a[j];
}
";
    let cases: &[(&str, &str)] = &[
        ("d=0", "the divisor `d` is 0"),
        ("s=40", "the shift amount `s` is 40, 32 or more"),
        ("i=4", "the index `i` is 4, out of range of 4 elements"),
        ("i=3", "the index `j` is 4, out of range of 4 elements"),
    ];
    refused_for_every_target(BODIES, cases);
    // Defaults alone: SPIR-V and WGSL keep the overrides for the pipeline to set; HLSL
    // and Gen bake them, so theirs are judged.
    let zero = BODIES.replace("d: i32 = 2", "d: i32 = 0");
    for (to, refused) in [
        ("spirv", false),
        ("wgsl", false),
        ("hlsl", true),
        ("gen", true),
    ] {
        let (code, _, err) = refract(&["compile", "-", "--to", to], zero.as_bytes());
        assert_eq!(code, i32::from(refused), "{to}: {err}");
        assert_eq!(err.contains("the divisor `d` is 0"), refused, "{to}: {err}");
    }
    // The same value reached at run time is no error.
    let run_time = BODIES.replace("10 / d + ", "");
    let (code, _, err) = refract(
        &["compile", "-", "--to", "hlsl", "--override", "d=0"],
        run_time.as_bytes(),
    );
    assert!(code == 1 && err.contains("the divisor `d` is 0"), "{err}");
    let run_time = run_time.replace("vec2<i32>(7, 8).x % d", "vec2<i32>(7, 8).x % v");
    let (code, _, err) = refract(
        &["compile", "-", "--to", "hlsl", "--override", "d=0"],
        run_time.as_bytes(),
    );
    assert_eq!(code, 0, "{err}");
}
