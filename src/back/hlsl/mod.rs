//! The HLSL back end: Shader Model 6 text for DXC (and glslang's HLSL front end, which
//! stands in for DXC in the tests here).
//!
//! # Pipeline
//!
//! 1. **Legalize** ([`legalize`]) on the back end's own copy of the module: the shared
//!    transforms WGSL's semantics need (integer division, shift amounts, saturating
//!    conversions, robust indexing, texture bounds, pointer arguments specialized to
//!    their roots), then the ones HLSL's shape needs: `polyfill` (bit fields, bit search,
//!    packing, `modf`: HLSL has none of them with WGSL's results), `byte-address` (storage
//!    and uniform buffers addressed by bytes), `shader-io` (one input and one output
//!    struct per entry point, ordered by location).
//! 2. **Write** ([`writer`], [`function`]): module-scope declarations with registers, then
//!    each function raised through the language-neutral plan of [`crate::raise`] with the
//!    HLSL emitter.
//!
//! # Mapping
//!
//! - `@group(g) @binding(b)` → `register(Xb, spaceg)`, X by resource kind (`b` constant
//!   buffers, `t` read-only buffers and textures, `u` writable buffers and storage
//!   textures, `s` samplers), or what [`Options::binding_map`] says.
//! - Matrices: WGSL's `matCxR` is HLSL's `floatCxR`, whose rows are WGSL's columns; so
//!   `m[i]` is a column in both, and WGSL's `a * b` with a matrix is `mul(b, a)`.
//! - Overrides are baked in as `static const` (their defaults): HLSL has no
//!   specialization constants.
//! - Names: entry points keep their WGSL names when HLSL allows ([`entry_point_name`]);
//!   other names are made ASCII and never clash with HLSL's words ([`names`]).

mod builtins;
pub mod expr;
mod function;
pub mod literal;
pub mod memory;
pub mod names;
mod ops;
mod stmt;
mod template;
mod textures;
pub mod types;
pub mod writer;

use crate::diag::{Diagnostic, codes};
use crate::ir::analysis::Analyses;
use crate::ir::{Inst, Module};
use crate::passes::manager::{Manager, RunOptions, Step};

/// A Shader Model the output targets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum ShaderModel {
    #[default]
    V6_0,
    V6_1,
    V6_2,
    V6_3,
    V6_4,
    V6_5,
    V6_6,
}

impl ShaderModel {
    pub const ALL: [ShaderModel; 7] = [
        ShaderModel::V6_0,
        ShaderModel::V6_1,
        ShaderModel::V6_2,
        ShaderModel::V6_3,
        ShaderModel::V6_4,
        ShaderModel::V6_5,
        ShaderModel::V6_6,
    ];

    /// `6_0` … `6_6`, as DXC's profiles spell it (`cs_6_0`).
    pub fn name(self) -> &'static str {
        match self {
            ShaderModel::V6_0 => "6_0",
            ShaderModel::V6_1 => "6_1",
            ShaderModel::V6_2 => "6_2",
            ShaderModel::V6_3 => "6_3",
            ShaderModel::V6_4 => "6_4",
            ShaderModel::V6_5 => "6_5",
            ShaderModel::V6_6 => "6_6",
        }
    }

    /// Reads `6_0`, `6.0` or `60`.
    pub fn from_name(s: &str) -> Option<ShaderModel> {
        let digits: String = s.chars().filter(char::is_ascii_digit).collect();
        ShaderModel::ALL
            .into_iter()
            .find(|m| m.name().replace('_', "") == digits)
    }
}

/// Options of the HLSL writer.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub shader_model: ShaderModel,
    /// Where a `(group, binding)` goes, as `(register, space)`; bindings not listed keep
    /// `register(binding, space group)`.
    pub binding_map: OptionMap<(u32, u32), (u32, u32)>,
    /// Where `@builtin(num_workgroups)` is read from, as `(group, binding)` of a uniform
    /// buffer holding a `uint3`; by default the binding after the last one used in
    /// group 0.
    pub num_workgroups: Option<(u32, u32)>,
    /// Where `var<immediate>` data lives, as `(register, space)` of a constant buffer
    /// (a root-constant slot for D3D12); by default `b0` in the space after the highest
    /// group used, so it never meets a bound resource.
    pub immediate: Option<(u32, u32)>,
    /// Where storage buffers' sizes in bytes are read from instead of `GetDimensions`
    /// (Tint's "array length from uniform"; D3D12 root descriptors have no size).
    pub buffer_sizes: Option<BufferSizes>,
}

impl Options {
    /// Where `(group, binding)` goes, as `(register, space)`: [`Options::binding_map`]'s
    /// entry, else `register(binding, space group)`. The npm package's JS API sets no
    /// binding map, so there it is always the latter, and the map's code stays out of the
    /// `.wasm` (the package's size budget).
    pub(crate) fn register_of(&self, group: u32, binding: u32) -> (u32, u32) {
        let mapped = if cfg!(target_arch = "wasm32") {
            None
        } else {
            self.binding_map.get(&(group, binding))
        };
        mapped.copied().unwrap_or((binding, group))
    }

    /// [`Options::buffer_sizes`], never set by the npm package's JS API (as above).
    pub(crate) fn buffer_sizes(&self) -> Option<&BufferSizes> {
        if cfg!(target_arch = "wasm32") {
            None
        } else {
            self.buffer_sizes.as_ref()
        }
    }
}

/// A constant buffer of `uint4`s holding storage buffers' sizes in bytes: the buffer
/// bound at `(group, binding)` in `index` has its size in word `index % 4` of row
/// `index / 4`. A buffer not listed is measured with `GetDimensions`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BufferSizes {
    /// `(register, space)` of the constant buffer.
    pub at: (u32, u32),
    /// `(group, binding)` of each storage buffer → its word in the constant buffer.
    pub index: OptionMap<(u32, u32), u32>,
}

/// The maps of [`Options`]: `BTreeMap`s, except in the npm package, whose JS API sets
/// none of the HLSL options. There they are maps that are always empty and take no room,
/// so the package carries no code to walk or drop a tree it never has (the drop glue of
/// the compiler's `Options` was 1.6 KB of its wasm).
#[cfg(not(target_arch = "wasm32"))]
pub type OptionMap<K, V> = std::collections::BTreeMap<K, V>;
#[cfg(target_arch = "wasm32")]
pub type OptionMap<K, V> = EmptyMap<K, V>;

/// A map with nothing in it: the npm package's [`OptionMap`].
#[cfg(target_arch = "wasm32")]
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EmptyMap<K, V>(std::marker::PhantomData<(K, V)>);

#[cfg(target_arch = "wasm32")]
impl<K, V> EmptyMap<K, V> {
    pub fn get(&self, _: &K) -> Option<&V> {
        None
    }

    pub fn values(&self) -> std::iter::Empty<&V> {
        std::iter::empty()
    }
}

/// Why a module could not be written as HLSL.
#[derive(Clone, Debug)]
pub struct Error {
    pub diagnostics: Vec<Diagnostic>,
}

impl Error {
    pub fn new(code: &'static str, m: &Module, at: Inst, message: String) -> Error {
        let mut d = Diagnostic::error(code, message);
        let span = m.span(at);
        if !span.is_detached() {
            d = d.with_primary(span, "from here");
        }
        Error {
            diagnostics: vec![d],
        }
    }

    /// "cannot write HLSL for this module: it uses …".
    pub fn unsupported(m: &Module, at: Inst, what: String) -> Error {
        Error::new(
            codes::HLSL_UNSUPPORTED,
            m,
            at,
            format!("cannot write HLSL for this module: it uses {what}"),
        )
    }
}

impl From<Vec<Diagnostic>> for Error {
    fn from(diagnostics: Vec<Diagnostic>) -> Self {
        Error { diagnostics }
    }
}

impl From<Diagnostic> for Error {
    fn from(d: Diagnostic) -> Self {
        Error {
            diagnostics: vec![d],
        }
    }
}

impl From<Error> for Vec<Diagnostic> {
    fn from(e: Error) -> Self {
        e.diagnostics
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for d in &self.diagnostics {
            writeln!(f, "{}: {}", d.code, d.message)?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

/// The HLSL name of the entry point called `wgsl_name` in WGSL: the same name when HLSL
/// allows it (an ASCII identifier HLSL does not take), otherwise the name made ASCII
/// with `_` in place of other characters, and `_entry` appended when HLSL takes it (or
/// `entry` when it ends in `_`). The
/// writer names entry points first, so no other declaration takes these names; callers
/// pass the result to DXC's `-E` (glslang's `-e`).
pub fn entry_point_name(wgsl_name: &str) -> String {
    let mut name = names::underscored(wgsl_name);
    if name.is_empty()
        || name.starts_with(|c: char| c.is_ascii_digit())
        || name.starts_with('_')
        || name.starts_with(names::HELPER_PREFIX)
    {
        name.insert(0, 'v');
    }
    // A suffix, never a trailing `_`: the namer's identifiers do not end in one.
    if name.ends_with('_') {
        name.push_str("entry");
    } else if names::is_taken_by_hlsl(&name) {
        name.push_str("_entry");
    }
    name
}

/// Writes a verified IR module as HLSL text: legalizes a copy, then writes it.
pub fn write_string(module: &Module, options: &Options) -> Result<String, Error> {
    check_shader_model(module, options)?;
    let mut m = module.clone();
    legalize(&mut m, options)?;
    write_module(&m, options)
}

/// Features the chosen Shader Model lacks are errors, not output DXC would refuse: `f16`
/// is `half` with 16 bits only from Shader Model 6.2 with `-enable-16bit-types`.
fn check_shader_model(m: &Module, options: &Options) -> Result<(), Error> {
    if options.shader_model >= ShaderModel::V6_2 {
        return Ok(());
    }
    let Some(t) = m
        .children(m.root())
        .find(|&t| m.opcode(t) == crate::ir::Opcode::F16)
    else {
        return Ok(());
    };
    let at = m.uses(t).next().map_or(t, |u| u.user);
    Err(Error::new(
        crate::diag::codes::HLSL_UNSUPPORTED,
        m,
        at,
        format!(
            "`f16` needs Shader Model 6.2 or later (DXC: `-T cs_6_2 -enable-16bit-types`), and \
             this output targets {}: choose 6_2 or later (`--shader-model 6_2`)",
            options.shader_model.name().replace('_', ".")
        ),
    ))
}

/// The transforms the HLSL back end runs, in order, on its own copy of the module: WGSL's
/// semantics first (shared with the other back ends), then what HLSL's shape needs, then
/// `cleanup` to fold what they made.
pub fn steps(m: &Module, options: &Options) -> Vec<Step<'static>> {
    use crate::transform::{
        bake_overrides, byte_address, pointer_args, polyfill, robustness, shader_io,
        texture_bounds, zero_workgroup,
    };
    let num_workgroups = options
        .num_workgroups
        .unwrap_or_else(|| default_num_workgroups_binding(m));
    // HLSL has no specialization constants: overrides are their values, and what is
    // computed from them is computed here.
    let mut steps = vec![Step::new(
        bake_overrides::NAME,
        bake_overrides::run,
        bake_overrides::Options::default(),
    )];
    steps.append(&mut crate::transform::wgsl_semantics());
    steps.append(&mut vec![
        // Before robustness, so every pointer into a runtime-sized array is an access
        // chain from its variable; before byte-address, which needs the same.
        Step::new(
            pointer_args::NAME,
            pointer_args::run,
            pointer_args::Options {},
        ),
        Step::new(robustness::NAME, robustness::run, robustness::Options {}),
        Step::new(
            texture_bounds::NAME,
            texture_bounds::run,
            texture_bounds::Options {},
        ),
        // HLSL leaves `groupshared` memory uninitialized.
        Step::new(
            zero_workgroup::NAME,
            zero_workgroup::run,
            zero_workgroup::Options { array_loops: true },
        ),
        Step::new(polyfill::NAME, polyfill::run, polyfill::Options::ALL),
        Step::new(
            shader_io::NAME,
            shader_io::run,
            shader_io::Options {
                num_workgroups: Some(num_workgroups),
            },
        ),
        // After shader-io, whose `num_workgroups` buffer it rewrites too.
        Step::new(
            byte_address::NAME,
            byte_address::run,
            byte_address::Options::default(),
        ),
    ]);
    steps.extend(crate::passes::find("cleanup").map(|p| (p.step)()));
    steps
}

/// Runs [`steps`] on `m`.
pub fn legalize(m: &mut Module, options: &Options) -> Result<(), Error> {
    let steps = steps(m, options);
    let mut manager = Manager::new(RunOptions::default());
    manager.run_all(&steps, m, &mut Analyses::new())?;
    Ok(())
}

/// Writes a legalized module.
fn write_module(m: &Module, options: &Options) -> Result<String, Error> {
    use crate::raise::names::Namer;
    use crate::raise::plan::{self, Tables};
    let mut w = writer::Writer::new(m, options);
    let mut namer = Namer::new(names::keywords());
    w.name_module(&mut namer)?;
    let structs = w.structs_text()?;
    let globals = w.globals_text()?;
    let mut tables = Tables::new(m);
    let mut em = function::Hlsl::new(&mut w);
    for f in call_order(m) {
        plan::function(&mut em, m, &namer, &mut tables, f)
            .map_err(|e| Error::from(vec![e.into_diagnostic(m)]))?;
    }
    let functions = std::mem::take(&mut em.functions);
    let mut out = String::new();
    out.push_str(&structs);
    for t in &w.typedef_texts {
        out.push_str(t);
    }
    if !w.typedef_texts.is_empty() {
        out.push('\n');
    }
    for c in &w.constant_texts {
        out.push_str(c);
    }
    out.push_str(&globals);
    if !globals.is_empty() || !w.constant_texts.is_empty() {
        out.push('\n');
    }
    for h in &w.helpers.texts {
        out.push_str(h);
        out.push('\n');
    }
    for (k, f) in functions.iter().enumerate() {
        if k > 0 {
            out.push('\n');
        }
        out.push_str(f);
    }
    Ok(out)
}

/// The module's functions with bodies, each after every function it calls (HLSL needs a
/// declaration before a call), otherwise in module order.
fn call_order(m: &Module) -> Vec<crate::ir::Func> {
    use crate::ir::{Func, Opcode};
    let root = m.root();
    let mut funcs: Vec<Inst> = Vec::new();
    for f in m.children(root) {
        if m.opcode(f) == Opcode::Func && m.first_child(f).is_some() {
            funcs.push(f);
        }
    }
    let mut done = crate::util::map::Set::default();
    let mut out = Vec::with_capacity(funcs.len());
    for &f in &funcs {
        // Depth-first, post-order, with an explicit stack (the IR has no recursion).
        let mut stack = vec![(f, false)];
        while let Some((g, expanded)) = stack.pop() {
            if done.contains(&g) {
                continue;
            }
            if expanded {
                done.insert(g);
                out.push(Func(g));
                continue;
            }
            stack.push((g, true));
            for b in m.children(g) {
                for i in m.children(b) {
                    if m.opcode(i) == Opcode::Call {
                        let callee = m.operand(i, 0);
                        if m.first_child(callee).is_some() && !done.contains(&callee) {
                            stack.push((callee, false));
                        }
                    }
                }
            }
        }
    }
    out
}

/// The binding `num_workgroups` is read from when the options name none: group 0, the
/// binding after the last one the module uses there.
pub fn default_num_workgroups_binding(m: &Module) -> (u32, u32) {
    let root = m.root();
    let word = |v: Inst, op| crate::raise::plan::decoration_u32(m, v, op);
    let last = m
        .children(root)
        .filter(|&v| m.opcode(v) == crate::ir::Opcode::Var)
        .filter(|&v| word(v, crate::ir::Opcode::DecoGroup) == Some(0))
        .filter_map(|v| word(v, crate::ir::Opcode::DecoBinding))
        .max();
    (0, last.map_or(0, |b| b + 1))
}
