//! Regressions from the hostile-input campaign (issue 25): wrong output from valid input,
//! and inputs that once took exponential or quadratic time or memory. Each of the latter
//! is run at a size that would have run for minutes or aborted; here it must answer at
//! once, with its output or a diagnostic naming a limit. `benches/scaling.rs` measures
//! how each family grows.

mod common;

use common::cli::refract;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `check` answers 0 on `src`, or the error's code is `code`.
fn codes_of(args: &[&str], src: &str) -> (i32, String) {
    let (code, _, stderr) = refract(args, src.as_bytes());
    (code, stderr)
}

#[test]
fn attribute_integers_past_i32_are_written_as_u32_literals() {
    let src = "@group(4294967295u) @binding(0xFFFFFFFFu) var<storage> x: u32;\n\
               @compute @workgroup_size(1) fn main() { _ = x; }\n";
    for opt in ["-O0", "-O2"] {
        let (code, out, err) = refract(&["compile", "-", "--to", "wgsl", opt], src.as_bytes());
        assert_eq!(code, 0, "{err}");
        let wgsl = text(&out);
        assert!(
            wgsl.contains("@group(4294967295u) @binding(4294967295u)"),
            "{wgsl}"
        );
        let (code, _, err) = refract(&["check", "-"], wgsl.as_bytes());
        assert_eq!(code, 0, "refract rejects its own output:\n{wgsl}\n{err}");
    }
}

#[test]
fn an_override_that_sizes_an_array_defaults_to_one_in_spirv() {
    let src = "override n: u32;\noverride m: u32;\n\
               var<workgroup> a: array<f32, n>;\nvar<workgroup> b: array<f32, m * 2>;\n\
               @compute @workgroup_size(1) fn main() { a[0] = 1.0; b[0] = 2.0; }\n";
    let (code, out, err) = refract(&["compile", "-", "--to", "spvasm"], src.as_bytes());
    assert_eq!(code, 0, "{err}");
    let asm = text(&out);
    let defaults: Vec<&str> = asm
        .lines()
        .filter(|l| l.contains("OpSpecConstant "))
        .collect();
    assert_eq!(defaults.len(), 2, "{asm}");
    assert!(defaults.iter().all(|l| l.ends_with(" 1")), "{asm}");
}

#[test]
fn an_ir_entry_point_name_holding_nul_is_rejected() {
    let ir = "func @\"ma\\u{0}n\"() @compute @workgroup_size(1, 1, 1) {\n^0:\n  return\n}\n";
    let (code, _, err) = refract(&["ir", "-", "--to", "spirv"], ir.as_bytes());
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("E3229") && err.contains("NUL"), "{err}");
}

#[test]
fn two_ir_entry_points_of_one_name_are_rejected() {
    let ir = "func @a() @compute @workgroup_size(1, 1, 1) {\n^0:\n  return\n}\n\
              func @a() @compute @workgroup_size(1, 1, 1) {\n^0:\n  return\n}\n";
    let (code, _, err) = refract(&["ir", "-", "--to", "spirv"], ir.as_bytes());
    assert_eq!(code, 1, "{err}");
}

/// The campaign met a binary mutant declaring `bool`s in a storage buffer: the verifier
/// took it, and refract then refused the WGSL it wrote (E1111).
#[test]
fn an_ir_buffer_holding_bool_is_rejected() {
    let ir = "@b: ptr<storage, array<bool, 4, stride=4>, read_write> = var @group(0) @binding(0)\n";
    let (code, _, err) = refract(&["ir", "-", "--to", "wgsl"], ir.as_bytes());
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("`bool` has no memory layout"), "{err}");
}

#[test]
fn must_use_is_allowed_on_an_entry_point_that_returns_a_value() {
    let src = "@vertex @must_use fn main() -> @builtin(position) vec4f { return vec4f(); }\n";
    let (code, err) = codes_of(&["check", "-"], src);
    assert_eq!(code, 0, "{err}");
    let (code, err) = codes_of(&["compile", "-", "--to", "spirv", "-o", "/dev/null"], src);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn check_and_compile_agree_on_types_past_four_gibibytes() {
    let programs = [
        "struct S { @size(4294967295u) a: u32, b: u32 }\n\
         @group(0) @binding(0) var<storage> s: S;\n\
         @compute @workgroup_size(1) fn main() { _ = s.b; }\n",
        "@group(0) @binding(0) var<storage> s: array<array<u32, 1 << 29>, 22>;\n\
         @compute @workgroup_size(1) fn main() { _ = s[0][0]; }\n",
    ];
    for src in programs {
        for args in [&["check", "-"][..], &["compile", "-", "--to", "spirv"][..]] {
            let (code, err) = codes_of(args, src);
            assert_eq!(code, 1, "{args:?}: {err}");
            assert!(err.contains("E1120"), "{args:?}: {err}");
        }
    }
    // The largest size allowed is allowed.
    let src = "@group(0) @binding(0) var<storage> s: array<u32, 1073741823>;\n\
               @compute @workgroup_size(1) fn main() { _ = s[0]; }\n";
    let (code, err) = codes_of(&["compile", "-", "--to", "spirv", "-o", "/dev/null"], src);
    assert_eq!(code, 0, "{err}");
}

/// `struct S1 { a: S0, b: S0 }` … `S{n}`, used by a private variable.
fn doubling_structs(n: usize) -> String {
    let mut s = String::from("struct S0 { a: f32 }\n");
    for i in 1..=n {
        s += &format!("struct S{i} {{ a: S{}, b: S{} }}\n", i - 1, i - 1);
    }
    s + &format!("var<private> v: S{n};\n@compute @workgroup_size(1) fn main() {{ _ = v; }}\n")
}

#[test]
fn structures_that_double_at_each_level_are_measured_once() {
    // 2^27 scalars in all: every target answers in milliseconds.
    let src = doubling_structs(27);
    for to in ["spirv", "wgsl", "hlsl", "gen"] {
        let (code, err) = codes_of(&["compile", "-", "--to", to, "-o", "/dev/null"], &src);
        // Gen keeps values in registers: a private variable this large is one it refuses.
        let refused = to == "gen" && code == 1 && err.contains("E4600");
        assert!(code == 0 || refused, "--to {to}: {err}");
    }
    // At 30 levels the type is 4 GiB: E1120 from `check` already.
    let (code, err) = codes_of(&["check", "-"], &doubling_structs(30));
    assert_eq!(code, 1);
    assert!(err.contains("E1120"), "{err}");
}

#[test]
fn a_switch_past_the_case_selector_limit_is_refused() {
    let cases: String = (0..16383).map(|i| format!("case {i}u {{}}\n")).collect();
    let src = format!(
        "@group(0) @binding(0) var<storage, read_write> b: u32;\n\
         @compute @workgroup_size(1) fn main() {{ switch b {{\n{cases}default {{}} }} }}\n"
    );
    let (code, err) = codes_of(&["check", "-"], &src);
    assert_eq!(code, 1);
    assert!(err.contains("E1010") && err.contains("16384"), "{err}");
    // One fewer case is accepted, and compiles in linear time.
    let src = src.replacen("case 0u {}\n", "", 1);
    let (code, err) = codes_of(&["compile", "-", "--to", "wgsl", "-o", "/dev/null"], &src);
    assert_eq!(code, 0, "{err}");
}

/// One-line inputs of the sizes: repeated attributes, stray `@`s, stray
/// statements. Each diagnostic shows a window of the line around its label, not the line
/// (which made 100 diagnostics print hundreds of megabytes), through `check` and both
/// compiles alike.
#[test]
fn diagnostics_on_one_enormous_line_show_a_window_of_it() {
    let cases = [
        (
            "@compute ".repeat(100_000) + "@workgroup_size(1) fn main() {}\n",
            "E1501",
        ),
        ("@".repeat(500_000), "E0205"),
        (format!("fn f() {{{}}}\n", "x;".repeat(200_000)), "E0215"),
    ];
    for (src, code) in &cases {
        for args in [
            &["check", "-"][..],
            &["compile", "-", "--to", "spirv"],
            &["compile", "-", "--to", "wgsl"],
        ] {
            let (status, stderr) = codes_of(args, src);
            assert_eq!(status, 1, "{args:?}");
            assert!(stderr.contains(code), "{args:?}");
            assert!(
                stderr.contains("E0007"),
                "{args:?}: the error limit applies"
            );
            let widest = stderr.lines().map(|l| l.chars().count()).max();
            assert!(
                widest <= Some(300),
                "{args:?}: a line of {widest:?} columns"
            );
            assert!(stderr.len() < 64 << 10, "{args:?}: {} bytes", stderr.len());
        }
    }
}

/// Binary IR whose types each take the one before as result and both parameters
/// (`fn(T, T) -> T`, 24 levels from `f32`), then a constant of the last type: the
/// verifier rejects the constant and names its type, whose spelling doubles per level.
/// The campaign met this shape in a binary with two corrupted bytes; this file is the
/// binary of `var<private> x: f32; @compute @workgroup_size(1) fn main() { x = 1.0; }`
/// with those 25 records appended to the module. The message spelled 2^24 copies of
/// `f32` and aborted at 1 GB; now a type in a message is cut with `…` after 1 KiB.
#[test]
fn binary_ir_naming_a_doubling_type_reports_it_cut_short() {
    let bytes = include_bytes!("hostile/doubling-fn-types.rir");
    for to in ["ir", "bin", "spirv", "wgsl"] {
        let (status, _, stderr) = refract(&["ir", "-", "--from", "bin", "--to", to], bytes);
        assert_eq!(status, 1, "--to {to}: {stderr}");
        assert!(stderr.contains("E4001"), "--to {to}: {stderr}");
        assert!(stderr.contains("not `fn(fn(fn("), "--to {to}: {stderr}");
        assert!(stderr.contains("…`"), "--to {to}: {stderr}");
        assert!(stderr.len() < 4096, "--to {to}: {} bytes", stderr.len());
    }
}

// Found by the mutation campaign (`tests/mutants.rs`, `campaign`).

/// A reference in binary IR is a zigzag distance, any i64: `record - distance` overflowed
/// (a panic under overflow checks) when a flipped byte made the distance `i64::MIN`. Every
/// varint of a few modules set to each extreme value must read as a module or an error.
#[test]
fn binary_ir_with_any_varint_at_an_extreme_reads_or_is_refused() {
    let sources = [
        "@x: ptr<private, f32, read_write> = var\n\
         func @main() @compute @workgroup_size(1, 1, 1) {\n^0:\n  store @x, 1.0f\n  return\n}\n",
        "func @f(%a: i32, %b: i32) -> i32 {\n^0:\n  %c: i32 = add %a, %b\n  return %c\n}\n",
    ];
    let extremes: [u64; 4] = [u64::MAX, u64::MAX >> 1, 0xFFFF_FFFF, 1 << 32];
    let mut refused = 0;
    for src in sources {
        let m = refract::ir::parse(src).expect("the seed parses");
        let bytes = refract::ir::binary::serialize(&m);
        for at in 0..bytes.len() {
            let mut end = at;
            while end < bytes.len() && bytes[end] & 0x80 != 0 {
                end += 1;
            }
            for &x in &extremes {
                let mut b = bytes[..at].to_vec();
                b.extend(common::ir_mutate::varint(x));
                b.extend_from_slice(&bytes[(end + 1).min(bytes.len())..]);
                if refract::ir::binary::deserialize(&b).is_err() {
                    refused += 1;
                }
            }
        }
    }
    assert!(refused > 0, "no extreme value was refused");
}

/// `@g: i32 = add @g, 1i` (a binary mutant): a module-scope value that depends on itself
/// passed the verifier, and the WGSL written from it, `override g: i32 = g + 1i;`, was
/// refused by refract's own check (E1002).
#[test]
fn a_module_scope_value_that_depends_on_itself_is_rejected() {
    let bytes = include_bytes!("hostile/module-value-cycle.rir");
    let (status, _, stderr) = refract(&["ir", "-", "--from", "bin", "--to", "wgsl"], bytes);
    assert_eq!(status, 1, "{stderr}");
    assert!(stderr.contains("depends on itself"), "{stderr}");
    let text = "@o: i32 = override @id(0)\n@a: i32 = add @b, 1i\n@b: i32 = mul @a, @o\n";
    let (status, _, stderr) = refract(&["ir", "-", "--to", "wgsl"], text.as_bytes());
    assert_eq!(status, 1, "{stderr}");
    assert!(stderr.contains("depends on itself"), "{stderr}");
}

/// An IR fragment entry point whose result had no `@location` passed the verifier; the
/// WGSL written from it was refused (E1505). The verifier now asks WGSL's rule of every
/// entry point's parameters and result.
#[test]
fn ir_entry_point_io_needs_builtin_or_location() {
    let result = "func @main() -> vec4<f32> @fragment {\n^0:\n  return vec4<f32>(0.0f, 0.0f, 0.0f, 0.0f)\n}\n";
    let param = "func @main(%x: f32) @fragment {\n^0:\n  return\n}\n";
    for (text, what) in [(result, "result"), (param, "parameter %x")] {
        let (status, _, stderr) = refract(&["ir", "-", "--to", "spirv"], text.as_bytes());
        assert_eq!(status, 1, "{stderr}");
        assert!(
            stderr.contains(&format!(
                "the entry point's {what} needs `@builtin` or `@location`"
            )),
            "{stderr}"
        );
    }
    let ok = "func @main(%x: f32 @location(0)) -> vec4<f32> @location(0) @fragment {\n^0:\n  \
              return vec4<f32>(0.0f, 0.0f, 0.0f, 0.0f)\n}\n";
    let (status, _, stderr) = refract(&["ir", "-", "--to", "wgsl"], ok.as_bytes());
    assert_eq!(status, 0, "{stderr}");
}

/// IR promises nothing of WGSL's uniformity: `tests/ir/gvn/uniformity.ir` takes `dpdx`
/// under a branch on a fragment input, and the WGSL written from it was refused (E1850).
/// WGSL written from IR with a derivative, an implicit-level sample or a subgroup
/// operation turns the two uniformity rules off, and refract accepts it again.
#[test]
fn wgsl_written_from_ir_with_derivatives_passes_check() {
    let ir = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/ir/gvn/uniformity.ir"
    ))
    .expect("the test file");
    let (status, out, stderr) = refract(&["ir", "-", "--to", "wgsl"], &ir);
    assert_eq!(status, 0, "{stderr}");
    let wgsl = text(&out);
    assert!(
        wgsl.contains("diagnostic(off, derivative_uniformity);"),
        "{wgsl}"
    );
    let (status, _, stderr) = refract(&["check", "-"], wgsl.as_bytes());
    assert_eq!(status, 0, "{wgsl}\n{stderr}");
    // Without such an operation nothing is added.
    let plain = "func @main() @compute @workgroup_size(1, 1, 1) {\n^0:\n  return\n}\n";
    let (status, out, stderr) = refract(&["ir", "-", "--to", "wgsl"], plain.as_bytes());
    assert_eq!(status, 0, "{stderr}");
    assert!(!text(&out).contains("diagnostic"), "{}", text(&out));
}

/// A binary mutant whose array type claims 2^32 − 1 elements, with a constant of four: the
/// verifier listed the type's member types before counting the constant's parts, 16 GB
/// for one `Vec`, and the process aborted. The counts are compared first now.
#[test]
fn a_constant_of_an_array_type_claiming_four_billion_elements_is_refused_at_once() {
    let bytes = include_bytes!("hostile/huge-array-constant.rir");
    let (status, _, stderr) = refract(&["ir", "-", "--from", "bin", "--to", "spirv"], bytes);
    assert_eq!(status, 1, "{stderr}");
    assert!(
        stderr.contains("constant has 4294967295 parts, not 4"),
        "{stderr}"
    );
}

/// Four IR modules of the campaign's that the verifier took and whose WGSL refract then
/// refused: each breaks a rule WGSL and SPIR-V for Vulkan share, so the IR verifier
/// refuses it now (with the rule's E32xx code), and a module that keeps the rule is
/// written as WGSL that refract accepts again.
#[test]
fn ir_the_wgsl_writer_could_not_write_is_refused_by_the_verifier() {
    let main = "func @main() @compute @workgroup_size(1, 1, 1) {\n^0:\n  return\n}\n";
    let refused = [
        // E1503 before: a resource without `@group`/`@binding`.
        (
            format!("@b: ptr<storage, array<u32, 4, stride=4>, read_write> = var\n{main}"),
            "E3224",
            "needs `@group` and `@binding`",
        ),
        // E1111 before: a runtime-sized array in workgroup memory.
        (
            format!("@w: ptr<workgroup, array<f32>, read_write> = var\n{main}"),
            "E3227",
            "runtime-sized type lives only in the `storage` address space",
        ),
        // E1509 before: a compute entry point with a user-defined input.
        (
            "func @main(%x: u32 @location(0)) @compute @workgroup_size(1, 1, 1) {\n^0:\n  return\n}\n"
                .to_string(),
            "E3229",
            "has `@location`: its inputs are built-in values",
        ),
        // E1300 before: a NaN (and an infinite) f32 constant.
        (
            "@o: ptr<private, f32, read_write> = var bits<f32>(0x7fc00000)\n".to_string() + main,
            "E3223",
            "literal is finite",
        ),
        (
            "@o: ptr<private, f16, read_write> = var bits<f16>(0x7c00)\n".to_string() + main,
            "E3223",
            "literal is finite",
        ),
    ];
    for (ir, code, message) in &refused {
        for to in ["wgsl", "spirv"] {
            let (status, _, stderr) = refract(&["ir", "-", "--to", to], ir.as_bytes());
            assert_eq!(status, 1, "{ir}\n{stderr}");
            assert!(
                stderr.contains(code) && stderr.contains(message),
                "{ir}\n{stderr}"
            );
        }
    }
    let kept = [
        format!("@b: ptr<storage, array<u32, 4, stride=4>, read_write> = var @group(0) @binding(0)\n{main}"),
        format!("@b: ptr<storage, array<u32>, read_write> = var @group(0) @binding(0)\n{main}"),
        format!("@w: ptr<workgroup, array<f32, 4>, read_write> = var\n{main}"),
        "func @main(%x: vec3<u32> @builtin(global_invocation_id)) @compute @workgroup_size(1, 1, 1) {\n^0:\n  return\n}\n".to_string(),
        format!("@o: ptr<private, f32, read_write> = var bits<f32>(0x00000001)\n{main}"),
    ];
    for ir in &kept {
        let (status, out, stderr) = refract(&["ir", "-", "--to", "wgsl"], ir.as_bytes());
        assert_eq!(status, 0, "{ir}\n{stderr}");
        let wgsl = text(&out);
        let (status, _, stderr) = refract(&["check", "-"], wgsl.as_bytes());
        assert_eq!(
            status, 0,
            "refract rejects its own output:\n{wgsl}\n{stderr}"
        );
    }
}

/// 320,000 `diagnostic` directives naming an unknown rule gave 320,000 warnings, which
/// took seconds to hand to JavaScript. Warnings and notes are limited like errors, to the
/// same number, and a final note (E0008) counts the rest.
#[test]
fn warnings_past_the_limit_are_counted_in_one_note() {
    let src = "diagnostic(off, no_such_rule);\n".repeat(1000);
    let (status, out, stderr) = refract(&["check", "-", "--format", "json"], src.as_bytes());
    assert_eq!(status, 0, "{stderr}");
    let out: serde_json::Value = serde_json::from_slice(&out).expect("a JSON report");
    let list = out["diagnostics"].as_array().expect("a list");
    assert_eq!(list.len(), 101, "{out}");
    assert!(list[..100].iter().all(|d| d["code"] == "E1805"), "{out}");
    assert_eq!(list[100]["code"], "E0008");
    assert_eq!(list[100]["severity"], "note");
    let message = list[100]["message"].as_str().unwrap_or("");
    assert!(message.contains("900 more warnings or notes"), "{message}");
    let (_, out, _) = refract(
        &["check", "-", "--format", "json", "--error-limit", "0"],
        src.as_bytes(),
    );
    let out: serde_json::Value = serde_json::from_slice(&out).expect("a JSON report");
    assert_eq!(out["diagnostics"].as_array().map(Vec::len), Some(1000));
}

/// The CI campaign sample's three mutants (seed `0xca4a16e5`: ir-text #37071, ir-binary
/// #16816 and #36618; `REFRACT_CAMPAIGN_DUMP=37071,16816,36618` writes them again while the
/// seeds stay the same) held a `private` variable with `@group` and a `storage` variable
/// whose store type is a pointer. The verifier took both, and refract then refused the
/// WGSL it wrote (E1503, E1111); it refuses the IR now, by the rules WGSL has for the
/// same declarations.
#[test]
fn ir_binding_a_private_variable_or_storing_a_pointer_is_refused() {
    let text: &[u8] = include_bytes!("hostile/campaign-ir-text-37071.ir");
    let binary: [&[u8]; 2] = [
        include_bytes!("hostile/campaign-ir-binary-16816.rir"),
        include_bytes!("hostile/campaign-ir-binary-36618.rir"),
    ];
    for to in ["ir", "spirv", "wgsl"] {
        let (status, _, stderr) = refract(&["ir", "-", "--to", to], text);
        assert_eq!(status, 1, "ir-text #37071 --to {to}: {stderr}");
        assert!(
            stderr.contains("E3224")
                && stderr.contains("`@group` and `@binding` apply only to resources"),
            "ir-text #37071 --to {to}: {stderr}"
        );
        for (k, bytes) in binary.iter().enumerate() {
            let (status, _, stderr) = refract(&["ir", "-", "--from", "bin", "--to", to], bytes);
            assert_eq!(status, 1, "ir-binary {k} --to {to}: {stderr}");
            assert!(
                stderr.contains("a variable cannot store a pointer"),
                "ir-binary {k} --to {to}: {stderr}"
            );
        }
    }
    // The WGSL rules the verifier's follow.
    let wgsl = [
        (
            "@group(0) var<private> t: array<f32, 4>;\n\
             @compute @workgroup_size(1) fn main() { t[0] = 1.0; }\n",
            "E1503",
        ),
        (
            "var<private> p: ptr<private, f32>;\n@compute @workgroup_size(1) fn main() {}\n",
            "E1111",
        ),
    ];
    for (src, code) in wgsl {
        let (status, stderr) = codes_of(&["check", "-"], src);
        assert_eq!(status, 1, "{src}{stderr}");
        assert!(stderr.contains(code), "{src}{stderr}");
    }
}

/// A WGSL source past 16 MiB is refused before it is parsed, by every command that reads
/// WGSL, with the one diagnostic E0009; 16 MiB itself is read. (At 55 MB a valid file
/// needed 2.4 GB and 100 s of CPU to compile.)
#[test]
fn a_source_past_sixteen_mebibytes_is_refused_at_once() {
    let limit = refract::syntax::MAX_SOURCE_LEN;
    let at_limit = format!("//{}", "x".repeat(limit - 2));
    let past = format!("{at_limit}\n");
    for args in [
        &["check", "-"][..],
        &["compile", "-", "--to", "spirv"],
        &["compile", "-", "--to", "wgsl"],
        &["reflect", "-"],
        &["fmt", "-"],
    ] {
        let (status, _, stderr) = refract(args, past.as_bytes());
        assert_eq!(status, 1, "{args:?}: {stderr}");
        assert!(
            stderr.contains("error[E0009]") && stderr.contains("16777217 bytes"),
            "{args:?}: {stderr}"
        );
        assert_eq!(stderr.matches("error[").count(), 1, "{args:?}: {stderr}");
    }
    let (status, _, stderr) = refract(&["check", "-"], at_limit.as_bytes());
    assert_eq!(status, 0, "{stderr}");
}

/// Mutants of the 10⁶-mutant campaigns of 2026-11-27 that the verifier took and whose
/// output spirv-val or refract's own `check` then refused. Each is refused as IR now, by
/// the rule WGSL (or SPIR-V) has for it: a builtin's type, stage and direction; what an
/// entry point reaches through its calls suits its stage; host-shared structs have every
/// member's offset; sampling reads `f32` textures; uniform buffers are read-only; one
/// entry point's resources have distinct bindings; a vector type's size is 2 to 4 (the
/// binary one with 2³²−1 lanes overflowed the verifier's own arithmetic).
#[test]
fn ir_the_verifier_took_is_refused_by_the_rule_it_broke() {
    let cases: [(&str, &[u8], &str); 10] = [
        (
            "ir-text-244632",
            include_bytes!("hostile/campaign-ir-text-244632.ir"),
            "`@builtin(local_invocation_index)` must have type `u32`",
        ),
        (
            "ir-binary-378276",
            include_bytes!("hostile/campaign-ir-binary-378276.rir"),
            "`@builtin(global_invocation_id)` must have type `vec3<u32>`",
        ),
        (
            "ir-binary-663236",
            include_bytes!("hostile/campaign-ir-binary-663236.rir"),
            "`@builtin(clip_distances)` on %0 cannot be a compute shader input",
        ),
        (
            "ir-text-487913",
            include_bytes!("hostile/campaign-ir-text-487913.ir"),
            "the vertex entry point @main reaches `workgroup_barrier`; only compute shaders may",
        ),
        (
            "ir-binary-835039",
            include_bytes!("hostile/campaign-ir-binary-835039.rir"),
            "the compute entry point @main reaches `discard`; only fragment shaders may",
        ),
        (
            "ir-text-351873",
            include_bytes!("hostile/campaign-ir-text-351873.ir"),
            "a struct stored in the `storage` address space needs `@offset` on every field",
        ),
        (
            "ir-binary-593218",
            include_bytes!("hostile/campaign-ir-binary-593218.rir"),
            "operand 0 of `texture_sample` must be a texture of `f32` texels",
        ),
        (
            "ir-binary-668815",
            include_bytes!("hostile/campaign-ir-binary-668815.rir"),
            "a variable in the `uniform` address space has `read` access, not `read_write`",
        ),
        (
            "ir-binary-727459",
            include_bytes!("hostile/campaign-ir-binary-727459.rir"),
            "the entry point @main uses @smp and @out, both bound at `@group(0) @binding(1)`",
        ),
        (
            "ir-binary-926898",
            include_bytes!("hostile/campaign-ir-binary-926898.rir"),
            "a vector has 2, 3 or 4 elements",
        ),
    ];
    for (name, bytes, message) in cases {
        let from: &[&str] = if name.starts_with("ir-binary") {
            &["--from", "bin"]
        } else {
            &[]
        };
        for to in ["spirv", "wgsl"] {
            let args = [&["ir", "-"][..], from, &["--to", to]].concat();
            let (status, _, stderr) = refract(&args, bytes);
            assert_eq!(status, 1, "{name} --to {to}: {stderr}");
            assert!(stderr.contains(message), "{name} --to {to}: {stderr}");
        }
    }
}

/// A campaign mutant whose `rem` divisor is a constant vector with an `undef` lane: the
/// WGSL writer spells `undef` as 0, and `x % vec4(5, 7, 0, -2)` is a shader-creation
/// error. The lane is written as 1 now, as a zero lane is (`undef` may be any value).
#[test]
fn an_undef_lane_of_a_constant_divisor_is_written_as_one() {
    let bytes = include_bytes!("hostile/campaign-ir-binary-610678.rir");
    let (status, wgsl, stderr) = refract(&["ir", "-", "--from", "bin", "--to", "wgsl"], bytes);
    assert_eq!(status, 0, "{stderr}");
    let wgsl = text(&wgsl);
    assert!(wgsl.contains("x % vec4<i32>(5i, 7i, 1i, -2i)"), "{wgsl}");
    let (status, _, stderr) = refract(&["check", "-"], wgsl.as_bytes());
    assert_eq!(status, 0, "refract refuses its own WGSL: {stderr}");
}
