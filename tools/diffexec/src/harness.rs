//! Runs one WGSL compute entry point along every path and compares what they compute.
//!
//! For a case (source, entry point, input seed):
//! 1. naga parses and validates the source; overrides take the case's values (WebGPU's
//!    pipeline `constants`) or else their defaults; the interface
//!    (`reflect.rs`) says what to bind, or why the case is skipped.
//! 2. Every buffer is filled (`fill.rs`) and the reference runs twice: under `Restrict`
//!    bounds checks (what wgpu runs) and under `ReadZeroSkipWrite` (skipped for programs
//!    that are in bounds and race-free by construction: the generator's). If the two disagree,
//!    the inputs drive an access out of bounds (or the shader races), and WGSL lets
//!    implementations differ there. The inputs are then narrowed (index leaves to smaller
//!    bounds, then every integer to a small value) and tried again; a shader that still
//!    disagrees with itself is skipped with that reason. Only well-defined runs are compared.
//! 3. Each candidate path compiles the shader and runs on the same inputs. Every leaf of
//!    every writable buffer is compared with the reference bit for bit. The one
//!    normalisation: two NaNs of a float leaf are equal whatever their payloads (the
//!    harness never feeds NaN, but a shader may compute one, and SPIR-V leaves NaN bits
//!    to the driver). A mismatch is confirmed by running the reference and the path once
//!    more: if either disagrees with itself the result is inconclusive (nondeterministic)
//!    instead.

use crate::fill::{FillOptions, fill};
use crate::paths::{self, Compiled, Path, Policy};
use crate::reflect::{self, BufferKind, BufferSpec, Interface, LeafKind, Shader};
use crate::rng::Rng;
use crate::vk::{Job, JobBuffer};
use crate::worker::{RunError, Runner};
use std::fmt::Write as _;

/// One shader entry point to run.
#[derive(Clone, Debug)]
pub struct Case {
    pub name: String,
    pub source: String,
    pub entry: String,
    pub input_seed: u64,
    /// The pipeline constants: a value per override, keyed by `@id` or name as WebGPU
    /// keys them. Every path gets them (naga through `process_overrides`, refract through
    /// `Options::overrides`); an override without one takes its default.
    pub overrides: Vec<(String, f64)>,
    /// The program cannot index out of bounds or race by construction (the generator's
    /// programs): the second-policy reference run that detects those is skipped.
    pub well_defined: bool,
}

/// What one candidate path did on a case.
#[derive(Clone, Debug)]
pub enum PathOutcome {
    Pass,
    /// The path computed different bits; the text is the full report.
    Mismatch(String),
    /// The path failed on valid input (compile error, invalid SPIR-V, driver crash).
    Failed(String),
    /// refract does not implement this yet (E0004).
    NotImplemented(String),
    /// The path differed from the reference exactly as a listed known difference allows
    /// (`known.rs`): the reason, and how many words differ.
    Known(String),
    /// The path differed, but the reference or the path then disagreed with itself on a
    /// re-run: the shader is nondeterministic on these inputs, so nothing can be concluded.
    Inconclusive(String),
}

#[derive(Clone, Debug)]
pub enum CaseResult {
    Skipped(String),
    Ran(Vec<(Path, PathOutcome)>),
}

/// The reference's result for a case, with the inputs that produced it.
pub(crate) struct Baseline {
    pub(crate) interface: Interface,
    pub(crate) inputs: Vec<Vec<u8>>,
    pub(crate) outputs: Vec<Vec<u8>>,
}

/// The harness: a worker runner and the candidate paths to compare with the reference.
pub struct Harness {
    pub runner: Runner,
    pub paths: Vec<Path>,
    /// Feed NaN, infinities and subnormals too (`--float-specials`).
    pub float_specials: bool,
    /// The optimization level refract's paths compile at (`--opt-level`; 1 by default,
    /// as `refract compile`).
    pub opt_level: u8,
}

/// Input narrowing steps: (index divisor, all integers small).
const ATTEMPTS: [(u32, bool); 3] = [(1, false), (4, false), (1 << 30, true)];

impl Harness {
    pub fn new(runner: Runner, paths: Vec<Path>) -> Harness {
        Harness {
            runner,
            paths,
            float_specials: false,
            opt_level: 1,
        }
    }

    pub fn run_case(&mut self, case: &Case) -> CaseResult {
        let baseline = match self.baseline(case) {
            Ok(b) => b,
            Err(reason) => return CaseResult::Skipped(reason),
        };
        let mut outcomes = Vec::new();
        for &path in &self.paths.clone() {
            let outcome = self.run_path(case, path, &baseline);
            outcomes.push((path, outcome));
        }
        CaseResult::Ran(outcomes)
    }

    /// Runs one candidate path; used by the reducer to re-check a single path.
    pub fn check_path(&mut self, case: &Case, path: Path) -> Result<PathOutcome, String> {
        let baseline = self.baseline(case)?;
        Ok(self.run_path(case, path, &baseline))
    }

    fn baseline(&mut self, case: &Case) -> Result<Baseline, String> {
        let shader = Shader::parse(&case.source)
            .map_err(|e| format!("naga rejects the shader: {}", first_line(&e)))?;
        let (module, info) =
            paths::resolve_overrides(&shader.module, &shader.info, &case.entry, &case.overrides)?;
        let resolved = Shader {
            module: module.into_owned(),
            info: info.into_owned(),
        };
        let interface = reflect::interface(&resolved, &case.entry)?;
        if interface.buffers.iter().all(|b| !writable(b)) {
            return Err("writes no buffer: nothing to compare".into());
        }
        let restrict =
            paths::naga_spirv(&case.source, &case.entry, Policy::Restrict, &case.overrides)
                .map_err(|e| format!("naga cannot write SPIR-V: {}", first_line(&e)))?;
        // naga cannot write every shader under ReadZeroSkipWrite (atomics, for one); the
        // second run is then the same reference again, which still catches races.
        let zero = if case.well_defined {
            None
        } else {
            Some(
                paths::naga_spirv(
                    &case.source,
                    &case.entry,
                    Policy::ReadZeroSkipWrite,
                    &case.overrides,
                )
                .unwrap_or_else(|_| restrict.clone()),
            )
        };
        let mut attempt = 0;
        while attempt < ATTEMPTS.len() {
            let (divisor, small) = ATTEMPTS[attempt];
            attempt += 1;
            let inputs = make_inputs(
                &interface,
                case.input_seed,
                divisor,
                small,
                self.float_specials,
            );
            let outputs = match self.execute(&interface, &restrict, &inputs) {
                Ok(o) => o,
                // Inputs may drive loop trip counts: retry with small integers.
                Err(RunError::Timeout) if attempt < ATTEMPTS.len() => {
                    attempt = ATTEMPTS.len() - 1;
                    continue;
                }
                Err(e) => {
                    return Err(format!(
                        "reference does not run: {}",
                        first_line(&e.to_string())
                    ));
                }
            };
            let other = match &zero {
                Some(zero) => self.execute(&interface, zero, &inputs).map_err(|e| {
                    format!("reference does not run: {}", first_line(&e.to_string()))
                })?,
                None => outputs.clone(),
            };
            if diff(&interface, &outputs, &other).is_empty() {
                return Ok(Baseline {
                    interface,
                    inputs,
                    outputs,
                });
            }
        }
        Err(
            "result depends on the bounds-check policy for every input tried \
             (out-of-bounds access or a data race)"
                .into(),
        )
    }

    fn execute(
        &mut self,
        interface: &Interface,
        spirv: &[u32],
        inputs: &[Vec<u8>],
    ) -> Result<Vec<Vec<u8>>, RunError> {
        self.execute_entry(interface, &interface.entry, spirv, inputs)
    }

    /// Like `execute`, for SPIR-V whose entry point is named `entry`.
    fn execute_entry(
        &mut self,
        interface: &Interface,
        entry: &str,
        spirv: &[u32],
        inputs: &[Vec<u8>],
    ) -> Result<Vec<Vec<u8>>, RunError> {
        self.execute_with(interface, entry, spirv, inputs, &[])
    }

    /// Like `execute_entry`, with buffers a path adds (read-only to the shader; their
    /// contents are not compared).
    fn execute_with(
        &mut self,
        interface: &Interface,
        entry: &str,
        spirv: &[u32],
        inputs: &[Vec<u8>],
        extra: &[JobBuffer],
    ) -> Result<Vec<Vec<u8>>, RunError> {
        let mut job = Job {
            entry: entry.to_string(),
            dispatch: reflect::DISPATCH,
            spirv: spirv.to_vec(),
            buffers: interface
                .buffers
                .iter()
                .zip(inputs)
                .map(|(b, data)| JobBuffer {
                    group: b.group,
                    binding: b.binding,
                    uniform: b.kind == BufferKind::Uniform,
                    data: data.clone(),
                })
                .collect(),
        };
        let n = job.buffers.len();
        job.buffers.extend(extra.iter().cloned());
        let mut out = self.runner.run(&job)?;
        out.truncate(n);
        Ok(out)
    }

    fn run_path(&mut self, case: &Case, path: Path, base: &Baseline) -> PathOutcome {
        if let Some(simd) = path.gen_simd() {
            return crate::r#gen::run_path(case, path, simd, base);
        }
        let (compiled, text) = match path {
            Path::RefractHlsl => {
                let sizes = storage_indices(&base.interface);
                paths::compile_hlsl(
                    &case.source,
                    &case.entry,
                    &sizes,
                    self.opt_level,
                    &case.overrides,
                )
            }
            _ => paths::compile(
                path,
                &case.source,
                &case.entry,
                self.opt_level,
                &case.overrides,
            ),
        };
        let (words, entry) = match compiled {
            Compiled::Spirv(w, entry) => (w, entry),
            Compiled::NotImplemented(m) => return PathOutcome::NotImplemented(m),
            Compiled::Failed(m) => return PathOutcome::Failed(m),
        };
        let extra = extra_buffers(path, &base.interface, &base.inputs);
        let outputs = match self.execute_with(&base.interface, &entry, &words, &base.inputs, &extra)
        {
            Ok(o) => o,
            Err(e) => {
                if path == Path::RefractHlsl
                    && matches!(e, RunError::Crash(_))
                    && let Some(why) =
                        self.glslang_crash(base, text.as_deref(), &words, &entry, &extra)
                {
                    return PathOutcome::Known(format!("the driver crashed: {why}"));
                }
                return PathOutcome::Failed(format!("{} on the driver: {e}", path.name()));
            }
        };
        let diffs = diff(&base.interface, &base.outputs, &outputs);
        if diffs.is_empty() {
            return PathOutcome::Pass;
        }
        // Confirm: the reference must agree with itself on these inputs.
        if let Ok(restrict) =
            paths::naga_spirv(&case.source, &case.entry, Policy::Restrict, &case.overrides)
        {
            match self.execute(&base.interface, &restrict, &base.inputs) {
                Ok(again) if diff(&base.interface, &base.outputs, &again).is_empty() => {}
                _ => {
                    return PathOutcome::Inconclusive(
                        "the reference is nondeterministic on these inputs".into(),
                    );
                }
            }
        }
        // Confirm: the path must agree with itself too. A shader that races (corpus shaders
        // may: invocations that differ only in an id the shader ignores write one place)
        // can land on a rare interleaving once; a miscompile gives the same bits again.
        match self.execute_with(&base.interface, &entry, &words, &base.inputs, &extra) {
            Ok(again) if diff(&base.interface, &outputs, &again).is_empty() => {}
            _ => {
                return PathOutcome::Inconclusive(format!(
                    "{} is nondeterministic on these inputs (a re-run gave other bits)",
                    path.name()
                ));
            }
        }
        let glslang_half = || match path {
            Path::RefractHlsl => crate::known::explains_glslang_half(&diffs),
            _ => None,
        };
        if let Some(reason) = crate::known::explains(&case.name, path, &diffs).or_else(glslang_half)
        {
            return PathOutcome::Known(format!("{} words differ: {reason}", diffs.len()));
        }
        if path == Path::RefractHlsl
            && let Some(reason) =
                self.glslang_deviation(base, text.as_deref(), &words, &entry, &extra, &diffs)
        {
            return PathOutcome::Known(format!("{} words differ: {reason}", diffs.len()));
        }
        PathOutcome::Mismatch(report(case, path, base, text.as_deref(), &diffs))
    }
}

impl Harness {
    /// Why the HLSL path's SPIR-V (`words`) crashed the driver, if glslang's optimizer
    /// made it do so: without the optimizer (`-Od`) the same HLSL must run and agree with
    /// the reference bit for bit, and the optimized SPIR-V hold what the optimizer left
    /// (`known::explains_glslang_optimizer`).
    fn glslang_crash(
        &mut self,
        base: &Baseline,
        hlsl: Option<&str>,
        words: &[u32],
        entry: &str,
        extra: &[JobBuffer],
    ) -> Option<&'static str> {
        let unoptimized = unoptimized(hlsl?, entry)?;
        if !self.agrees(base, entry, &unoptimized, extra) {
            return None;
        }
        crate::known::explains_glslang_optimizer(words, &unoptimized, &[])
    }

    /// Why the HLSL path's `diffs` are glslang's, if they are: glslang's SPIR-V (`words`)
    /// with a known deviation of glslang undone must agree with the reference bit for bit.
    /// Tried in turn: glslang without its optimizer (`-Od`), whose rewrite must show in that
    /// SPIR-V (`known::explains_glslang_optimizer`); HLSL's `%` as the truncated remainder
    /// DXC computes (`known::truncated_remainders`); and both; then the HLSL with its float
    /// literals hidden from glslang's front end, which folds them in double precision
    /// (`known::hide_float_literals`).
    fn glslang_deviation(
        &mut self,
        base: &Baseline,
        hlsl: Option<&str>,
        words: &[u32],
        entry: &str,
        extra: &[JobBuffer],
        diffs: &[LeafDiff],
    ) -> Option<String> {
        let unoptimized = unoptimized(hlsl?, entry);
        let optimizer = unoptimized
            .as_deref()
            .and_then(|w| crate::known::explains_glslang_optimizer(words, w, diffs));
        let mut tries = Vec::new();
        if let (Some(w), Some(why)) = (&unoptimized, optimizer) {
            tries.push((w.clone(), vec![why]));
        }
        if let Some(w) = crate::known::truncated_remainders(words) {
            tries.push((w, vec![crate::known::GLSLANG_MOD]));
        }
        if let (Some(w), Some(why)) = (&unoptimized, optimizer)
            && let Some(w) = crate::known::truncated_remainders(w)
        {
            tries.push((w, vec![why, crate::known::GLSLANG_MOD]));
        }
        // Last, and only with glslang's own optimizer as on the path: the literals hidden
        // from its front end's folding.
        if let Some(w) = hlsl
            .and_then(crate::known::hide_float_literals)
            .and_then(|h| paths::glslang_hlsl(&h, entry, true).ok())
        {
            tries.push((w, vec![crate::known::GLSLANG_DOUBLE_FOLD]));
        }
        tries
            .into_iter()
            .find(|(w, _)| self.agrees(base, entry, w, extra))
            .map(|(_, why)| why.join("; "))
    }

    /// Whether `words` run and compute the reference's bits.
    fn agrees(&mut self, base: &Baseline, entry: &str, words: &[u32], extra: &[JobBuffer]) -> bool {
        self.execute_with(&base.interface, entry, words, &base.inputs, extra)
            .is_ok_and(|out| diff(&base.interface, &base.outputs, &out).is_empty())
    }
}

/// glslang's SPIR-V of `hlsl` without its optimizer (`-Od`), if `spirv-val` accepts it.
fn unoptimized(hlsl: &str, entry: &str) -> Option<Vec<u32>> {
    let words = paths::glslang_hlsl(hlsl, entry, false).ok()?;
    paths::spirv_val(&words).ok().map(|()| words)
}

/// The word of each storage buffer in the HLSL path's buffer-sizes constant buffer: its
/// position among the interface's storage buffers.
fn storage_indices(interface: &Interface) -> std::collections::BTreeMap<(u32, u32), u32> {
    interface
        .buffers
        .iter()
        .filter(|b| b.kind != BufferKind::Uniform)
        .enumerate()
        .map(|(k, b)| ((b.group, b.binding), k as u32))
        .collect()
}

/// The buffers `path` needs beside the shader's own: for the HLSL path, the
/// `num_workgroups` uniform buffer (the dispatch size) and the storage buffers' sizes.
fn extra_buffers(path: Path, interface: &Interface, inputs: &[Vec<u8>]) -> Vec<JobBuffer> {
    if path != Path::RefractHlsl {
        return Vec::new();
    }
    let (group, binding) = paths::NUM_WORKGROUPS;
    let mut dispatch: Vec<u8> = reflect::DISPATCH
        .iter()
        .flat_map(|d| d.to_le_bytes())
        .collect();
    dispatch.resize(16, 0);
    let mut sizes: Vec<u8> = interface
        .buffers
        .iter()
        .zip(inputs)
        .filter(|(b, _)| b.kind != BufferKind::Uniform)
        .flat_map(|(_, data)| (data.len() as u32).to_le_bytes())
        .collect();
    sizes.resize(sizes.len().div_ceil(16).max(1) * 16, 0);
    let (register, space) = paths::BUFFER_SIZES;
    vec![
        JobBuffer {
            group,
            binding,
            uniform: true,
            data: dispatch,
        },
        JobBuffer {
            group: space,
            binding: register,
            uniform: true,
            data: sizes,
        },
    ]
}

/// Runs `cases` on several harnesses at once (one thread and one worker process each),
/// case i on harness i mod n; results come back in the order of `cases`.
pub fn run_parallel(harnesses: &mut [Harness], cases: &[Case]) -> Vec<CaseResult> {
    let n = harnesses.len().max(1);
    let mut results: Vec<Option<CaseResult>> = vec![None; cases.len()];
    std::thread::scope(|scope| {
        let handles: Vec<_> = harnesses
            .iter_mut()
            .enumerate()
            .map(|(j, h)| {
                std::thread::Builder::new()
                    // refract's recursive walks are bounded by its nesting limit; give them
                    // the room the refract CLI gives them.
                    .stack_size(64 * 1024 * 1024)
                    .spawn_scoped(scope, move || {
                        cases
                            .iter()
                            .enumerate()
                            .skip(j)
                            .step_by(n)
                            .map(|(i, c)| (i, h.run_case(c)))
                            .collect::<Vec<_>>()
                    })
            })
            .collect();
        for handle in handles {
            match handle.map(|h| h.join()) {
                Ok(Ok(done)) => {
                    for (i, r) in done {
                        results[i] = Some(r);
                    }
                }
                Ok(Err(_)) => {}
                Err(e) => eprintln!("refract-diffexec: cannot start a thread: {e}"),
            }
        }
    });
    results
        .into_iter()
        .map(|r| r.unwrap_or_else(|| CaseResult::Skipped("the harness thread panicked".into())))
        .collect()
}

pub(crate) fn writable(b: &BufferSpec) -> bool {
    b.kind == BufferKind::Storage { writable: true }
}

fn first_line(s: &str) -> &str {
    s.lines().find(|l| !l.trim().is_empty()).unwrap_or(s).trim()
}

/// The inputs for every buffer of `interface`, from `seed`.
pub fn make_inputs(
    interface: &Interface,
    seed: u64,
    divisor: u32,
    small: bool,
    float_specials: bool,
) -> Vec<Vec<u8>> {
    let options = FillOptions {
        index_divisor: divisor,
        float_specials,
    };
    let mut rng = Rng::new(seed);
    interface
        .buffers
        .iter()
        .map(|b| {
            let mut sub = rng.fork(u64::from(b.group) << 32 | u64::from(b.binding));
            if small {
                let mut narrowed = b.clone();
                for leaf in &mut narrowed.leaves {
                    if !leaf.kind.is_float() {
                        leaf.index_bound = Some(leaf.index_bound.unwrap_or(4).min(4));
                    }
                }
                fill(
                    &narrowed,
                    &mut sub,
                    FillOptions {
                        index_divisor: 1,
                        ..options
                    },
                )
            } else {
                fill(b, &mut sub, options)
            }
        })
        .collect()
}

/// One leaf that differs between two runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeafDiff {
    pub buffer: usize,
    pub offset: u32,
    pub kind: LeafKind,
    pub expected: u64,
    pub got: u64,
}

/// The leaves of writable buffers whose bits differ (NaN equals NaN).
pub fn diff(interface: &Interface, a: &[Vec<u8>], b: &[Vec<u8>]) -> Vec<LeafDiff> {
    let mut out = Vec::new();
    for (i, spec) in interface.buffers.iter().enumerate() {
        if !writable(spec) {
            continue;
        }
        for leaf in &spec.leaves {
            let (x, y) = (
                read(&a[i], leaf.offset, leaf.kind),
                read(&b[i], leaf.offset, leaf.kind),
            );
            if x != y && !(is_nan(x, leaf.kind) && is_nan(y, leaf.kind)) {
                out.push(LeafDiff {
                    buffer: i,
                    offset: leaf.offset,
                    kind: leaf.kind,
                    expected: x,
                    got: y,
                });
            }
        }
    }
    out
}

pub(crate) fn read(bytes: &[u8], offset: u32, kind: LeafKind) -> u64 {
    let mut b = [0u8; 8];
    let at = offset as usize;
    let w = kind.width() as usize;
    if at + w <= bytes.len() {
        b[..w].copy_from_slice(&bytes[at..at + w]);
    }
    u64::from_le_bytes(b)
}

pub(crate) fn is_nan(bits: u64, kind: LeafKind) -> bool {
    match kind {
        LeafKind::F16 => bits & 0x7c00 == 0x7c00 && bits & 0x3ff != 0,
        LeafKind::F32 => f32::from_bits(bits as u32).is_nan(),
        LeafKind::F64 => f64::from_bits(bits).is_nan(),
        _ => false,
    }
}

fn show(bits: u64, kind: LeafKind) -> String {
    match kind {
        LeafKind::F16 => format!("0x{bits:04x}"),
        LeafKind::F32 => format!("0x{bits:08x} ({:?})", f32::from_bits(bits as u32)),
        LeafKind::F64 => format!("0x{bits:016x} ({:?})", f64::from_bits(bits)),
        LeafKind::I32 => format!("0x{bits:08x} ({})", bits as u32 as i32),
        LeafKind::U32 => format!("0x{bits:08x} ({bits})"),
        LeafKind::I64 => format!("0x{bits:016x} ({})", bits as i64),
        LeafKind::U64 => format!("0x{bits:016x} ({bits})"),
    }
}

/// Words shown per input buffer in a report.
const SHOWN_WORDS: usize = 64;
const SHOWN_DIFFS: usize = 32;

pub(crate) fn report(
    case: &Case,
    path: Path,
    base: &Baseline,
    text: Option<&str>,
    diffs: &[LeafDiff],
) -> String {
    let mut r = String::new();
    let _ = writeln!(
        r,
        "MISMATCH {} entry `{}` path {} (input seed {}, dispatch {:?}, workgroup size {:?})",
        case.name,
        case.entry,
        path.name(),
        case.input_seed,
        reflect::DISPATCH,
        base.interface.workgroup_size
    );
    if !case.overrides.is_empty() {
        let _ = writeln!(
            r,
            "override values (pipeline constants): {:?}",
            case.overrides
        );
    }
    let _ = writeln!(r, "--- shader ---\n{}", case.source.trim_end());
    if let Some(text) = text {
        let _ = writeln!(
            r,
            "--- WGSL the {} path compiled ---\n{}",
            path.name(),
            text.trim_end()
        );
    }
    let _ = writeln!(r, "--- inputs ---");
    for (spec, data) in base.interface.buffers.iter().zip(&base.inputs) {
        let words: Vec<String> = data
            .chunks(4)
            .take(SHOWN_WORDS)
            .map(|c| {
                let mut w = [0u8; 4];
                w[..c.len()].copy_from_slice(c);
                format!("{:08x}", u32::from_le_bytes(w))
            })
            .collect();
        let more = if data.len() / 4 > SHOWN_WORDS {
            format!(" … ({} words)", data.len() / 4)
        } else {
            String::new()
        };
        let _ = writeln!(
            r,
            "@group({}) @binding({}) {} ({:?}, {} bytes): {}{more}",
            spec.group,
            spec.binding,
            spec.name,
            spec.kind,
            spec.size,
            words.join(" ")
        );
    }
    let _ = writeln!(r, "--- differing words: {} ---", diffs.len());
    for d in diffs.iter().take(SHOWN_DIFFS) {
        let spec = &base.interface.buffers[d.buffer];
        let _ = writeln!(
            r,
            "{} +0x{:x} ({:?}): reference {}, {} {}",
            spec.name,
            d.offset,
            d.kind,
            show(d.expected, d.kind),
            path.name(),
            show(d.got, d.kind)
        );
    }
    if diffs.len() > SHOWN_DIFFS {
        let _ = writeln!(r, "… and {} more", diffs.len() - SHOWN_DIFFS);
    }
    r
}
