//! The SPIR-V back end: IR → legalized IR → binary words, plus a disassembler.
//!
//! # Pipeline
//!
//! [`compile`] clones the module, runs the SPIR-V legalization ([`legalize`]) on the
//! clone, so the shared IR the other back ends see is untouched, and hands it to the
//! [`Writer`]. Legalization rewrites what WGSL defines and SPIR-V leaves undefined
//! (integer division by zero, over-wide shifts, float→int overflow, `clamp` with crossed
//! bounds, …) into plain IR: a list of the shared transforms ([`crate::transform`]) chosen
//! for the options, and SPIR-V's own `uniform-std140`, run through the pass manager,
//! which verifies after each one in debug builds. What is left for the writer maps onto
//! SPIR-V one IR instruction at a time.
//!
//! # The writer's rules
//!
//! - **One IR block, one SPIR-V block** — except a loop header, which becomes two: a
//!   header holding the `OpPhi`s, `OpLoopMerge` and an `OpBranch` to a second block that
//!   holds the IR header's instructions. The IR's `loop` terminator ends the preheader, so
//!   back edges and the preheader's branch both target the first block, and the second
//!   may itself end in a selection (SPIR-V forbids a block carrying two merge
//!   instructions). No other instruction expands into control flow: legalization does
//!   that in the IR, where it is checked by the verifier.
//! - **Block parameters become `OpPhi`s.** An edge's values ride on the branch in the IR;
//!   the writer turns each incoming edge into a `(value, predecessor)` pair. The IR's
//!   `break if` (an `if_else` at the top level of the continue construct whose arms only
//!   branch to the loop's merge and back to its header) becomes one
//!   `OpBranchConditional %c %merge %header` in the back-edge block: the arms disappear
//!   and their arguments become phi entries from that block.
//! - **Blocks in structure-tree order.** Headers come before their regions and merges
//!   after, which is the order SPIR-V asks for (every block after its dominators).
//!   A block the IR cannot reach becomes `OpUnreachable`, except the unreachable continue
//!   target of a reachable loop, which must still branch back to its header.
//! - **Types and constants once each**, by SPIR-V shape: `atomic<u32>` and `u32` are the
//!   same `OpTypeInt`, `sampler` and `sampler_comparison` the same `OpTypeSampler`.
//! - **Buffers are wrapped.** A `uniform` or `storage` variable's store type is wrapped
//!   in a `Block` struct `{ T }` (so a bare array, scalar or matrix can be a buffer, and a
//!   struct may also appear nested elsewhere); a struct ending in a runtime-sized array is
//!   itself the block. Pointer uses of a wrapped variable go through member 0.
//! - **Entry points are `void()`.** Their parameters are loaded from `Input` variables at
//!   the top of the entry block, and `return` stores to `Output` variables.
//! - **Capabilities and extensions** are collected as instructions that need them are
//!   written, so the module declares exactly what it uses.
//!
//! # `discard` and demotion
//!
//! WGSL's `discard` statement *demotes* the invocation to a helper, which keeps running
//! for derivatives; the IR writes it as the instruction `demote`. SPIR-V 1.6 has
//! `OpDemoteToHelperInvocation`; earlier versions need `SPV_EXT_demote_to_helper_invocation`,
//! which Vulkan 1.1 devices need not support. So below SPIR-V 1.6, unless
//! [`Options::demote_extension`] is set, the shared transform `demote-to-helper` emulates
//! demotion the way WebGPU implementations do: a private flag records the demotion,
//! writes to storage memory are skipped while it is set, and every `return` of the
//! fragment entry point ends in the IR's `discard` terminator when it is set. The
//! terminator `discard` (which ends the invocation) is `OpTerminateInvocation` on SPIR-V
//! 1.6 and `OpKill` before.

mod builtins;
mod disasm;
mod encode;
mod function;
mod image;
pub mod legalize;
mod ops;
mod types;
mod writer;

pub use disasm::disassemble;
pub use writer::Writer;

use crate::diag::{Diagnostic, codes};
use crate::ir::{Inst, Module, Opcode};

/// A SPIR-V version, `major.minor`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Version {
    pub major: u8,
    pub minor: u8,
}

impl Version {
    pub const V1_3: Version = Version { major: 1, minor: 3 };
    pub const V1_4: Version = Version { major: 1, minor: 4 };
    pub const V1_5: Version = Version { major: 1, minor: 5 };
    pub const V1_6: Version = Version { major: 1, minor: 6 };

    /// Parses `1.3` … `1.6`, the versions this back end writes.
    pub fn parse(s: &str) -> Option<Version> {
        let v = match s.trim() {
            "1.3" => Version::V1_3,
            "1.4" => Version::V1_4,
            "1.5" => Version::V1_5,
            "1.6" => Version::V1_6,
            _ => return None,
        };
        Some(v)
    }

    /// The header word: `0x00MMmm00`.
    pub fn word(self) -> u32 {
        (u32::from(self.major) << 16) | (u32::from(self.minor) << 8)
    }
}

impl std::fmt::Display for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// The Vulkan environment the module is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TargetEnv {
    Vulkan1_1,
    Vulkan1_2,
    Vulkan1_3,
}

impl TargetEnv {
    pub fn parse(s: &str) -> Option<TargetEnv> {
        match s.trim() {
            "vulkan1.1" => Some(TargetEnv::Vulkan1_1),
            "vulkan1.2" => Some(TargetEnv::Vulkan1_2),
            "vulkan1.3" => Some(TargetEnv::Vulkan1_3),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            TargetEnv::Vulkan1_1 => "vulkan1.1",
            TargetEnv::Vulkan1_2 => "vulkan1.2",
            TargetEnv::Vulkan1_3 => "vulkan1.3",
        }
    }

    /// The highest SPIR-V version the environment consumes.
    pub fn max_version(self) -> Version {
        match self {
            // Vulkan 1.1 takes SPIR-V 1.4 with VK_KHR_spirv_1_4.
            TargetEnv::Vulkan1_1 => Version::V1_4,
            TargetEnv::Vulkan1_2 => Version::V1_5,
            TargetEnv::Vulkan1_3 => Version::V1_6,
        }
    }

    /// The version written when only the environment is given.
    pub fn default_version(self) -> Version {
        match self {
            TargetEnv::Vulkan1_1 => Version::V1_3,
            TargetEnv::Vulkan1_2 => Version::V1_5,
            TargetEnv::Vulkan1_3 => Version::V1_6,
        }
    }

    /// The smallest environment that consumes `v`.
    pub fn for_version(v: Version) -> TargetEnv {
        if v <= Version::V1_4 {
            TargetEnv::Vulkan1_1
        } else if v == Version::V1_5 {
            TargetEnv::Vulkan1_2
        } else {
            TargetEnv::Vulkan1_3
        }
    }
}

/// Options of the SPIR-V back end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub version: Version,
    pub target_env: TargetEnv,
    /// Write `OpName`/`OpMemberName` from debug names and `OpLine` from spans.
    pub debug_info: bool,
    /// Below SPIR-V 1.6, use `SPV_EXT_demote_to_helper_invocation` for `demote` instead of
    /// emulating it (see the module documentation).
    pub demote_extension: bool,
    /// The file name `OpString` records for `OpLine` (with `debug_info`).
    pub source_name: Option<String>,
    /// Run `simplify`, `gvn` and `cleanup` after legalization (what `-O2` asks for):
    /// the legalizing transforms leave work for them (see [`legalize`]).
    pub optimize: bool,
    /// The device discards out-of-bounds image writes and reads out-of-bounds texels as
    /// zero (Vulkan's `robustImageAccess`, core in 1.3, or `robustImageAccess2`, enabled
    /// when the device was created), which WGSL allows for `textureLoad` and requires for
    /// `textureStore`: the `texture-bounds` transform, which clamps every load and guards
    /// every store with the texture's size, is then left out. Off by default: without
    /// that feature an out-of-bounds image access is undefined behaviour in Vulkan.
    pub robust_image_access: bool,
    /// Verify the module before legalizing it (the writer assumes a verified module):
    /// on by default, for modules built through the Rust API; the driver clears it for
    /// its own lowering's and passes' modules (unless `--verify`).
    pub verify_input: bool,
}

/// The SPIR-V version written unless the options choose another.
const DEFAULT_VERSION: Version = Version::V1_3;

impl Default for Options {
    fn default() -> Self {
        Options {
            version: DEFAULT_VERSION,
            target_env: TargetEnv::Vulkan1_1,
            debug_info: false,
            demote_extension: false,
            source_name: None,
            optimize: false,
            robust_image_access: false,
            verify_input: true,
        }
    }
}

impl Options {
    /// [`Options::debug_info`] as the writer reads it: never in the npm package, whose JS
    /// API sets none of these options, so the code that writes debug info stays out of
    /// the `.wasm` (the package's size budget). The same holds for the version and the
    /// target environment below: the package writes the defaults.
    pub(crate) fn debug_info(&self) -> bool {
        !cfg!(target_arch = "wasm32") && self.debug_info
    }

    /// [`Options::version`] as the writer reads it: the default in the npm package.
    pub(crate) fn version(&self) -> Version {
        if cfg!(target_arch = "wasm32") {
            DEFAULT_VERSION
        } else {
            self.version
        }
    }

    /// [`Options::demote_extension`] as the writer reads it: off in the npm package.
    fn demote_extension(&self) -> bool {
        !cfg!(target_arch = "wasm32") && self.demote_extension
    }

    /// Options from the CLI's `--spirv-version` and `--target-env` values (either may be
    /// absent): one implies the other, and both must agree.
    pub fn from_flags(
        version: Option<&str>,
        env: Option<&str>,
    ) -> std::result::Result<Options, Diagnostic> {
        let bad = |msg: String| Diagnostic::error(codes::SPIRV_BAD_OPTION, msg);
        let version = match version {
            Some(s) => Some(Version::parse(s).ok_or_else(|| {
                bad(format!(
                    "unknown SPIR-V version `{s}`; refract writes 1.3, 1.4, 1.5 and 1.6"
                ))
            })?),
            None => None,
        };
        let env = match env {
            Some(s) => Some(TargetEnv::parse(s).ok_or_else(|| {
                bad(format!(
                    "unknown target environment `{s}`; refract targets vulkan1.1, vulkan1.2 and vulkan1.3"
                ))
            })?),
            None => None,
        };
        let (version, target_env) = match (version, env) {
            (None, None) => (Version::V1_3, TargetEnv::Vulkan1_1),
            (Some(v), None) => (v, TargetEnv::for_version(v)),
            (None, Some(e)) => (e.default_version(), e),
            (Some(v), Some(e)) => {
                if v > e.max_version() {
                    return Err(bad(format!(
                        "{} consumes SPIR-V up to {}, not {v}",
                        e.name(),
                        e.max_version()
                    )));
                }
                (v, e)
            }
        };
        Ok(Options {
            version,
            target_env,
            ..Options::default()
        })
    }

    /// Whether `OpDemoteToHelperInvocation` is available (core or by extension).
    pub fn has_demote(&self) -> bool {
        self.version() >= Version::V1_6 || self.demote_extension()
    }

    /// [`Options::robust_image_access`] as legalization reads it: off in the npm package,
    /// whose JS API does not set it.
    pub fn robust_image_access(&self) -> bool {
        !cfg!(target_arch = "wasm32") && self.robust_image_access
    }

    /// Whether workgroup variables may have a zero initializer
    /// (VK_KHR_zero_initialize_workgroup_memory, core in Vulkan 1.3).
    pub fn zero_initializes_workgroup(&self) -> bool {
        // The package writes for the default environment (see `debug_info`).
        !cfg!(target_arch = "wasm32") && self.target_env >= TargetEnv::Vulkan1_3
    }
}

/// The source text that spans point into, for `OpLine` and `OpString`.
#[derive(Clone, Copy, Debug)]
pub struct DebugSource<'a> {
    pub file_name: &'a str,
    pub text: &'a str,
}

/// A failure to write SPIR-V: a code from the E4500 range, a message, and the IR
/// instruction at fault when there is one.
///
/// Boxed, so that a `Result` of the writer is one word wider than its value: the writer
/// passes errors up through hundreds of `?`s, and a three-word error made each of them a
/// three-word copy (about 5 KB of the WebAssembly build).
#[derive(Clone, Debug)]
pub struct Error(Box<ErrorParts>);

#[derive(Clone, Debug)]
pub struct ErrorParts {
    pub code: &'static str,
    pub message: String,
    pub at: Option<Inst>,
}

impl std::ops::Deref for Error {
    type Target = ErrorParts;
    fn deref(&self) -> &ErrorParts {
        &self.0
    }
}

impl Error {
    pub fn new(code: &'static str, message: impl Into<String>, at: Option<Inst>) -> Error {
        Error(Box::new(ErrorParts {
            code,
            message: message.into(),
            at,
        }))
    }

    pub(crate) fn unsupported(message: impl Into<String>, at: Inst) -> Error {
        Error::new(codes::SPIRV_UNSUPPORTED, message, Some(at))
    }

    pub(crate) fn malformed(message: impl Into<String>, at: Inst) -> Error {
        Error::new(codes::SPIRV_MALFORMED_IR, message, Some(at))
    }

    /// The diagnostic, labelled with the instruction's span when it has one.
    pub fn to_diagnostic(&self, m: &Module) -> Diagnostic {
        let d = Diagnostic::error(self.code, self.message.clone());
        match self.at.map(|i| m.span(i)) {
            Some(span) if !span.is_detached() => d.with_primary(span, "here"),
            _ => d,
        }
    }
}

pub type Result<T> = std::result::Result<T, Error>;

/// Verifies `module`, legalizes a copy of it for SPIR-V and writes that.
pub fn compile(
    module: &Module,
    options: &Options,
    debug: Option<DebugSource<'_>>,
) -> std::result::Result<Vec<u32>, Vec<Diagnostic>> {
    compile_owned(module.clone(), options, debug)
}

/// [`compile`] for a module nothing reads again (a compile's last product): legalizes
/// the module itself rather than a copy, which saves a copy of the whole module at the
/// compile's peak of memory.
pub fn compile_owned(
    mut m: Module,
    options: &Options,
    debug: Option<DebugSource<'_>>,
) -> std::result::Result<Vec<u32>, Vec<Diagnostic>> {
    // The writer's precondition, for modules from outside (see `Options::verify_input`).
    if crate::ir::verify::AVAILABLE && options.verify_input {
        crate::ir::verify(&m)?;
    }
    unsupported_buffers(&m)?;
    legalize::run(
        &mut m,
        options,
        &crate::passes::manager::RunOptions::default(),
    )?;
    write(&m, options, debug).map_err(|e| vec![e.to_diagnostic(&m)])
}

/// The module-scope variables of a `buffer` type (the `buffer_view` language
/// extension), each reported at its declaration. Their typed views at byte offsets need
/// untyped pointers, which SPIR-V for Vulkan 1.1 lacks.
fn unsupported_buffers(m: &Module) -> std::result::Result<(), Vec<Diagnostic>> {
    // A loop rather than a filter/map/collect chain: each chain was its own copy of the
    // iterator code in the package.
    let mut diags: Vec<Diagnostic> = Vec::new();
    for v in m.children(m.root()) {
        if m.opcode(v) == Opcode::Var
            && m.ty(v)
                .and_then(|t| m.ptr_parts(t))
                .is_some_and(|(_, store, _)| {
                    matches!(m.opcode(store), Opcode::Buffer | Opcode::RuntimeBuffer)
                })
        {
            diags.push(
                Error::unsupported(
                    "`buffer` types (the `buffer_view` language extension) are not supported by the SPIR-V back end yet",
                    v,
                )
                .to_diagnostic(m),
            );
        }
    }
    if diags.is_empty() { Ok(()) } else { Err(diags) }
}

/// Writes an already legalized module.
pub fn write(
    module: &Module,
    options: &Options,
    debug: Option<DebugSource<'_>>,
) -> Result<Vec<u32>> {
    Writer::new(module, options, debug).write()
}
