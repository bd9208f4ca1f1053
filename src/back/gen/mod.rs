//! The Gen back end: Beignet's design for Intel's Gen GPUs, where many program instances
//! run in lockstep SIMD lanes of a hardware thread.
//!
//! # Pipeline
//!
//! ```text
//!   optimized IR ──legalize (target-neutral rules)──▶ IR
//!     ──lower (scalarize, inline, classify arguments)──▶ Gen IR in SSA   (ir.rs, lower/)
//!     ──liveness──▶ live-out bit sets                                  (liveness.rs)
//!     ──regalloc (greedy in dominance order = MaxLive)──▶ slots       (regalloc.rs)
//!     ──out of SSA (parallel copies on edges)──▶ Gen IR, not SSA      (outssa.rs)
//!     ──select (immediates, modifiers, sends, structured flow)──▶ assembly (select.rs, asm.rs)
//!     ──sim──▶ buffers after a dispatch                                 (sim/)
//! ```
//!
//! The Gen IR is a scalar RISC machine, one lane's view: vectors only exist in the final
//! ISA's register regions and `send` messages (Beignet's "Gen IR" note). The module
//! essays of each stage state their rules; `asm.rs` documents the assembly text and
//! `select.rs` the register file of a thread.
//!
//! # SIMD width
//!
//! A hardware thread runs 8 or 16 lanes. At SIMD16 every value takes two registers, so a
//! kernel whose MaxLive exceeds the register file at 16 is compiled at 8 when the width is
//! not forced ([`Options::simd`]).
//!
//! # Overrides
//!
//! A kernel is compiled for the override values given ([`compile_source_with`]), as a
//! driver compiles at pipeline creation. An override with neither a default nor a value
//! becomes a kernel argument instead: the dispatch pushes its bits into the CURBE
//! (`// pushed r1.0:ud = override n`, a `bool` as 0 or 1, in [`asm::Kernel::overrides`]
//! order), and a workgroup array it sizes gets an offset computed at dispatch. [`run`]
//! refuses such a kernel with E4605 (it has no values to push); [`sim::dispatch`] takes
//! them. Only a workgroup size needs its value at compile time (E4600 without one).
//!
//! # Stages
//!
//! Compute kernels compile and run on the simulator. Vertex and fragment entry points
//! compile with this payload convention: their inputs (builtins, then `@location`s, one
//! leaf a payload slot) are pushed per lane after the CURBE; their outputs are written
//! at the end by `urb.write` (vertex) or `rt.write` (fragment) messages of up to four
//! slots each, slot numbers in the order of the result's leaves; `discard` and `demote`
//! `halt` the lane past its output write.

pub mod args;
pub mod asm;
pub mod ir;
pub mod layout;
pub mod liveness;
mod lower;
pub mod outssa;
pub mod regalloc;
pub mod select;
pub mod sim;

use crate::diag::{Diagnostic, codes};
use crate::ir::Module;

/// Options of the Gen back end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// 8 or 16 lanes per hardware thread; `None`: 16, or 8 when 16 would spill.
    pub simd: Option<u8>,
}

impl Options {
    /// Options from the CLI's `--gen-simd` value.
    pub fn from_flag(simd: Option<&str>) -> Result<Options, Diagnostic> {
        match simd.map(str::trim) {
            None => Ok(Options::default()),
            Some("8") => Ok(Options { simd: Some(8) }),
            Some("16") => Ok(Options { simd: Some(16) }),
            Some(s) => Err(Diagnostic::error(
                codes::GEN_BAD_OPTION,
                format!("unknown SIMD width `{s}`; the Gen back end writes 8 or 16"),
            )),
        }
    }
}

/// One compiled kernel: its Gen IR (SSA, as lowered), the same after allocation and
/// out-of-SSA, and its assembly.
#[derive(Clone, Debug)]
pub struct CompiledKernel {
    pub ssa: ir::Function,
    pub allocated: ir::Function,
    /// The slot of each register of `allocated`.
    pub slots: Vec<u32>,
    pub kernel: asm::Kernel,
    /// Cycles of parallel copies broken with the temporary.
    pub copy_cycles: usize,
}

/// The kernels of a module, one per entry point.
#[derive(Clone, Debug, Default)]
pub struct Program {
    pub kernels: Vec<CompiledKernel>,
}

/// The target-neutral rewrites the Gen back end needs, run on its own copy of the module:
/// overrides baked into constants (a kernel is compiled for its pipeline's values, as a
/// driver compiles at pipeline creation), WGSL's integer division, shift, conversion, `clamp` and bit-field semantics, bounds
/// clamps for indices, dynamic indices of array values through variables, and zeroed
/// workgroup memory.
pub fn steps() -> Vec<crate::passes::manager::Step<'static>> {
    use crate::passes::manager::Step;
    use crate::transform::{
        bake_overrides, bit_fields, dynamic_index, pointer_args, robustness, zero_workgroup,
    };
    // Named one by one rather than looked up in `transform::TRANSFORMS`, so a build
    // links only the transforms its back ends run.
    let mut steps = vec![Step::new(
        bake_overrides::NAME,
        bake_overrides::run,
        bake_overrides::Options::default(),
    )];
    steps.append(&mut crate::transform::wgsl_semantics());
    steps.append(&mut vec![
        Step::new(bit_fields::NAME, bit_fields::run, bit_fields::Options {}),
        Step::new(
            pointer_args::NAME,
            pointer_args::run,
            pointer_args::Options {},
        ),
        Step::new(robustness::NAME, robustness::run, robustness::Options {}),
        Step::new(
            dynamic_index::NAME,
            dynamic_index::run,
            dynamic_index::Options {},
        ),
        Step::new(
            zero_workgroup::NAME,
            zero_workgroup::run,
            zero_workgroup::Options::default(),
        ),
    ]);
    steps
}

/// Runs [`steps`] on `m`.
fn legalize(m: &mut Module) -> Result<(), Vec<Diagnostic>> {
    use crate::passes::manager::{Manager, RunOptions};
    Manager::new(RunOptions::default()).run_all(
        &steps(),
        m,
        &mut crate::ir::analysis::Analyses::new(),
    )?;
    Ok(())
}

/// Compiles every entry point of `module` (or the one named `entry`).
pub fn compile(
    module: &Module,
    options: &Options,
    entry: Option<&str>,
) -> Result<Program, Vec<Diagnostic>> {
    let mut m = module.clone();
    legalize(&mut m)?;
    let mut program = Program::default();
    for func in lower::entry_points(&m) {
        if let Some(name) = entry {
            if m.name(func.inst()) != Some(name) {
                continue;
            }
        }
        program.kernels.push(compile_kernel(&m, func, options)?);
    }
    Ok(program)
}

fn compile_kernel(
    m: &Module,
    func: crate::ir::Func,
    options: &Options,
) -> Result<CompiledKernel, Vec<Diagnostic>> {
    let widths: &[u8] = match options.simd {
        Some(8) => &[8],
        Some(_) => &[16],
        None => &[16, 8],
    };
    let mut last = None;
    for &simd in widths {
        let ssa = lower::lower(m, func, simd).map_err(|d| vec![d])?;
        let k = allocate_and_select(ssa, simd)
            .map_err(|msg| vec![Diagnostic::error(codes::GEN_UNSUPPORTED, msg)])?;
        let spills = k.kernel.spilled > 0;
        last = Some(k);
        if !spills {
            break;
        }
    }
    last.ok_or_else(|| vec![Diagnostic::error(codes::GEN_MALFORMED_IR, "no SIMD width")])
}

/// Liveness, allocation, out-of-SSA and selection of one lowered kernel.
pub fn allocate_and_select(ssa: ir::Function, simd: u8) -> Result<CompiledKernel, String> {
    let mut f = ssa.clone();
    let cfg = liveness::Cfg::new(&f);
    let live = liveness::Liveness::new(&f, &cfg);
    let mut alloc = regalloc::allocate(&f, &cfg, &live);
    let mut used = vec![false; f.regs.len()];
    for b in &f.blocks {
        for i in &b.insts {
            for s in &i.src {
                used[s.0 as usize] = true;
            }
        }
        for s in b.term.uses() {
            used[s.0 as usize] = true;
        }
    }
    let copy_cycles = outssa::run(&mut f, &mut alloc, &used);
    let sel = select::Selector::new(&f, &alloc, simd)?;
    let private = f.private_size;
    let selected = sel.run(private, alloc.max_live, alloc.slots_used);
    Ok(CompiledKernel {
        ssa,
        slots: alloc.slot.clone(),
        allocated: f,
        kernel: selected.kernel,
        copy_cycles,
    })
}

/// The Gen IR text of a program: each kernel as lowered (SSA), then its allocation.
pub fn ir_text(p: &Program) -> String {
    let mut out = String::new();
    for (n, k) in p.kernels.iter().enumerate() {
        if n > 0 {
            out.push('\n');
        }
        ir::print_function(&mut out, &k.ssa);
        out.push_str(&report_line(k));
        out.push('\n');
    }
    out
}

/// The assembly text of a program.
pub fn asm_text(p: &Program) -> String {
    let mut out = String::new();
    for (n, k) in p.kernels.iter().enumerate() {
        if n > 0 {
            out.push('\n');
        }
        asm::print_kernel(&mut out, &k.kernel);
    }
    out
}

/// One line per kernel: registers used against MaxLive.
pub fn report_line(k: &CompiledKernel) -> String {
    format!(
        "// {}: simd{}, {} registers used, MaxLive {}, {} spilled",
        k.kernel.name, k.kernel.simd, k.kernel.slots_used, k.kernel.max_live, k.kernel.spilled
    )
}

/// WGSL source → the default (`-O1`) optimized IR → Gen kernels: what `--to gen` and
/// `refract run` compile.
pub fn compile_source(
    source: &str,
    options: &Options,
    entry: Option<&str>,
) -> Result<Program, Vec<Diagnostic>> {
    compile_source_with(source, options, entry, &[])
}

/// [`compile_source`] for a pipeline's override values (by name or `@id`, WebGPU's
/// conversions): the kernel is compiled for them, as a driver compiles at pipeline
/// creation.
pub fn compile_source_with(
    source: &str,
    options: &Options,
    entry: Option<&str>,
    overrides: &[(String, f64)],
) -> Result<Program, Vec<Diagnostic>> {
    let (typed, diagnostics) = crate::analyze(source);
    let Some((ast, program)) = typed else {
        return Err(diagnostics);
    };
    let mut module = crate::lower::lower(&ast, &program)?;
    crate::driver::give_override_values(&mut module, overrides)?;
    if let Some(name) = entry {
        crate::passes::entry::keep_only(&mut module, name)?;
    }
    let mut names = Vec::new();
    for s in crate::passes::pipeline_for(1) {
        names.push(s.to_string());
    }
    crate::passes::run_pipeline(&mut module, &names)?;
    compile(&module, options, entry)
}

/// A buffer for [`run`]: its binding and bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunBuffer {
    pub group: u32,
    pub binding: u32,
    pub data: Vec<u8>,
}

/// Runs a compiled compute kernel over `groups` workgroups. Every binding of the kernel
/// gets the buffer given for it, or zeros at its minimum size; the buffers come back in
/// binding order, with what the dispatch left in them.
pub fn run(
    k: &CompiledKernel,
    buffers: &[RunBuffer],
    groups: [u32; 3],
    budget: u64,
) -> Result<(Vec<RunBuffer>, sim::Stats), Diagnostic> {
    let f = &k.allocated;
    if f.stage != ir::Stage::Compute {
        return Err(Diagnostic::error(
            codes::GEN_RUN_INPUT,
            format!("`{}` is not a compute entry point", f.name),
        ));
    }
    for b in buffers {
        if !f
            .bindings
            .iter()
            .any(|x| x.group == b.group && x.binding == b.binding)
        {
            return Err(Diagnostic::error(
                codes::GEN_RUN_INPUT,
                format!(
                    "`{}` has no buffer binding @group({}) @binding({})",
                    f.name, b.group, b.binding
                ),
            ));
        }
    }
    if let Some((name, span)) = k.ssa.overrides.first() {
        let d = Diagnostic::error(
            codes::GEN_OVERRIDE_WITHOUT_VALUE,
            format!(
                "override `{name}` has no value: the kernel reads it at dispatch, so a run \
                 needs one (`--override {name}=VALUE`, or `overrides` in `run()`)"
            ),
        );
        return Err(if span.is_detached() {
            d
        } else {
            d.with_primary(*span, "from here")
        });
    }
    let mut mem = Vec::with_capacity(f.bindings.len());
    for x in &f.bindings {
        let given = buffers
            .iter()
            .find(|b| b.group == x.group && b.binding == x.binding);
        mem.push(match given {
            Some(b) => b.data.clone(),
            None => vec![0u8; x.min_size as usize],
        });
    }
    let stats = sim::dispatch(&k.kernel, &f.bindings, &mut mem, &[], groups, budget)?;
    let mut out = Vec::with_capacity(mem.len());
    for (x, data) in f.bindings.iter().zip(mem) {
        out.push(RunBuffer {
            group: x.group,
            binding: x.binding,
            data,
        });
    }
    Ok((out, stats))
}

/// What [`run_source`] returns: each binding's buffer after the dispatch, with the
/// scalar type its words print as, and the run's counts.
#[derive(Clone, Debug)]
pub struct RunOutput {
    pub buffers: Vec<(RunBuffer, Option<ir::Ty>)>,
    pub stats: sim::Stats,
}

/// Compiles compute entry point `entry` of `source` and runs it over `dispatch`
/// workgroups: `refract run` and the JS `run()`.
pub fn run_source(
    source: &str,
    entry: &str,
    dispatch: [u32; 3],
    buffers: &[RunBuffer],
    options: &Options,
    overrides: &[(String, f64)],
) -> Result<RunOutput, Vec<Diagnostic>> {
    let program = compile_source_with(source, options, Some(entry), overrides)?;
    let Some(k) = program.kernels.first() else {
        return Err(vec![Diagnostic::error(
            codes::GEN_RUN_INPUT,
            format!("the module has no entry point `{entry}`"),
        )]);
    };
    let (out, stats) = run(k, buffers, dispatch, sim::DEFAULT_BUDGET).map_err(|d| vec![d])?;
    let mut buffers = Vec::with_capacity(out.len());
    for (b, x) in out.into_iter().zip(&k.allocated.bindings) {
        buffers.push((b, x.elem));
    }
    Ok(RunOutput { buffers, stats })
}

/// The words of a buffer as numbers of its element type (`u32` words when the type is
/// mixed or unknown), with that type's WGSL name: what `refract run` prints for each
/// binding and the JS `run()` returns.
pub fn buffer_values(data: &[u8], elem: Option<ir::Ty>) -> (&'static str, Vec<f64>) {
    let ty = elem.unwrap_or(ir::Ty::UD);
    let name = match ty {
        ir::Ty::F => "f32",
        ir::Ty::HF => "f16",
        ir::Ty::D => "i32",
        ir::Ty::W => "i16",
        ir::Ty::UW => "u16",
        ir::Ty::UD | ir::Ty::Bool => "u32",
    };
    let size = ty.size() as usize;
    let count = data.len() / size;
    let mut values = Vec::with_capacity(count);
    for k in 0..count {
        let c = &data[k * size..];
        let bits = if size == 2 {
            u32::from(u16::from_le_bytes([c[0], c[1]]))
        } else {
            u32::from_le_bytes([c[0], c[1], c[2], c[3]])
        };
        values.push(match ty {
            ir::Ty::F => f64::from(f32::from_bits(bits)),
            ir::Ty::HF => f64::from(half::f16::from_bits(bits as u16).to_f32()),
            ir::Ty::D => f64::from(bits as i32),
            ir::Ty::W => f64::from(bits as u16 as i16),
            _ => f64::from(bits),
        });
    }
    (name, values)
}

/// [`buffer_values`] as a JSON array (`null` for NaN and infinities, which JSON lacks).
pub fn buffer_json(data: &[u8], elem: Option<ir::Ty>) -> String {
    let (_, values) = buffer_values(data, elem);
    let mut text = String::from("[");
    for (k, x) in values.into_iter().enumerate() {
        if k > 0 {
            text.push(',');
        }
        text.push_str(&json_float(x));
    }
    text.push(']');
    text
}

fn json_float(x: f64) -> String {
    if x.is_finite() {
        crate::util::float_text::display_f64(x)
    } else {
        // JSON has no NaN or infinity.
        "null".to_string()
    }
}
