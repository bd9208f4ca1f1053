//! The [`Writer`]: module-level state, the sections of a SPIR-V module, entry points and
//! their interfaces, and the final assembly of the words.

use super::encode::Section;
use super::function::FnState;
use super::types::{ConstKey, TyKey};
use super::{DebugSource, Error, Options, Result};
use crate::diag::{LineIndex, codes};
use crate::ir::{Func, Inst, Module, Opcode};
use crate::util::map::{Map, Set};
use spirv::{Capability, Op};

/// Writes one legalized IR module as SPIR-V words.
pub struct Writer<'a> {
    pub(super) m: &'a Module,
    pub(super) opts: &'a Options,
    pub(super) debug: Option<DebugSource<'a>>,
    pub(super) line_index: Option<LineIndex<'a>>,
    pub(super) file_id: u32,
    next_id: u32,
    /// The SPIR-V id of each IR instruction (0: none yet): types, constants, variables,
    /// functions, blocks and values.
    pub(super) ids: Vec<u32>,
    /// Capabilities and extensions, sorted and without repeats (the order they are
    /// written in).
    caps: Vec<u32>,
    exts: Vec<&'static str>,
    glsl: u32,
    pub(super) entry_points: Section,
    pub(super) exec_modes: Section,
    pub(super) debug_strings: Section,
    pub(super) names: Section,
    pub(super) annotations: Section,
    pub(super) globals: Section,
    pub(super) functions: Section,
    pub(super) ty_cache: Map<TyKey, u32>,
    pub(super) const_cache: Map<ConstKey, u32>,
    /// Structs that are their own buffer's `Block` (decorated once).
    pub(super) block_structs: Set<u32>,
    /// Wrappers whose member already has its matrix layout.
    pub(super) laid_out_wrappers: Set<u32>,
    pub(super) spec_ids: Map<Inst, u32>,
    /// The module-scope variables each function uses, its callees' included.
    pub(super) uses_of: Map<Inst, Vec<Inst>>,
    pub(super) fx: FnState,
    /// Private variables whose initializer each entry point stores at its start.
    pub(super) deferred_inits: Vec<Inst>,
    /// Whether a `WorkgroupSize` built-in was declared (one per module).
    pub(super) workgroup_size_builtin: bool,
}

impl<'a> Writer<'a> {
    pub fn new(m: &'a Module, opts: &'a Options, debug: Option<DebugSource<'a>>) -> Writer<'a> {
        Writer {
            m,
            opts,
            debug,
            line_index: None,
            file_id: 0,
            next_id: 1,
            ids: vec![0; m.capacity()],
            caps: Vec::new(),
            exts: Vec::new(),
            glsl: 0,
            entry_points: Section::default(),
            exec_modes: Section::default(),
            debug_strings: Section::default(),
            names: Section::default(),
            annotations: Section::default(),
            globals: Section::default(),
            functions: Section::default(),
            ty_cache: Map::default(),
            const_cache: Map::default(),
            block_structs: Set::default(),
            laid_out_wrappers: Set::default(),
            spec_ids: Map::default(),
            uses_of: Map::default(),
            fx: FnState::default(),
            deferred_inits: Vec::new(),
            workgroup_size_builtin: false,
        }
    }

    /// A fresh id.
    #[inline]
    pub(super) fn alloc(&mut self) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    pub(super) fn capability(&mut self, c: Capability) {
        insert_sorted(&mut self.caps, c as u32);
    }

    pub(super) fn extension(&mut self, e: &'static str) {
        insert_sorted(&mut self.exts, e);
    }

    /// The id of the `GLSL.std.450` import.
    pub(super) fn glsl(&mut self) -> u32 {
        if self.glsl == 0 {
            self.glsl = self.alloc();
        }
        self.glsl
    }

    /// The id of an IR function, block or local value (allocated on first mention, so
    /// forward references work).
    pub(super) fn local_id(&mut self, i: Inst) -> u32 {
        let known = self.ids[i.index()];
        if known != 0 {
            return known;
        }
        let id = self.alloc();
        self.ids[i.index()] = id;
        id
    }

    /// Writes the module.
    pub fn write(mut self) -> Result<Vec<u32>> {
        let m = self.m;
        if let Some(d) = self.debug.filter(|_| self.opts.debug_info()) {
            self.line_index = Some(LineIndex::new(d.text));
            self.file_id = self.alloc();
            let id = self.file_id;
            self.debug_strings
                .op_str(Op::String, &[id], d.file_name, &[]);
        }
        self.capability(Capability::Shader);
        self.assign_spec_ids();
        let funcs = crate::ir::edit::functions(m);
        for &f in &funcs {
            self.local_id(f.inst());
        }
        self.compute_global_uses(&funcs);
        for &f in &funcs {
            self.function(f)?;
        }
        if self.entry_points.words.is_empty() {
            self.unused_entry_point()?;
        }
        self.finish()
    }

    /// The module-scope variables each function uses, directly or through calls (the IR
    /// has no recursion, so callees are done first in a post-order).
    fn compute_global_uses(&mut self, funcs: &[Func]) {
        let m = self.m;
        let mut direct: Map<Inst, (Vec<Inst>, Vec<Inst>)> = Map::default();
        for &f in funcs {
            let mut vars = Vec::new();
            let mut callees = Vec::new();
            let mut seen = Set::default();
            for b in m.blocks(f) {
                for i in m.children(b.inst()) {
                    if m.opcode(i) == Opcode::Call {
                        if let Some(c) = m.operand_opt(i, 0) {
                            callees.push(c);
                        }
                    }
                    for x in m.operands(i) {
                        if m.opcode(x) == Opcode::Var && m.is_global(x) && seen.insert(x) {
                            vars.push(x);
                        }
                    }
                }
            }
            direct.insert(f.inst(), (vars, callees));
        }
        // Post-order over the call graph with an explicit stack.
        let mut done: Map<Inst, Vec<Inst>> = Map::default();
        for &f in funcs {
            let mut stack = vec![(f.inst(), false)];
            while let Some((g, expanded)) = stack.pop() {
                if done.contains_key(&g) {
                    continue;
                }
                let Some((vars, callees)) = direct.get(&g) else {
                    done.insert(g, Vec::new());
                    continue;
                };
                if !expanded {
                    stack.push((g, true));
                    for &c in callees {
                        if !done.contains_key(&c) {
                            stack.push((c, false));
                        }
                    }
                    continue;
                }
                let mut all = vars.clone();
                let mut seen: Set<Inst> = all.iter().copied().collect();
                for c in callees {
                    if let Some(cv) = done.get(c) {
                        for &v in cv {
                            if seen.insert(v) {
                                all.push(v);
                            }
                        }
                    }
                }
                done.insert(g, all);
            }
        }
        self.uses_of = done;
    }

    /// A module without entry points (a WGSL library) still needs one to be a valid
    /// shader module: an empty compute shader, as other WGSL compilers add.
    fn unused_entry_point(&mut self) -> Result<()> {
        let void = self.key_type(TyKey::Void)?;
        let fty = self.key_type(TyKey::Function {
            ret: void,
            params: Vec::new(),
        })?;
        let (f, label) = (self.alloc(), self.alloc());
        self.functions.op(Op::Function, &[void, f, 0, fty]);
        self.functions.op(Op::Label, &[label]);
        self.functions.op(Op::Return, &[]);
        self.functions.op(Op::FunctionEnd, &[]);
        self.entry_points.op_str(
            Op::EntryPoint,
            &[spirv::ExecutionModel::GLCompute as u32, f],
            "unused_entry_point",
            &[],
        );
        self.exec_modes.op(
            Op::ExecutionMode,
            &[f, spirv::ExecutionMode::LocalSize as u32, 1, 1, 1],
        );
        Ok(())
    }

    fn finish(mut self) -> Result<Vec<u32>> {
        let mut head = Section::default();
        for &c in &self.caps {
            head.op(Op::Capability, &[c]);
        }
        for e in &self.exts {
            head.op_str(Op::Extension, &[], e, &[]);
        }
        if self.glsl != 0 {
            head.op_str(Op::ExtInstImport, &[self.glsl], "GLSL.std.450", &[]);
        }
        head.op(
            Op::MemoryModel,
            &[
                spirv::AddressingModel::Logical as u32,
                spirv::MemoryModel::GLSL450 as u32,
            ],
        );
        // Everything before the functions, then the functions' own words moved behind
        // it in their buffer: the module's words are never held twice (the functions
        // are most of a large module).
        let mut out = Vec::with_capacity(
            5 + head.words.len()
                + self.entry_points.words.len()
                + self.exec_modes.words.len()
                + self.debug_strings.words.len()
                + self.names.words.len()
                + self.annotations.words.len()
                + self.globals.words.len(),
        );
        out.extend_from_slice(&[
            spirv::MAGIC_NUMBER,
            self.opts.version().word(),
            0,
            self.next_id,
            0,
        ]);
        let mut overflow = head.overflow;
        for s in [
            &mut head,
            &mut self.entry_points,
            &mut self.exec_modes,
            &mut self.debug_strings,
            &mut self.names,
            &mut self.annotations,
            &mut self.globals,
        ] {
            overflow |= s.overflow;
            out.append(&mut s.words);
        }
        overflow |= self.functions.overflow;
        out.append(&mut self.functions.words);
        if overflow {
            return Err(Error::new(
                codes::SPIRV_LIMIT,
                "an instruction of this module would be longer than SPIR-V's limit of 65,535 words (a very large array constant, switch or entry-point interface)",
                None,
            ));
        }
        Ok(out)
    }
}

/// Adds `x` to the sorted set `set` unless it is there: a handful of elements, where a
/// vector does what a `BTreeSet` would without bringing the B-tree's code into the wasm.
fn insert_sorted<T: Ord>(set: &mut Vec<T>, x: T) {
    if let Err(at) = set.binary_search(&x) {
        set.insert(at, x);
    }
}
