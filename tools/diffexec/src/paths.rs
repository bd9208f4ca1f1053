//! The ways a WGSL shader reaches the driver as SPIR-V.
//!
//! - [`Path::Reference`]: naga's WGSL front end and SPIR-V back end, set up as wgpu sets
//!   them up for Vulkan ([`wgpu_like_options`]). This is what a WebGPU app on wgpu would run.
//! - [`Path::RefractWgsl`]: refract's round-tripped WGSL (`Target::Wgsl`), then the same
//!   naga path as the reference. A difference means refract changed the program's meaning.
//! - [`Path::RefractSpirv`]: refract's own SPIR-V (`Target::Spirv`), checked by `spirv-val`
//!   and run directly.
//! - [`Path::RefractFmt`]: `refract fmt`'s output (the syntax layer's printer), then the
//!   same naga path. A formatter must never change what a program computes.
//! - [`Path::NagaRoundTrip`]: a stand-in second path, naga WGSL in → WGSL out → naga again.
//!   It proves the harness before refract's back ends exist, and tests naga's writer.
//!   naga's namer may rename an entry point (`read` is reserved to it), so this path finds
//!   the entry by its position among the compute entry points. refract's paths do not get
//!   that leeway: an app looks its entry points up by name.
//! - [`Path::Mutant`]: a deliberately wrong compiler for the harness's own tests: the naga
//!   round trip with the first `a + b` in a function body turned into `a - b`.
//! - [`Path::RefractGen8`] and [`Path::RefractGen16`] (`refract-gen` names both): refract's
//!   Gen back end at SIMD8 or SIMD16, run in process on its simulator instead of the
//!   driver (`gen.rs`), on the same inputs.
//! - [`Path::RefractHlsl`]: refract's HLSL (`Target::Hlsl`), compiled by glslang's HLSL
//!   front end (`glslangValidator -D -V`, DXC's stand-in on these machines), checked by
//!   `spirv-val` and run. `@builtin(num_workgroups)` reads a uniform buffer in HLSL; the
//!   path puts it at [`NUM_WORKGROUPS`] and the harness fills it with the dispatch size.
//!
//! naga options (matching wgpu-hal's Vulkan back end on a device without
//! `robustBufferAccess2` or image robustness, with runtime checks on, as WebGPU requires):
//! - `bounds_check_policies`: `index`, `buffer` and `image_load` are `Restrict` (clamp the
//!   index into range), `binding_array` is `Unchecked`;
//! - `zero_initialize_workgroup_memory: Polyfill`, `force_loop_bounding: true`;
//! - `lang_version: (1, 3)` (Vulkan 1.1), no debug info, no writer flags (the coordinate-space and varying flags only affect graphics stages);
//! - overrides are resolved with `process_overrides` and the case's pipeline constants
//!   (`Case::overrides`, keyed by `@id` or name as WebGPU keys `constants`); an override
//!   without one takes its default. refract's paths get the same values through
//!   `Options::overrides` and bake them; the WGSL it writes then declares each override
//!   with its value as the default, so naga reads that text without constants.
//!
//! The second reference, [`Policy::ReadZeroSkipWrite`], differs only in bounds checks; the
//! harness compares the two to detect out-of-bounds accesses (see `harness.rs`).

use naga::back::spv;
use naga::proc::{BoundsCheckPolicies, BoundsCheckPolicy};
use std::borrow::Cow;
use std::io::Write;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Path {
    Reference,
    NagaRoundTrip,
    RefractWgsl,
    RefractSpirv,
    RefractFmt,
    Mutant,
    RefractGen8,
    RefractGen16,
    RefractHlsl,
}

/// Where the HLSL path's `num_workgroups` buffer goes: `(group, binding)`, far from any
/// binding a test uses.
pub const NUM_WORKGROUPS: (u32, u32) = (0, 999);

/// Where the HLSL path's buffer sizes go, as `(register, space)` = `(binding, group)`.
/// glslang's `GetDimensions` on a byte-address buffer answers in 32-bit words where DXC
/// answers in bytes, so the path reads sizes from a constant buffer, as Dawn does on
/// D3D12.
pub const BUFFER_SIZES: (u32, u32) = (998, 0);

/// refract's HLSL for `entry`, through glslang and `spirv-val`; `sizes` maps the
/// `(group, binding)` of storage buffers to their word in the [`BUFFER_SIZES`] buffer.
pub fn compile_hlsl(
    source: &str,
    entry: &str,
    sizes: &std::collections::BTreeMap<(u32, u32), u32>,
    opt_level: u8,
    overrides: &[(String, f64)],
) -> (Compiled, Option<String>) {
    let mut options = refract::Options::new(refract::Target::Hlsl);
    options.opt_level = opt_level;
    options.overrides = overrides.to_vec();
    options.entry_point = Some(entry.to_string());
    options.hlsl.num_workgroups = Some(NUM_WORKGROUPS);
    options.hlsl.shader_model = refract::back::hlsl::ShaderModel::V6_2;
    options.hlsl.buffer_sizes = Some(refract::back::hlsl::BufferSizes {
        at: BUFFER_SIZES,
        index: sizes.clone(),
    });
    match refract_compile_with(source, &options) {
        Ok(refract::Output::Text(text)) => {
            let out = glslang_hlsl(&text, entry, true).and_then(|words| {
                spirv_val(&words)
                    .map(|()| words)
                    .map_err(|e| format!("spirv-val rejects glslang's SPIR-V: {e}"))
            });
            (wrap(out, entry), Some(text))
        }
        Ok(refract::Output::Words(_)) => (
            Compiled::Failed("refract returned words for --to hlsl".into()),
            None,
        ),
        Err(c) => (c, None),
    }
}

impl Path {
    /// The SIMD width of a Gen path (run on the simulator, not the driver).
    pub fn gen_simd(self) -> Option<u8> {
        match self {
            Path::RefractGen8 => Some(8),
            Path::RefractGen16 => Some(16),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Path::Reference => "reference",
            Path::NagaRoundTrip => "naga-roundtrip",
            Path::RefractWgsl => "refract-wgsl",
            Path::RefractSpirv => "refract-spirv",
            Path::RefractFmt => "refract-fmt",
            Path::Mutant => "mutant",
            Path::RefractGen8 => "refract-gen8",
            Path::RefractGen16 => "refract-gen16",
            Path::RefractHlsl => "refract-hlsl",
        }
    }

    pub fn from_name(name: &str) -> Option<Path> {
        [
            Path::Reference,
            Path::NagaRoundTrip,
            Path::RefractWgsl,
            Path::RefractSpirv,
            Path::RefractFmt,
            Path::Mutant,
            Path::RefractGen8,
            Path::RefractGen16,
            Path::RefractHlsl,
        ]
        .into_iter()
        .find(|p| p.name() == name)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    Restrict,
    ReadZeroSkipWrite,
}

/// What a path made of a shader.
#[derive(Clone, Debug)]
pub enum Compiled {
    /// SPIR-V words, and the name the entry point has in them.
    Spirv(Vec<u32>, String),
    /// refract answered E0004: this target (or a construct) is not implemented yet.
    NotImplemented(String),
    /// The path failed on valid input: a bug in that path.
    Failed(String),
}

/// naga's SPIR-V options as wgpu uses them on Vulkan; see the module essay.
pub fn wgpu_like_options(policy: Policy) -> spv::Options<'static> {
    let check = match policy {
        Policy::Restrict => BoundsCheckPolicy::Restrict,
        Policy::ReadZeroSkipWrite => BoundsCheckPolicy::ReadZeroSkipWrite,
    };
    spv::Options {
        lang_version: (1, 3),
        flags: spv::WriterFlags::empty(),
        // wgpu passes a binding map that sends @group(g) @binding(b) to descriptor set g,
        // binding b; with no map, this flag makes naga do exactly that.
        fake_missing_bindings: true,
        bounds_check_policies: BoundsCheckPolicies {
            index: check,
            buffer: check,
            image_load: check,
            binding_array: BoundsCheckPolicy::Unchecked,
        },
        zero_initialize_workgroup_memory: spv::ZeroInitializeWorkgroupMemoryMode::Polyfill,
        force_loop_bounding: true,
        ..spv::Options::default()
    }
}

/// A naga module with its overrides resolved for one compute entry point, with the
/// pipeline constants `overrides` (by `@id` or name).
pub fn resolve_overrides<'a>(
    module: &'a naga::Module,
    info: &'a naga::valid::ModuleInfo,
    entry: &str,
    overrides: &[(String, f64)],
) -> Result<(Cow<'a, naga::Module>, Cow<'a, naga::valid::ModuleInfo>), String> {
    let constants: naga::back::PipelineConstants = overrides.iter().cloned().collect();
    naga::back::pipeline_constants::process_overrides(
        module,
        info,
        Some((naga::ShaderStage::Compute, entry)),
        &constants,
    )
    .map_err(|e| format!("overrides: {e}"))
}

/// WGSL through naga to SPIR-V, as the reference does it, with the pipeline constants
/// `overrides`.
pub fn naga_spirv(
    source: &str,
    entry: &str,
    policy: Policy,
    overrides: &[(String, f64)],
) -> Result<Vec<u32>, String> {
    let module = naga::front::wgsl::parse_str(source).map_err(|e| e.emit_to_string(source))?;
    let info = crate::reflect::validate(&module).map_err(|e| e.emit_to_string(source))?;
    let (module, info) = resolve_overrides(&module, &info, entry, overrides)?;
    let pipeline = spv::PipelineOptions {
        shader_stage: naga::ShaderStage::Compute,
        entry_point: entry.to_string(),
    };
    // naga 30's writer panics on some modules (a bounds-checked index into an array an
    // override counts): that is naga's failure to write, not the harness's.
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        spv::write_vec(&module, &info, &wgpu_like_options(policy), Some(&pipeline))
    }))
    .map_err(|_| "naga SPIR-V writer panicked".to_string())?
    .map_err(|e| format!("naga SPIR-V writer: {e}"))
}

/// naga's own WGSL writer output for `source`.
pub fn naga_wgsl(source: &str) -> Result<String, String> {
    let module = naga::front::wgsl::parse_str(source).map_err(|e| e.emit_to_string(source))?;
    let info = crate::reflect::validate(&module).map_err(|e| e.emit_to_string(source))?;
    naga::back::wgsl::write_string(&module, &info, naga::back::wgsl::WriterFlags::empty())
        .map_err(|e| format!("naga WGSL writer: {e}"))
}

/// Compiles `source` along `path` for the pipeline constants `overrides`, refract's paths
/// at `opt_level` (`-O0`…`-O2`). Also returns the intermediate WGSL, if there is one, for
/// mismatch reports.
pub fn compile(
    path: Path,
    source: &str,
    entry: &str,
    opt_level: u8,
    overrides: &[(String, f64)],
) -> (Compiled, Option<String>) {
    match path {
        Path::Reference => (
            wrap(
                naga_spirv(source, entry, Policy::Restrict, overrides),
                entry,
            ),
            None,
        ),
        Path::NagaRoundTrip | Path::Mutant => match naga_wgsl(source) {
            Ok(text) => {
                let text = if path == Path::Mutant {
                    mutant(&text)
                } else {
                    text
                };
                let entry = entry_by_position(source, &text, entry);
                let out = naga_spirv(&text, &entry, Policy::Restrict, overrides)
                    .map_err(|e| format!("naga rejects its own WGSL: {e}"));
                (wrap(out, &entry), Some(text))
            }
            Err(e) => (Compiled::Failed(e), None),
        },
        Path::RefractWgsl => {
            match refract_compile(source, refract::Target::Wgsl, opt_level, overrides) {
                Ok(refract::Output::Text(text)) => {
                    // The values are the overrides' defaults in this text.
                    let out = naga_spirv(&text, entry, Policy::Restrict, &[])
                        .map_err(|e| format!("naga rejects refract's WGSL: {e}"));
                    (wrap(out, entry), Some(text))
                }
                Ok(refract::Output::Words(_)) => (
                    Compiled::Failed("refract returned words for --to wgsl".into()),
                    None,
                ),
                Err(c) => (c, None),
            }
        }
        Path::RefractFmt => match refract_format(source) {
            Ok(text) => {
                let out = naga_spirv(&text, entry, Policy::Restrict, overrides)
                    .map_err(|e| format!("naga rejects refract's formatted WGSL: {e}"));
                (wrap(out, entry), Some(text))
            }
            Err(c) => (c, None),
        },
        Path::RefractGen8 | Path::RefractGen16 => (
            Compiled::Failed("the Gen paths run on the simulator (gen.rs)".into()),
            None,
        ),
        Path::RefractHlsl => compile_hlsl(source, entry, &Default::default(), opt_level, overrides),
        Path::RefractSpirv => {
            match refract_compile(source, refract::Target::Spirv, opt_level, overrides) {
                Ok(refract::Output::Words(words)) => match spirv_val(&words) {
                    Ok(()) => (Compiled::Spirv(words, entry.to_string()), None),
                    Err(e) => (
                        Compiled::Failed(format!("spirv-val rejects refract's SPIR-V: {e}")),
                        None,
                    ),
                },
                Ok(refract::Output::Text(_)) => (
                    Compiled::Failed("refract returned text for --to spirv".into()),
                    None,
                ),
                Err(c) => (c, None),
            }
        }
    }
}

/// The name, in `text`, of the compute entry point that is `entry` in `source`: the same
/// name if it is there, else the one at the same position.
fn entry_by_position(source: &str, text: &str, entry: &str) -> String {
    let names = |src: &str| {
        crate::reflect::Shader::parse(src)
            .map(|s| s.compute_entries())
            .unwrap_or_default()
    };
    let after = names(text);
    if after.iter().any(|n| n == entry) {
        return entry.to_string();
    }
    let before = names(source);
    before
        .iter()
        .position(|n| n == entry)
        .and_then(|i| after.get(i).cloned())
        .unwrap_or_else(|| entry.to_string())
}

/// The first ` + ` after the first function header becomes ` - `.
fn mutant(text: &str) -> String {
    let body = text.find("\nfn ").unwrap_or(0);
    match text[body..].find(" + ") {
        Some(i) => {
            let at = body + i;
            format!("{} - {}", &text[..at], &text[at + 3..])
        }
        None => text.to_string(),
    }
}

fn wrap(r: Result<Vec<u32>, String>, entry: &str) -> Compiled {
    match r {
        Ok(words) => Compiled::Spirv(words, entry.to_string()),
        Err(e) => Compiled::Failed(e),
    }
}

/// Runs `f`; a panic is caught and becomes a failure.
pub(crate) fn no_panic<T>(f: impl FnOnce() -> T) -> Result<T, Compiled> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|payload| {
        let msg = payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        Compiled::Failed(format!("refract panicked: {msg}"))
    })
}

/// refract's output for `target` at `opt_level` with the override values `overrides`, or
/// how it failed.
fn refract_compile(
    source: &str,
    target: refract::Target,
    opt_level: u8,
    overrides: &[(String, f64)],
) -> Result<refract::Output, Compiled> {
    let mut options = refract::Options::new(target);
    options.opt_level = opt_level;
    options.overrides = overrides.to_vec();
    refract_compile_with(source, &options)
}

fn refract_compile_with(
    source: &str,
    options: &refract::Options,
) -> Result<refract::Output, Compiled> {
    let result = no_panic(|| refract::compile(source, options))?;
    if let (true, Some(out)) = (result.ok(), result.output) {
        return Ok(out);
    }
    Err(classify(&result.diagnostics))
}

/// `refract fmt`'s output, or how it failed.
fn refract_format(source: &str) -> Result<String, Compiled> {
    no_panic(|| refract::format(source))?.map_err(|d| classify(&d))
}

/// Errors on valid input: "not implemented" when every one is E0004, else a failure.
pub(crate) fn classify(diagnostics: &[refract::Diagnostic]) -> Compiled {
    let errors: Vec<_> = diagnostics
        .iter()
        .filter(|d| d.severity == refract::Severity::Error)
        .collect();
    let text = errors
        .iter()
        .map(|d| format!("{}: {}", d.code, d.message))
        .collect::<Vec<_>>()
        .join("; ");
    if !errors.is_empty()
        && errors
            .iter()
            .all(|d| d.code == refract::diag::codes::NOT_YET_SUPPORTED)
    {
        Compiled::NotImplemented(text)
    } else {
        Compiled::Failed(format!("refract rejects valid WGSL: {text}"))
    }
}

/// Runs `spirv-val` (SPIRV-Tools) on `words` for the Vulkan 1.1 environment.
pub fn spirv_val(words: &[u32]) -> Result<(), String> {
    let mut file = tempfile("spv")?;
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    file.1
        .write_all(&bytes)
        .map_err(|e| format!("cannot write {}: {e}", file.0.display()))?;
    drop(file.1);
    let out = std::process::Command::new("spirv-val")
        .args(["--target-env", "vulkan1.1"])
        .arg(&file.0)
        .output();
    let _ = std::fs::remove_file(&file.0);
    let out = out.map_err(|e| format!("cannot run spirv-val (install spirv-tools): {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).trim().to_string()
            + &String::from_utf8_lossy(&out.stdout))
    }
}

/// HLSL text through `glslangValidator -D -V --target-env vulkan1.1 -S comp -e ENTRY`
/// (16-bit types on, for `f16`): the SPIR-V words, or what glslang printed. glslang runs
/// SPIRV-Tools' optimizer on HLSL (legalization and performance passes) unless `optimize` is false
/// (`-Od`); the harness compiles without it only to tell the optimizer's changes to a
/// result from refract's (`known::explains_glslang_optimizer`).
pub fn glslang_hlsl(text: &str, entry: &str, optimize: bool) -> Result<Vec<u32>, String> {
    let (input, mut file) = tempfile("hlsl")?;
    file.write_all(text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", input.display()))?;
    drop(file);
    let (output, file) = tempfile("spv")?;
    drop(file);
    let out = std::process::Command::new("glslangValidator")
        .args([
            "-D",
            "-V",
            "--target-env",
            "vulkan1.1",
            "-S",
            "comp",
            "-e",
            entry,
        ])
        .args((!optimize).then_some("-Od"))
        .arg("-o")
        .arg(&output)
        .arg(&input)
        .stdin(std::process::Stdio::null())
        .output();
    let _ = std::fs::remove_file(&input);
    let bytes = std::fs::read(&output);
    let _ = std::fs::remove_file(&output);
    let out =
        out.map_err(|e| format!("cannot run glslangValidator (install glslang-tools): {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "glslang rejects refract's HLSL: {}",
            String::from_utf8_lossy(&out.stdout).trim()
        ));
    }
    let bytes = bytes.map_err(|e| format!("glslang wrote no SPIR-V: {e}"))?;
    Ok(bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

fn tempfile(ext: &str) -> Result<(std::path::PathBuf, std::fs::File), String> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let path =
        std::env::temp_dir().join(format!("refract-diffexec-{}-{n}.{ext}", std::process::id()));
    let file = std::fs::File::create(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((path, file))
}
