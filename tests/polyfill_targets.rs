//! Which back end asks for which polyfill: every rewrite `transform::polyfill` makes (per
//! builtin) and every shared lowering transform (`int-division`, `shift-amount`,
//! `float-to-int`, `bit-fields`, …), against the steps the back ends really run, printed
//! as a table (`cargo test --profile ci --test polyfill_targets -- --nocapture`).
//!
//! The step lists come from the back ends themselves: `back::hlsl::steps`,
//! `back::spirv::legalize::steps` (with default options, and with SPIR-V 1.6 on Vulkan 1.3,
//! where two steps drop out) and `back::gen::steps`. The WGSL back end runs no transform
//! (WGSL has every builtin with its own semantics): each builtin must come out of
//! `--to wgsl` under its own name.
//!
//! Per builtin, a small compute shader that uses it is lowered and each back end's steps
//! run on it: the builtin's opcode is gone (the back end asked for the polyfill) or still
//! there (the back end writes the builtin itself, natively or with its own expansion);
//! then the back end must compile the shader. Checked: every builtin the polyfill
//! rewrites has a shader here; every back end handles every builtin one way or the
//! other; every polyfill rewrite is asked for by some back end; every shared transform is
//! run by some back end (or, for `override-values`, by the driver for every target).

use refract::ir::analysis::Analyses;
use refract::ir::{Module, Opcode};
use refract::passes::manager::{Manager, RunOptions, Step};
use refract::transform::polyfill;

/// A builtin the polyfill can rewrite, and an expression of type `u32` using it (over `u`:
/// u32, `i`: i32, `f`: f32 and `v`: vec4<f32>, all read from the buffer).
struct Builtin {
    opcode: Opcode,
    expr: &'static str,
}

const BUILTINS: &[Builtin] = &[
    Builtin {
        opcode: Opcode::ExtractBits,
        expr: "extractBits(u, 3u, 5u)",
    },
    Builtin {
        opcode: Opcode::InsertBits,
        expr: "insertBits(u, 7u, 3u, 5u)",
    },
    Builtin {
        opcode: Opcode::CountLeadingZeros,
        expr: "countLeadingZeros(u)",
    },
    Builtin {
        opcode: Opcode::CountTrailingZeros,
        expr: "countTrailingZeros(u)",
    },
    Builtin {
        opcode: Opcode::FirstLeadingBit,
        expr: "bitcast<u32>(firstLeadingBit(i))",
    },
    Builtin {
        opcode: Opcode::FirstTrailingBit,
        expr: "firstTrailingBit(u)",
    },
    Builtin {
        opcode: Opcode::Pack4x8Snorm,
        expr: "pack4x8snorm(v)",
    },
    Builtin {
        opcode: Opcode::Pack4x8Unorm,
        expr: "pack4x8unorm(v)",
    },
    Builtin {
        opcode: Opcode::Pack2x16Snorm,
        expr: "pack2x16snorm(v.xy)",
    },
    Builtin {
        opcode: Opcode::Pack2x16Unorm,
        expr: "pack2x16unorm(v.xy)",
    },
    Builtin {
        opcode: Opcode::Pack4xI8,
        expr: "pack4xI8(vec4<i32>(i))",
    },
    Builtin {
        opcode: Opcode::Pack4xU8,
        expr: "pack4xU8(vec4<u32>(u))",
    },
    Builtin {
        opcode: Opcode::Pack4xI8Clamp,
        expr: "pack4xI8Clamp(vec4<i32>(i))",
    },
    Builtin {
        opcode: Opcode::Pack4xU8Clamp,
        expr: "pack4xU8Clamp(vec4<u32>(u))",
    },
    Builtin {
        opcode: Opcode::Unpack4x8Snorm,
        expr: "bitcast<u32>(unpack4x8snorm(u).y)",
    },
    Builtin {
        opcode: Opcode::Unpack4x8Unorm,
        expr: "bitcast<u32>(unpack4x8unorm(u).y)",
    },
    Builtin {
        opcode: Opcode::Unpack2x16Snorm,
        expr: "bitcast<u32>(unpack2x16snorm(u).y)",
    },
    Builtin {
        opcode: Opcode::Unpack2x16Unorm,
        expr: "bitcast<u32>(unpack2x16unorm(u).y)",
    },
    Builtin {
        opcode: Opcode::Unpack4xI8,
        expr: "bitcast<u32>(unpack4xI8(u).y)",
    },
    Builtin {
        opcode: Opcode::Unpack4xU8,
        expr: "unpack4xU8(u).y",
    },
    Builtin {
        opcode: Opcode::Dot4I8Packed,
        expr: "bitcast<u32>(dot4I8Packed(u, u))",
    },
    Builtin {
        opcode: Opcode::Dot4U8Packed,
        expr: "dot4U8Packed(u, u)",
    },
    Builtin {
        opcode: Opcode::Modf,
        expr: "bitcast<u32>(modf(f).fract)",
    },
];

fn shader(expr: &str) -> String {
    format!(
        "@group(0) @binding(0) var<storage, read_write> b: array<u32, 8>;
@compute @workgroup_size(1) fn main() {{
  let u = b[0];
  let i = bitcast<i32>(b[1]);
  let f = bitcast<f32>(b[2]);
  let v = vec4<f32>(f, -f, f * 0.5, 1.0);
  b[3] = {expr};
}}
"
    )
}

fn lower(source: &str) -> Module {
    let (typed, diags) = refract::analyze(source);
    let Some((ast, program)) = typed else {
        panic!("the shader does not check: {diags:?}\n{source}");
    };
    refract::lower::lower(&ast, &program).expect("lower")
}

fn contains(m: &Module, op: Opcode) -> bool {
    fn walk(m: &Module, parent: refract::ir::Inst, op: Opcode) -> bool {
        m.children(parent)
            .any(|c| m.opcode(c) == op || walk(m, c, op))
    }
    walk(m, m.root(), op)
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum BackEnd {
    Hlsl,
    Spirv,
    /// SPIR-V 1.6 on Vulkan 1.3: `demote` and zeroed workgroup memory are native.
    Spirv16,
    Gen,
    Wgsl,
}

const BACK_ENDS: [BackEnd; 5] = [
    BackEnd::Hlsl,
    BackEnd::Spirv,
    BackEnd::Spirv16,
    BackEnd::Gen,
    BackEnd::Wgsl,
];

impl BackEnd {
    fn name(self) -> &'static str {
        match self {
            BackEnd::Hlsl => "HLSL",
            BackEnd::Spirv => "SPIR-V",
            BackEnd::Spirv16 => "SPIR-V 1.6/VK1.3",
            BackEnd::Gen => "Gen",
            BackEnd::Wgsl => "WGSL",
        }
    }

    fn spirv_options(self) -> refract::back::spirv::Options {
        let mut o = refract::back::spirv::Options::default();
        if self == BackEnd::Spirv16 {
            o.version = refract::back::spirv::Version::V1_6;
            o.target_env = refract::back::spirv::TargetEnv::Vulkan1_3;
        }
        o
    }

    /// The steps the back end runs on a module before writing it.
    fn steps(self, m: &Module) -> Vec<Step<'static>> {
        match self {
            BackEnd::Hlsl => refract::back::hlsl::steps(m, &Default::default()),
            BackEnd::Spirv | BackEnd::Spirv16 => {
                refract::back::spirv::legalize::steps(&self.spirv_options())
            }
            BackEnd::Gen => refract::back::r#gen::steps(),
            BackEnd::Wgsl => Vec::new(),
        }
    }

    /// Compiles the shader to this target: `Err` with the diagnostics if it fails.
    fn compile(self, source: &str) -> Result<refract::Output, String> {
        let target = match self {
            BackEnd::Hlsl => refract::Target::Hlsl,
            BackEnd::Spirv | BackEnd::Spirv16 => refract::Target::Spirv,
            BackEnd::Gen => refract::Target::Gen,
            BackEnd::Wgsl => refract::Target::Wgsl,
        };
        let mut options = refract::Options::new(target);
        options.spirv = self.spirv_options();
        // Shader Model 6.6, where HLSL has packed 8-bit dot products (so that the listing
        // shows what the polyfill does, not what an old shader model lacks).
        options.hlsl.shader_model = refract::back::hlsl::ShaderModel::V6_6;
        let r = refract::compile(source, &options);
        match r.output {
            Some(out) if r.ok() => Ok(out),
            _ => Err(format!("{:?}", r.diagnostics)),
        }
    }
}

/// Runs `steps` on `m`.
fn run(steps: &[Step<'static>], m: &mut Module) {
    Manager::new(RunOptions::default())
        .run_all(steps, m, &mut Analyses::new())
        .unwrap_or_else(|d| panic!("the steps fail: {d:?}"));
}

#[test]
fn every_polyfilled_builtin_has_a_shader_here() {
    let all = polyfill::Options::ALL;
    for &op in refract::ir::opcode::ALL {
        if all.wants(op) {
            assert!(
                BUILTINS.iter().any(|b| b.opcode == op),
                "the polyfill rewrites `{}`, which this test has no shader for",
                op.name()
            );
        }
    }
    for b in BUILTINS {
        assert!(
            all.wants(b.opcode),
            "`{}` is no polyfill's",
            b.opcode.name()
        );
        // The shader really has the builtin, and the polyfill really removes it.
        let mut m = lower(&shader(b.expr));
        assert!(
            contains(&m, b.opcode),
            "{} is not in its shader",
            b.opcode.name()
        );
        let step = Step::new(polyfill::NAME, polyfill::run, polyfill::Options::ALL);
        run(&[step], &mut m);
        assert!(
            !contains(&m, b.opcode),
            "the polyfill leaves {}",
            b.opcode.name()
        );
    }
}

#[test]
fn which_back_end_asks_for_which_polyfill() {
    println!("polyfill (transform::polyfill), per builtin: `polyfill` = the back end's steps");
    println!("rewrite it in IR; `own` = the back end writes it itself (natively or not)\n");
    print!("{:<22}", "builtin");
    for be in BACK_ENDS {
        print!("{:<18}", be.name());
    }
    println!();
    let mut own = Vec::new();
    for b in BUILTINS {
        let source = shader(b.expr);
        let mut asked = false;
        print!("{:<22}", b.opcode.name());
        for be in BACK_ENDS {
            let mut m = lower(&source);
            run(&be.steps(&m), &mut m);
            let rewritten = !contains(&m, b.opcode);
            asked |= rewritten;
            if !rewritten {
                own.push(format!("{} writes {}", be.name(), b.opcode.name()));
            }
            let out = be
                .compile(&source)
                .unwrap_or_else(|e| panic!("{} cannot compile {}: {e}", be.name(), b.expr));
            if be == BackEnd::Wgsl {
                let refract::Output::Text(wgsl) = out else {
                    panic!("WGSL as words")
                };
                let call = b.expr.split('(').next().unwrap_or_default();
                let call = if call.starts_with("bitcast") {
                    b.expr["bitcast<u32>(".len()..]
                        .split('(')
                        .next()
                        .unwrap_or_default()
                } else {
                    call
                };
                assert!(wgsl.contains(call), "--to wgsl has no `{call}`:\n{wgsl}");
            }
            print!("{:<18}", if rewritten { "polyfill" } else { "own" });
        }
        println!();
        assert!(
            asked,
            "no back end asks the polyfill for {}: the rewrite is dead code",
            b.opcode.name()
        );
    }
    println!(
        "\n{} builtin × back end pairs written by the back end itself",
        own.len()
    );
}

#[test]
fn which_back_end_runs_which_shared_transform() {
    let m = lower(&shader("u"));
    let lists: Vec<(BackEnd, Vec<&'static str>)> = BACK_ENDS
        .iter()
        .map(|&be| (be, be.steps(&m).iter().map(|s| s.name()).collect()))
        .collect();
    println!("shared transforms (transform::TRANSFORMS) in each back end's steps:\n");
    print!("{:<22}", "transform");
    for be in BACK_ENDS {
        print!("{:<18}", be.name());
    }
    println!();
    for t in refract::transform::TRANSFORMS {
        print!("{:<22}", t.name);
        let mut users = 0;
        for (_, names) in &lists {
            let runs = names.contains(&t.name);
            users += usize::from(runs);
            print!("{:<18}", if runs { "yes" } else { "-" });
        }
        println!();
        if t.name == refract::transform::override_values::NAME {
            // The driver gives override values before any back end runs (tests/cli_overrides.rs).
            assert_eq!(
                users, 0,
                "override-values is the driver's, not a back end's"
            );
        } else {
            assert!(users > 0, "no back end runs `{}`", t.name);
        }
    }
    println!("\noverride-values: run by the driver for every target when values are given");
}
