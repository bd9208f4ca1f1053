//! The verifier: checks every rule of the IR essay and reports each violation as a
//! diagnostic whose message starts with the rule's name (`no-critical-edges: …`).
//!
//! It runs after parsing and, in debug builds and tests, after every pass. It never
//! panics on a malformed module: every question it asks of the module tolerates garbage.
//! Checks run in order of dependency: module scope and types first, then per function the
//! block shapes, then (only if those hold) the CFG, SSA dominance and structured control
//! flow, then operand types.
//!
//! # When it runs
//!
//! Like Cranelift's `enable_verifier`, verification is a setting, not a step of every
//! compile. After lowering and after each pass it runs in debug builds and tests
//! ([`crate::passes::VERIFY_EACH_PASS`]), which is where a pass that breaks a rule is
//! caught: every test run checks every step on the whole corpus; a release build does so
//! when asked (`compile --verify`, `CompileOptions::verify`). A module from outside is
//! verified where it comes in: `refract ir` verifies the IR it reads, and the SPIR-V
//! back end's Rust API verifies the module it is handed (the writer assumes a verified
//! module) unless told it is the compiler's own (`back::spirv::Options::verify_input`,
//! which the driver clears: a compile from WGSL hands it lowering's and the passes'
//! module, which the tests verify at every step; verifying it again was a tenth of a
//! release compile's time).
//!
//! The release wasm build leaves the verifier out ([`AVAILABLE`]). The npm package reads
//! only WGSL, so a check could only catch a refract bug the tests already look for, and
//! it costs about 5 % of the `.wasm`. A bug it would have caught shows up instead as the
//! writer's own malformed-module error or, at worst, an internal-error diagnostic (E0006).

mod builtins;
mod forms;
mod typing;

use super::cfg::{self, Cfg, DomTree, is_edge_operand, terminator};
use super::enums::{AccessMode, AddressSpace};
use super::module::{Block, Func, Inst, Module};
use super::opcode::{Class, Opcode};
pub use super::rule::Rule;
use super::structure::StructureTree;
use crate::diag::{Diagnostic, Span};
use crate::sema::program::{BuiltinValue, ShaderStage};
use crate::sema::validate::entry::{self, Dir};
use crate::util::map::{Map, Set};

/// Whether this build verifies at all: every native build and every build with debug
/// assertions; not the release wasm build, which links no verifier (see the module
/// documentation). Every optional verification is `AVAILABLE && asked`.
pub const AVAILABLE: bool = !cfg!(target_arch = "wasm32") || cfg!(debug_assertions);

/// One violation: the rule, the instruction at fault, and what is wrong.
#[derive(Clone, Debug)]
pub struct VerifyError {
    pub rule: Rule,
    pub at: Inst,
    pub message: String,
}

/// Verifies a module. Diagnostics point at the instructions' spans (the IR text after
/// parsing, the WGSL source after lowering); see [`verify_printed`] for modules whose
/// spans are missing or stale.
pub fn verify(m: &Module) -> Result<(), Vec<Diagnostic>> {
    let errors = verify_errors(m);
    if errors.is_empty() {
        return Ok(());
    }
    Err(errors
        .iter()
        .map(|e| to_diagnostic(e, span_near(m, e.at)))
        .collect())
}

/// Verifies a module and, on failure, returns the printed module with diagnostics whose
/// spans point into that text (what the pass pipeline reports after a pass).
pub fn verify_printed(m: &Module) -> Result<(), (String, Vec<Diagnostic>)> {
    let errors = verify_errors(m);
    if errors.is_empty() {
        return Ok(());
    }
    let (text, spans) = super::print::print_with_spans(m);
    let span_of = |i: Inst| -> Span {
        let mut cur = Some(i);
        while let Some(x) = cur {
            if let Some(s) = spans.get(x.index()).filter(|s| !s.is_detached()) {
                return *s;
            }
            cur = m.parent(x);
        }
        Span::DETACHED
    };
    let diags = errors
        .iter()
        .map(|e| to_diagnostic(e, span_of(e.at)))
        .collect();
    Err((text, diags))
}

/// The span of `i`, or of its nearest ancestor that has one.
fn span_near(m: &Module, i: Inst) -> Span {
    let mut cur = Some(i);
    while let Some(x) = cur {
        if !m.contains(x) {
            break;
        }
        let s = m.span(x);
        if !s.is_detached() {
            return s;
        }
        cur = m.parent(x);
    }
    Span::DETACHED
}

fn to_diagnostic(e: &VerifyError, span: Span) -> Diagnostic {
    let d = Diagnostic::error(e.rule.code(), format!("{}: {}", e.rule.name(), e.message));
    if span.is_detached() {
        d
    } else {
        d.with_primary(span, format!("breaks rule `{}`", e.rule.name()))
    }
}

/// Every violation in the module, in module order.
pub fn verify_errors(m: &Module) -> Vec<VerifyError> {
    let mut v = Verifier {
        m,
        errors: Vec::new(),
        order: vec![u32::MAX; m.capacity()],
        scratch: Vec::new(),
    };
    v.module();
    v.errors
}

struct Verifier<'m> {
    m: &'m Module,
    errors: Vec<VerifyError>,
    /// Position of each instruction within its block (params included), for
    /// same-block dominance.
    order: Vec<u32>,
    /// Reused operand buffer for the typing checks.
    scratch: Vec<Inst>,
}

pub(crate) fn name(m: &Module, i: Inst) -> String {
    super::print::operand_to_string(m, i)
}

impl Verifier<'_> {
    fn err(&mut self, rule: Rule, at: Inst, message: String) {
        self.errors.push(VerifyError { rule, at, message });
    }

    fn name(&self, i: Inst) -> String {
        name(self.m, i)
    }

    // ---- module scope ---------------------------------------------------------------------

    fn module(&mut self) {
        let m = self.m;
        let root = m.root();
        let mut keys: Map<(Opcode, Option<Inst>, u32, Vec<Inst>), Inst> = Map::default();
        let mut funcs = Vec::new();
        for c in m.children(root) {
            if !self.typed(c) {
                continue;
            }
            let op = m.opcode(c);
            self.decorations(c);
            if op.is_hoistable() {
                let literal = if op == Opcode::Constant {
                    m.literal(c)
                } else {
                    0
                };
                let key = (op, m.ty(c), literal, m.operands_vec(c));
                if let Some(&first) = keys.get(&key) {
                    let msg = format!(
                        "{} duplicates {}: global values are deduplicated",
                        self.name(c),
                        self.name(first)
                    );
                    self.err(Rule::Hoisting, c, msg);
                } else {
                    keys.insert(key, c);
                }
            }
            for x in m.operands(c) {
                if !m.is_global(x) || m.is_dead(x) {
                    self.err(
                        Rule::OperandScope,
                        c,
                        format!(
                            "a module-scope instruction uses {}, which is not a module-scope value",
                            self.name(x)
                        ),
                    );
                }
            }
            match op {
                _ if op.is_type() => {
                    if op == Opcode::Struct {
                        self.struct_type(c);
                    }
                    if let Err((rule, msg)) = forms::check_type(m, c) {
                        self.err(rule, c, msg);
                    }
                }
                _ if op.is_constant() => {
                    if let Err((rule, msg)) = forms::check_constant(m, c) {
                        self.err(rule, c, msg);
                    }
                }
                Opcode::Var => self.global_var(c),
                Opcode::Override => {
                    if let Err((rule, msg)) = typing::check_inst(m, c, None) {
                        self.err(rule, c, msg);
                    }
                }
                Opcode::Func | Opcode::Generic => funcs.push(c),
                _ if op.is_pure() => {
                    if let Err((rule, msg)) = typing::check_inst(m, c, None) {
                        self.err(rule, c, msg);
                    }
                }
                _ => {
                    let msg = format!(
                        "`{}` cannot be at module scope (only types, constants, variables, overrides, functions and pure operations on module-scope values can)",
                        op.name()
                    );
                    self.err(Rule::ModuleScope, c, msg);
                }
            }
        }
        self.type_cycles();
        self.value_cycles();
        for &f in &funcs {
            self.function(Func(f));
        }
        self.entry_points(&funcs);
        self.linkage();
        if let Some((callees, order)) = self.recursion(&funcs) {
            self.stage_rules(&funcs, &callees, &order);
            self.entry_bindings(&funcs, &callees);
        }
        self.use_lists();
    }

    /// The instruction has a type, and it is a type. Reports and returns false if not.
    fn typed(&mut self, i: Inst) -> bool {
        let m = self.m;
        match m.ty(i) {
            None => {
                self.err(Rule::Typed, i, "the instruction has no type".into());
                false
            }
            Some(t) if m.is_dead(t) => {
                self.err(Rule::Typed, i, "the instruction's type was removed".into());
                false
            }
            Some(t) if !m.is_type_valued(t) => {
                let msg = format!("the instruction's type {} is not a type", self.name(t));
                self.err(Rule::Typed, i, msg);
                false
            }
            Some(_) => true,
        }
    }

    fn struct_type(&mut self, s: Inst) {
        let m = self.m;
        let mut last_offset: Option<u32> = None;
        for f in m.children(s) {
            if m.opcode(f) != Opcode::Field {
                let msg = format!("a struct holds only fields, not `{}`", m.opcode(f).name());
                self.err(Rule::Containment, f, msg);
                continue;
            }
            if !self.typed(f) {
                continue;
            }
            self.decorations(f);
            if let Some(o) = m
                .decoration(f, Opcode::DecoOffset)
                .and_then(|d| m.operand_opt(d, 0))
                .and_then(|x| m.const_u32(x))
            {
                if last_offset.is_some_and(|l| o <= l && !(o == 0 && l == 0)) {
                    let msg = format!(
                        "member offsets must increase, but {o} follows {}",
                        last_offset.unwrap_or(0)
                    );
                    self.err(Rule::Decoration, f, msg);
                }
                last_offset = Some(o);
            }
        }
        // WGSL rounds a struct's size up to its alignment; a `@size` that is not a
        // multiple has no WGSL spelling (the last member's `@size` would make it larger,
        // past 2^32 − 1 bytes for `@size(4294967295)` at alignment 16).
        let size = m
            .decoration(s, Opcode::DecoSize)
            .and_then(|d| m.operand_opt(d, 0))
            .and_then(|x| m.const_u32(x));
        if let (Some(size), Some(l)) = (size, super::layout::layout(m, s)) {
            if l.align > 1 && size % l.align != 0 {
                let msg = format!(
                    "a struct's size must be a multiple of its alignment, but {size} is not a multiple of {}",
                    l.align
                );
                self.err(Rule::Decoration, s, msg);
            }
        }
    }

    fn global_var(&mut self, v: Inst) {
        let m = self.m;
        let Some((space, store, access)) = m.ty(v).and_then(|t| m.ptr_parts(t)) else {
            self.err(
                Rule::ResultType,
                v,
                "a variable's type must be a pointer".into(),
            );
            return;
        };
        if matches!(space, AddressSpace::Uniform | AddressSpace::Immediate)
            && access != AccessMode::Read
        {
            // Uniform buffers and immediate data are read-only (WGSL's access modes;
            // Vulkan refuses stores to them).
            let msg = format!(
                "a variable in the `{}` address space has `read` access, not `{}`",
                space.name(),
                access.name()
            );
            self.err(Rule::AddressSpaceRule, v, msg);
        }
        if space == AddressSpace::Function {
            self.err(
                Rule::AddressSpaceRule,
                v,
                "a module-scope variable cannot be in the `function` address space".into(),
            );
        }
        let handle = m.is_handle_type(store);
        if handle != (space == AddressSpace::Handle) {
            self.err(
                Rule::AddressSpaceRule,
                v,
                "textures and samplers, and only they, live in the `handle` address space".into(),
            );
        }
        if m.num_operands(v) > 0 && !matches!(space, AddressSpace::Private) {
            let msg = format!(
                "a variable in the `{}` address space cannot have an initializer",
                space.name()
            );
            self.err(Rule::AddressSpaceRule, v, msg);
        }
        let needs_binding = matches!(
            space,
            AddressSpace::Uniform | AddressSpace::Storage | AddressSpace::Handle
        );
        let has_binding = m.decoration(v, Opcode::DecoBinding).is_some()
            && m.decoration(v, Opcode::DecoGroup).is_some();
        let imported = m.decoration(v, Opcode::DecoImport).is_some();
        if needs_binding != has_binding
            && m.decoration(v, Opcode::DecoBinding).is_some()
                != m.decoration(v, Opcode::DecoGroup).is_some()
        {
            self.err(
                Rule::Decoration,
                v,
                "`@group` and `@binding` come together".into(),
            );
        } else if needs_binding && !has_binding && !imported {
            // A pipeline binds a resource by its group and binding: one without them
            // could never be given its buffer or texture (an import gets them from the
            // export that defines it).
            let msg = format!(
                "a variable in the `{}` address space needs `@group` and `@binding`",
                space.name()
            );
            self.err(Rule::Decoration, v, msg);
        }
        if !needs_binding
            && (m.decoration(v, Opcode::DecoBinding).is_some()
                || m.decoration(v, Opcode::DecoGroup).is_some())
        {
            // Only a resource is bound by the pipeline (WGSL refuses the rest, E1503).
            let msg = format!(
                "`@group` and `@binding` apply only to resources, not to a variable in the `{}` address space",
                space.name()
            );
            self.err(Rule::Decoration, v, msg);
        }
        if holds(m, store, |m, t| m.ptr_parts(t).is_some()) {
            // A pointer is a value, never memory's contents (WGSL's E1111).
            self.err(
                Rule::AddressSpaceRule,
                v,
                "a variable cannot store a pointer".into(),
            );
        }
        if space != AddressSpace::Storage && crate::ir::layout::is_runtime_sized(m, store) {
            // Only a storage buffer's size is known at run time (WGSL's rule too).
            let msg = format!(
                "a runtime-sized type lives only in the `storage` address space, not `{}`",
                space.name()
            );
            self.err(Rule::AddressSpaceRule, v, msg);
        }
        if matches!(space, AddressSpace::Uniform | AddressSpace::Storage)
            && holds(m, store, |m, t| m.opcode(t) == Opcode::Bool)
        {
            let msg = format!(
                "`bool` has no memory layout a host shares, so it cannot be stored in the `{}` address space",
                space.name()
            );
            self.err(Rule::AddressSpaceRule, v, msg);
        }
        let no_offset = |m: &Module, t: Inst| {
            m.struct_fields(t)
                .into_iter()
                .any(|f| m.decoration(f, Opcode::DecoOffset).is_none())
        };
        if matches!(
            space,
            AddressSpace::Uniform | AddressSpace::Storage | AddressSpace::Immediate
        ) && holds(m, store, no_offset)
        {
            // Memory a host shares has an explicit layout: SPIR-V's Block structs need
            // every member's Offset, and the WGSL writer writes a layout for each member.
            let msg = format!(
                "a struct stored in the `{}` address space needs `@offset` on every field",
                space.name()
            );
            self.err(Rule::Decoration, v, msg);
        }
        if let Err((rule, msg)) = typing::check_inst(m, v, None) {
            self.err(rule, v, msg);
        }
    }

    fn decorations(&mut self, target: Inst) {
        let m = self.m;
        let top = m.opcode(target);
        let parent_op = m.parent(target).map(|p| m.opcode(p));
        for d in m.decorations(target) {
            let op = m.opcode(d);
            let io_target = top == Opcode::Field
                || top == Opcode::Func
                || (top == Opcode::Param
                    && parent_op == Some(Opcode::Block)
                    && m.parent(target).and_then(|b| m.parent(b)).is_some_and(|f| {
                        m.opcode(f) == Opcode::Func && m.first_child(f) == m.parent(target)
                    }));
            let ok_target = match op {
                Opcode::DecoBuiltin
                | Opcode::DecoLocation
                | Opcode::DecoBlendSrc
                | Opcode::DecoInterpolate
                | Opcode::DecoInvariant => io_target,
                Opcode::DecoGroup | Opcode::DecoBinding => {
                    top == Opcode::Var && m.is_global(target)
                }
                Opcode::DecoId => top == Opcode::Override,
                Opcode::DecoVertex
                | Opcode::DecoFragment
                | Opcode::DecoCompute
                | Opcode::DecoWorkgroupSize
                | Opcode::DecoSubgroupSize => top == Opcode::Func,
                Opcode::DecoOffset => top == Opcode::Field,
                Opcode::DecoSize | Opcode::DecoAlign => top == Opcode::Struct,
                Opcode::DecoImport | Opcode::DecoExport => {
                    matches!(top, Opcode::Func | Opcode::Var | Opcode::Override)
                        && m.is_global(target)
                }
                _ => false,
            };
            if !ok_target {
                let msg = format!("`@{}` cannot decorate a `{}`", op.name(), top.name());
                self.err(Rule::Decoration, d, msg);
                continue;
            }
            if let Err(msg) = forms::check_decoration(m, d) {
                self.err(Rule::Decoration, d, msg);
            }
        }
    }

    /// No type contains itself, through its operands or a struct's fields (only a
    /// malformed binary module or a self-referencing struct can say so).
    fn type_cycles(&mut self) {
        let m = self.m;
        let parts = |t: Inst| -> Vec<Inst> {
            let mut v: Vec<Inst> = m.operands(t).filter(|&x| m.is_type_valued(x)).collect();
            if m.opcode(t) == Opcode::Struct {
                v.extend(m.struct_fields(t).iter().filter_map(|&f| m.ty(f)));
            }
            v
        };
        let types = m.children(m.root()).filter(|&c| m.opcode(c).is_type());
        if let Some((t, x)) = first_cycle(types, parts) {
            let msg = format!("the type {} contains itself", self.name(x));
            self.err(Rule::TypeForm, t, msg);
        }
    }

    /// Module-scope values (constants, overrides, pure operations) are computed from
    /// each other before anything runs, so none may depend on itself: a back end would
    /// loop, and WGSL refuses the cycle (`override g = g + 1`).
    fn value_cycles(&mut self) {
        let m = self.m;
        let is_value = |x: Inst| {
            let op = m.opcode(x);
            m.is_global(x)
                && !op.is_type()
                && (op.is_hoistable() || op.is_pure() || op == Opcode::Override)
        };
        let parts = |v: Inst| -> Vec<Inst> { m.operands(v).filter(|&x| is_value(x)).collect() };
        let values = m.children(m.root()).filter(|&c| is_value(c));
        if let Some((v, x)) = first_cycle(values, parts) {
            let msg = format!("the module-scope value {} depends on itself", self.name(x));
            self.err(Rule::ModuleScope, v, msg);
        }
    }

    /// `@import` and `@export` (the linker's symbols, `ir/link.rs`): an item has at most
    /// one, is named, and its name is no other linkage item's; an import is only a
    /// declaration (no blocks, initializer, default, binding or `@id`) and no entry point;
    /// a function without blocks is an import.
    fn linkage(&mut self) {
        let m = self.m;
        let mut names: Map<&str, Inst> = Map::default();
        for c in m.children(m.root()) {
            let op = m.opcode(c);
            if !matches!(op, Opcode::Func | Opcode::Var | Opcode::Override) {
                continue;
            }
            let import = m.decoration(c, Opcode::DecoImport).is_some();
            let export = m.decoration(c, Opcode::DecoExport).is_some();
            if op == Opcode::Func && !import && m.first_child(c).is_none() {
                let msg = format!(
                    "{} has no body: a declaration must be `@import`",
                    self.name(c)
                );
                self.err(Rule::Linkage, c, msg);
            }
            if !import && !export {
                continue;
            }
            if import && export {
                let msg = format!("{} is both `@import` and `@export`", self.name(c));
                self.err(Rule::Linkage, c, msg);
            }
            match m.name(c).filter(|n| !n.is_empty() && !n.contains('\0')) {
                None => {
                    let msg = "an imported or exported item needs a name (its symbol)".into();
                    self.err(Rule::Linkage, c, msg);
                }
                Some(n) => {
                    if names.insert(n, c).is_some() {
                        let msg = format!("two imported or exported items are named `{n}`");
                        self.err(Rule::Linkage, c, msg);
                    }
                }
            }
            if !import {
                continue;
            }
            let extra = m
                .decorations(c)
                .find(|&d| !matches!(m.opcode(d), Opcode::DecoImport | Opcode::DecoExport));
            let has_contents = m.first_child(c).is_some() || m.num_operands(c) > 0;
            if has_contents || extra.is_some() {
                let what = match op {
                    Opcode::Func => "a body or a stage",
                    Opcode::Var => "an initializer or a binding",
                    _ => "a default value or an `@id`",
                };
                let msg = format!(
                    "{} is imported, so it cannot have {what}: the export that defines it has them",
                    self.name(c)
                );
                self.err(Rule::Linkage, c, msg);
            }
        }
    }

    fn entry_points(&mut self, funcs: &[Inst]) {
        let m = self.m;
        let mut names = Set::default();
        for &f in funcs {
            let stages = m
                .decorations(f)
                .filter(|&d| {
                    matches!(
                        m.opcode(d),
                        Opcode::DecoVertex | Opcode::DecoFragment | Opcode::DecoCompute
                    )
                })
                .count();
            let compute = m.decoration(f, Opcode::DecoCompute).is_some();
            let wg = m.decoration(f, Opcode::DecoWorkgroupSize).is_some();
            // Back ends write an entry point's name as a string a pipeline selects it by
            // (SPIR-V's are NUL-terminated): a NUL would cut it, and two alike are one.
            let name = m.name(f).filter(|_| stages == 1);
            if name.is_some_and(|n| n.contains('\0')) {
                self.err(
                    Rule::EntryPoint,
                    f,
                    "an entry point's name cannot hold a NUL character".into(),
                );
            } else if name.is_some_and(|n| !names.insert(n)) {
                self.err(
                    Rule::EntryPoint,
                    f,
                    "two entry points have the same name".into(),
                );
            } else if stages > 1 {
                self.err(
                    Rule::EntryPoint,
                    f,
                    "an entry point has exactly one stage".into(),
                );
            } else if compute && !wg {
                self.err(
                    Rule::EntryPoint,
                    f,
                    "a `@compute` entry point needs `@workgroup_size`".into(),
                );
            } else if wg && !compute {
                self.err(
                    Rule::EntryPoint,
                    f,
                    "`@workgroup_size` only applies to `@compute` entry points".into(),
                );
            } else if stages == 0
                && m.decorations(f)
                    .any(|d| matches!(m.opcode(d), Opcode::DecoBuiltin | Opcode::DecoLocation))
            {
                self.err(
                    Rule::EntryPoint,
                    f,
                    "only entry points have IO decorations on their result".into(),
                );
            }
        }
    }

    /// An entry point's parameters and result are its stage's inputs and outputs: each
    /// has `@builtin` or `@location`, itself or on every member of its struct (WGSL's
    /// rule, which the WGSL back end's output must meet again).
    fn entry_point_io(&mut self, f: Inst, result: Inst, params: &[Inst]) {
        let m = self.m;
        let is_stage = |d: Inst| {
            matches!(
                m.opcode(d),
                Opcode::DecoVertex | Opcode::DecoFragment | Opcode::DecoCompute
            )
        };
        if !m.decorations(f).any(is_stage) {
            return;
        }
        let has_io = |i: Inst| {
            m.decorations(i)
                .any(|d| matches!(m.opcode(d), Opcode::DecoBuiltin | Opcode::DecoLocation))
        };
        let io_ok = |i: Inst, ty: Option<Inst>| {
            has_io(i)
                || ty.is_some_and(|t| {
                    m.opcode(t) == Opcode::Struct && m.struct_fields(t).into_iter().all(has_io)
                })
        };
        if m.decoration(f, Opcode::DecoCompute).is_some() {
            // A compute shader's only inputs are built-in values, and it has no outputs.
            let location = |i: Inst| m.decoration(i, Opcode::DecoLocation).is_some();
            for &p in params {
                let in_members = m
                    .ty(p)
                    .filter(|&t| m.opcode(t) == Opcode::Struct)
                    .is_some_and(|t| m.struct_fields(t).into_iter().any(location));
                if location(p) || in_members {
                    let msg = format!(
                        "a `@compute` entry point's parameter {} has `@location`: its inputs are built-in values",
                        self.name(p)
                    );
                    self.err(Rule::EntryPoint, p, msg);
                }
            }
            if m.opcode(result) != Opcode::Void {
                let msg = "a `@compute` entry point returns nothing".to_string();
                self.err(Rule::EntryPoint, f, msg);
            }
        }
        let stage = if m.decoration(f, Opcode::DecoVertex).is_some() {
            ShaderStage::Vertex
        } else if m.decoration(f, Opcode::DecoFragment).is_some() {
            ShaderStage::Fragment
        } else {
            ShaderStage::Compute
        };
        for &p in params {
            if let Some(t) = m.ty(p) {
                self.builtins_io(stage, Dir::In, p, t);
            }
        }
        if m.opcode(result) != Opcode::Void {
            self.builtins_io(stage, Dir::Out, f, result);
        }
        for &p in params {
            if !io_ok(p, m.ty(p)) {
                let msg = format!(
                    "the entry point's parameter {} needs `@builtin` or `@location`, or a struct type whose members all have one",
                    self.name(p)
                );
                self.err(Rule::EntryPoint, p, msg);
            }
        }
        if m.opcode(result) != Opcode::Void && !io_ok(f, Some(result)) {
            let msg = "the entry point's result needs `@builtin` or `@location`, or a struct type whose members all have one".to_string();
            self.err(Rule::EntryPoint, f, msg);
        }
    }

    /// Each `@builtin` of an entry point's IO, on `item` of type `ty` or on the members
    /// of its struct, belongs to the stage and direction and has its type: WGSL's rules
    /// (the front end's own table), which the WGSL back end's output must meet again and
    /// without which SPIR-V's built-in variables are invalid.
    fn builtins_io(&mut self, stage: ShaderStage, dir: Dir, item: Inst, ty: Inst) {
        let m = self.m;
        let fields = m.struct_fields(ty);
        let items: Vec<(Inst, Option<Inst>)> = if fields.is_empty() {
            vec![(item, Some(ty))]
        } else {
            fields.into_iter().map(|f| (f, m.ty(f))).collect()
        };
        for (at, t) in items {
            let Some(d) = m.decoration(at, Opcode::DecoBuiltin) else {
                continue;
            };
            let value = m
                .operand_opt(d, 0)
                .and_then(|v| m.const_u32(v))
                .and_then(super::enums::BuiltinValue::from_u32)
                .and_then(|b| BuiltinValue::from_name(b.name()));
            let (Some(b), Some(t)) = (value, t) else {
                continue; // the decoration's form is the `decoration-target` rule's
            };
            let target = if dir == Dir::Out && at == item {
                "the result".to_string()
            } else {
                self.name(at)
            };
            if !entry::builtin_allowed(b, stage, dir) {
                let msg = format!(
                    "`@builtin({})` on {target} cannot be a {} shader {}: it is {}",
                    b.name(),
                    stage.name(),
                    dir.word(),
                    entry::builtin_where(b)
                );
                self.err(Rule::EntryPoint, at, msg);
            } else if !builtin_type_ok(m, b, t) {
                let want = entry::builtin_type_name(b);
                let msg = format!(
                    "`@builtin({})` must have type `{want}`, but {target} is `{}`",
                    b.name(),
                    super::print::type_to_string(m, t)
                );
                self.err(Rule::EntryPoint, at, msg);
            }
        }
    }

    /// No function calls itself, directly or not. Returns the call graph: each function's
    /// calls (callee as an index into `funcs`, and the `call`), and the functions in
    /// post-order, callees first; or `None` when there is a cycle.
    fn recursion(&mut self, funcs: &[Inst]) -> Option<(Vec<Calls>, Vec<usize>)> {
        let m = self.m;
        let index: Map<Inst, usize> = funcs.iter().enumerate().map(|(i, &f)| (f, i)).collect();
        let callees: Vec<Calls> = funcs
            .iter()
            .map(|&f| {
                let mut out = Vec::new();
                for b in m.children(f) {
                    for i in m.children(b) {
                        if m.opcode(i) == Opcode::Call {
                            if let Some(c) = m.operand_opt(i, 0).and_then(|c| index.get(&c)) {
                                out.push((*c, i));
                            }
                        }
                    }
                }
                out
            })
            .collect();
        // 0 unvisited, 1 on the stack, 2 done.
        let mut state = vec![0u8; funcs.len()];
        let mut order = Vec::with_capacity(funcs.len());
        for start in 0..funcs.len() {
            if state[start] != 0 {
                continue;
            }
            let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
            state[start] = 1;
            while let Some(&mut (f, ref mut k)) = stack.last_mut() {
                if *k < callees[f].len() {
                    let c = callees[f][*k].0;
                    *k += 1;
                    match state[c] {
                        0 => {
                            state[c] = 1;
                            stack.push((c, 0));
                        }
                        1 => {
                            let msg = format!(
                                "{} calls itself through {}",
                                self.name(funcs[c]),
                                self.name(funcs[f])
                            );
                            self.err(Rule::Recursion, funcs[f], msg);
                            return None;
                        }
                        _ => {}
                    }
                } else {
                    state[f] = 2;
                    order.push(f);
                    stack.pop();
                }
            }
        }
        Some((callees, order))
    }

    /// What an entry point reaches, through its calls, suits its stage (WGSL's rules,
    /// which the WGSL back end's output must meet again, and SPIR-V's execution models):
    /// derivatives, implicit-level sampling and `discard`/`demote` only in fragment
    /// shaders; barriers and workgroup memory only in compute shaders; subgroup
    /// operations, writable storage buffers and writable storage textures not in vertex
    /// shaders. Each function's needs are its own and its callees', in post-order.
    /// The resources one entry point reaches, through its calls, have distinct group and
    /// binding pairs (WGSL's E1504; a pipeline layout has one slot per pair). Entry points
    /// may share a pair between them.
    fn entry_bindings(&mut self, funcs: &[Inst], callees: &[Calls]) {
        let m = self.m;
        // Per function: the bound variables it names.
        let mut bound: Vec<Vec<(u32, u32, Inst)>> = vec![Vec::new(); funcs.len()];
        for (f, &func) in funcs.iter().enumerate() {
            for b in m.children(func) {
                for i in m.children(b) {
                    for x in m.operands(i) {
                        if m.opcode(x) == Opcode::Var && m.is_global(x) {
                            if let Some((g, k)) = binding_of(m, x) {
                                bound[f].push((g, k, x));
                            }
                        }
                    }
                }
            }
        }
        // `seen[f]` is the last entry point (plus one) whose walk reached `f`.
        let mut seen = vec![0usize; funcs.len()];
        for (e, &func) in funcs.iter().enumerate() {
            let stage = [
                Opcode::DecoVertex,
                Opcode::DecoFragment,
                Opcode::DecoCompute,
            ];
            if !stage.iter().any(|&op| m.decoration(func, op).is_some()) {
                continue;
            }
            let mut slots: Map<(u32, u32), Inst> = Map::default();
            let mut todo = vec![e];
            seen[e] = e + 1;
            while let Some(f) = todo.pop() {
                for &(g, k, v) in &bound[f] {
                    let first = *slots.entry((g, k)).or_insert(v);
                    if first != v {
                        let msg = format!(
                            "the entry point {} uses {} and {}, both bound at `@group({g}) @binding({k})`",
                            self.name(func),
                            self.name(first),
                            self.name(v)
                        );
                        self.err(Rule::Decoration, v, msg);
                        return;
                    }
                }
                for &(c, _) in &callees[f] {
                    if seen[c] != e + 1 {
                        seen[c] = e + 1;
                        todo.push(c);
                    }
                }
            }
        }
    }

    fn stage_rules(&mut self, funcs: &[Inst], callees: &[Calls], order: &[usize]) {
        let m = self.m;
        // Per function, the first instruction needing each of: a fragment shader, a
        // compute shader, a stage other than vertex (a call stands for its callee's).
        let mut needs: Vec<[Option<Inst>; 3]> = vec![[None; 3]; funcs.len()];
        for &f in order {
            let mut own = [None; 3];
            for b in m.children(funcs[f]) {
                for i in m.children(b) {
                    if let Some(x) = stage_need(m, i) {
                        own[x].get_or_insert(i);
                    }
                }
            }
            for &(c, call) in &callees[f] {
                for x in 0..3 {
                    if needs[c][x].is_some() {
                        own[x].get_or_insert(call);
                    }
                }
            }
            needs[f] = own;
        }
        for (f, &func) in funcs.iter().enumerate() {
            let stage = if m.decoration(func, Opcode::DecoVertex).is_some() {
                ShaderStage::Vertex
            } else if m.decoration(func, Opcode::DecoFragment).is_some() {
                ShaderStage::Fragment
            } else if m.decoration(func, Opcode::DecoCompute).is_some() {
                ShaderStage::Compute
            } else {
                continue;
            };
            let refused = [
                (stage != ShaderStage::Fragment, "fragment shaders"),
                (stage != ShaderStage::Compute, "compute shaders"),
                (stage == ShaderStage::Vertex, "fragment and compute shaders"),
            ];
            for (x, (refused, which)) in refused.into_iter().enumerate() {
                let Some(at) = needs[f][x].filter(|_| refused) else {
                    continue;
                };
                let what = match m.opcode(at) {
                    Opcode::Call => format!(
                        "a call ({}) that reaches what only {which} may use",
                        self.name(at)
                    ),
                    op if stage_need_op(op).is_some() => format!("`{}`", op.name()),
                    _ => format!("{}, which uses memory only {which} may use", self.name(at)),
                };
                let msg = format!(
                    "the {} entry point {} reaches {what}; only {which} may",
                    stage.name(),
                    self.name(func)
                );
                self.err(Rule::EntryPoint, at, msg);
            }
        }
    }

    /// Every operand is in its value's use list and every use is an operand.
    fn use_lists(&mut self) {
        let m = self.m;
        let mut stack = vec![m.root()];
        let mut operand_count = 0usize;
        let mut use_count = 0usize;
        while let Some(i) = stack.pop() {
            stack.extend(m.children(i));
            stack.extend(m.decorations(i));
            operand_count += m.num_operands(i);
            for u in m.uses(i) {
                use_count += 1;
                let ok = !m.is_dead(u.user) && m.operand_opt(u.user, u.index as usize) == Some(i);
                if !ok {
                    let msg = format!(
                        "a use of {} by a dead or different instruction",
                        self.name(i)
                    );
                    self.err(Rule::UseLists, i, msg);
                    return;
                }
            }
        }
        if operand_count != use_count {
            let root = m.root();
            let msg = format!("{operand_count} operands but {use_count} uses");
            self.err(Rule::UseLists, root, msg);
        }
    }

    // ---- functions ----------------------------------------------------------------------------

    fn function(&mut self, f: Func) {
        let m = self.m;
        let fi = f.inst();
        let Some(fty) = m.ty(fi) else { return };
        let Some((result, param_types)) = m.fn_parts(fty) else {
            let msg = format!(
                "a function's type must be a function type, not {}",
                self.name(fty)
            );
            self.err(Rule::Typed, fi, msg);
            return;
        };
        let blocks: Vec<Inst> = m.children(fi).collect();
        let Some(&entry) = blocks.first() else {
            return; // A declaration.
        };
        let mut shapes_ok = true;
        for &b in &blocks {
            if m.opcode(b) != Opcode::Block {
                let msg = format!("a function holds only blocks, not `{}`", m.opcode(b).name());
                self.err(Rule::Containment, b, msg);
                shapes_ok = false;
                continue;
            }
            shapes_ok &= self.block_shape(Block(b), fi);
        }
        if !shapes_ok {
            return;
        }
        // Entry block: parameters match the signature.
        let params = cfg::params(m, Block(entry));
        let ptys: Vec<Option<Inst>> = params.iter().map(|&p| m.ty(p)).collect();
        if ptys.len() != param_types.len()
            || ptys.iter().zip(&param_types).any(|(a, b)| *a != Some(*b))
        {
            let msg = format!(
                "the entry block's {} parameters do not match the function's {} parameter types",
                ptys.len(),
                param_types.len()
            );
            self.err(Rule::EntryBlock, entry, msg);
        }
        if m.opcode(fi) == Opcode::Func {
            self.entry_point_io(fi, result, &params);
        }
        let cfg = Cfg::new(m, f);
        if !cfg.preds(0).is_empty() {
            let msg = format!(
                "the entry block {} cannot be a branch target",
                self.name(entry)
            );
            self.err(Rule::EntryBlock, entry, msg);
        }
        self.edges(&cfg);
        let dom = DomTree::dominators(&cfg);
        self.dominance(fi, &cfg, &dom);
        if m.opcode(fi) == Opcode::Func {
            if let Err(e) = StructureTree::build(m, f) {
                self.err(e.rule, e.at, e.message);
            }
        }
        for &b in &blocks {
            for i in m.children(b) {
                if m.opcode(i) == Opcode::Param {
                    self.decorations(i);
                    continue;
                }
                if m.opcode(i).is_type() {
                    if let Err((rule, msg)) = forms::check_type(m, i) {
                        self.err(rule, i, msg);
                    }
                    continue;
                }
                if m.opcode(i).is_constant() {
                    if let Err((rule, msg)) = forms::check_constant(m, i) {
                        self.err(rule, i, msg);
                    }
                    continue;
                }
                if let Err((rule, msg)) =
                    typing::check_inst_with(m, i, Some(result), &mut self.scratch)
                {
                    self.err(rule, i, msg);
                }
                if m.has_decorations(i) {
                    self.decorations(i);
                }
            }
        }
    }

    /// Params first, exactly one terminator at the end, only operations in between.
    fn block_shape(&mut self, b: Block, f: Inst) -> bool {
        let m = self.m;
        let kids: Vec<Inst> = m.children(b.inst()).collect();
        let generic = m.opcode(f) == Opcode::Generic;
        let mut ok = true;
        let mut seen_op = false;
        for (k, &i) in kids.iter().enumerate() {
            if !self.typed(i) {
                ok = false;
                continue;
            }
            let op = m.opcode(i);
            let last = k + 1 == kids.len();
            if op == Opcode::Param {
                if seen_op {
                    let msg = format!(
                        "parameter {} comes after an instruction of {}",
                        self.name(i),
                        self.name(b.inst())
                    );
                    self.err(Rule::ParamsFirst, i, msg);
                    ok = false;
                }
                continue;
            }
            seen_op = true;
            let allowed = op.is_operation()
                || (generic && (op.is_type() || op.is_constant()))
                || (op.is_hoistable() && !m.is_global(i) && !self.all_global(i));
            if !allowed || matches!(op, Opcode::Override) {
                let msg = format!("`{}` cannot be inside a block", op.name());
                self.err(Rule::Containment, i, msg);
                ok = false;
                continue;
            }
            if op.is_terminator() != last {
                let msg = if last {
                    format!(
                        "{} ends in `{}`, which is not a terminator",
                        self.name(b.inst()),
                        op.name()
                    )
                } else {
                    format!(
                        "the terminator `{}` is not the last instruction of {}",
                        op.name(),
                        self.name(b.inst())
                    )
                };
                self.err(Rule::Terminator, i, msg);
                ok = false;
            }
        }
        if !kids.iter().any(|&i| m.opcode(i).is_terminator())
            && kids.last().is_none_or(|&l| m.opcode(l) == Opcode::Param)
        {
            let msg = format!("{} does not end in a terminator", self.name(b.inst()));
            self.err(Rule::Terminator, b.inst(), msg);
            ok = false;
        }
        ok
    }

    fn all_global(&self, i: Inst) -> bool {
        self.m.operands(i).all(|x| self.m.is_global(x))
    }

    /// Block arguments, critical edges and conditional targets.
    fn edges(&mut self, cfg: &Cfg) {
        let m = self.m;
        for (bi, &b) in cfg.blocks.iter().enumerate() {
            let Some(t) = terminator(m, b) else { continue };
            let op = m.opcode(t);
            let n = m.num_operands(t);
            for k in 0..n {
                let x = m.operand(t, k);
                let is_block_slot = is_edge_operand(op, k)
                    || matches!(
                        (op, k),
                        (Opcode::IfElse, 3)
                            | (Opcode::Loop, 1)
                            | (Opcode::Loop, 2)
                            | (Opcode::Switch, 2)
                    );
                if is_block_slot != (m.opcode(x) == Opcode::Block) {
                    let msg = if is_block_slot {
                        format!(
                            "operand {k} of `{}` must be a block, not {}",
                            op.name(),
                            self.name(x)
                        )
                    } else {
                        format!(
                            "operand {k} of `{}` cannot be the block {}",
                            op.name(),
                            self.name(x)
                        )
                    };
                    self.err(Rule::OperandTypes, t, msg);
                    return;
                }
                if is_block_slot && cfg.index_of(Block(x)).is_none() {
                    let msg = format!("{} is not a block of this function", self.name(x));
                    self.err(Rule::OperandScope, t, msg);
                    return;
                }
            }
            match op {
                Opcode::Br | Opcode::Loop if n >= 1 => {
                    let target = Block(m.operand(t, 0));
                    let params = cfg::params(m, target);
                    let args = cfg::branch_args(m, t);
                    if params.len() != args.len() {
                        let msg = format!(
                            "{} passes {} argument(s) to {}, which has {} parameter(s)",
                            self.name(b.inst()),
                            args.len(),
                            self.name(target.inst()),
                            params.len()
                        );
                        self.err(Rule::BlockArity, t, msg);
                    } else {
                        for (k, (&a, &p)) in args.iter().zip(&params).enumerate() {
                            if m.ty(a) != m.ty(p) {
                                let msg = format!(
                                    "argument {k} to {} has type {}, but its parameter {} has type {}",
                                    self.name(target.inst()),
                                    m.ty(a).map_or("?".into(), |t| m.type_name(t)),
                                    self.name(p),
                                    m.ty(p).map_or("?".into(), |t| m.type_name(t))
                                );
                                self.err(Rule::BlockArgType, t, msg);
                            }
                        }
                    }
                }
                Opcode::IfElse | Opcode::Switch => {
                    for &s in cfg.succs(bi as u32) {
                        let target = cfg.blocks[s as usize];
                        let preds = cfg.preds(s).len();
                        if preds > 1 {
                            let msg = format!(
                                "{} ends in a conditional branch to {}, which has {preds} predecessors: split the edge with a block that branches to it",
                                self.name(b.inst()),
                                self.name(target.inst())
                            );
                            self.err(Rule::CriticalEdge, t, msg);
                        }
                        if !cfg::params(m, target).is_empty() {
                            let msg = format!(
                                "{} is the target of a conditional branch, so it takes no parameters (conditional branches pass no arguments)",
                                self.name(target.inst())
                            );
                            self.err(Rule::ConditionalTargets, t, msg);
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// SSA dominance: every local operand is defined in the same function, before its
    /// use, by a definition that dominates it. Uses in unreachable blocks are exempt.
    fn dominance(&mut self, f: Inst, cfg: &Cfg, dom: &DomTree) {
        let m = self.m;
        for &b in &cfg.blocks {
            for (k, i) in m.children(b.inst()).enumerate() {
                self.order[i.index()] = k as u32;
            }
        }
        let mut reported: Set<Inst> = Set::default();
        for (bi, &b) in cfg.blocks.iter().enumerate() {
            let bi = bi as u32;
            for i in m.children(b.inst()) {
                let op = m.opcode(i);
                for (k, x) in m.operands(i).enumerate() {
                    if m.is_dead(x) {
                        let msg = format!("operand {k} refers to a removed instruction");
                        self.err(Rule::OperandScope, i, msg);
                        continue;
                    }
                    if m.is_global(x) {
                        continue;
                    }
                    if m.opcode(x) == Opcode::Block {
                        continue; // Checked with the edges.
                    }
                    let def_block = m.parent(x);
                    let def_func = def_block.and_then(|db| m.parent(db));
                    if def_func != Some(f)
                        || def_block.is_none_or(|db| m.opcode(db) != Opcode::Block)
                    {
                        let msg = format!(
                            "operand {k} ({}) is not a value of this function",
                            self.name(x)
                        );
                        self.err(Rule::OperandScope, i, msg);
                        continue;
                    }
                    if !cfg.is_reachable(bi) {
                        continue;
                    }
                    let Some(db) = def_block.and_then(|d| cfg.index_of(Block(d))) else {
                        continue;
                    };
                    let ok = if db == bi {
                        self.order[x.index()] < self.order[i.index()]
                    } else {
                        dom.dominates(db, bi)
                    };
                    if !ok && reported.insert(i) {
                        let msg = if op.is_terminator() && cfg::branch_args(m, i).contains(&x) {
                            format!(
                                "the branch argument {} is not defined on every path to the end of {}",
                                self.name(x),
                                self.name(b.inst())
                            )
                        } else {
                            format!(
                                "{} is used before it is defined on every path to here",
                                self.name(x)
                            )
                        };
                        self.err(Rule::SsaDominance, i, msg);
                    }
                }
            }
        }
    }
}

/// The first cycle of the graph `parts` spans from `starts`, by iterative depth-first
/// search: `(from, to)` where `to` is on the search's stack when `from` reaches it.
fn first_cycle(
    starts: impl Iterator<Item = Inst>,
    parts: impl Fn(Inst) -> Vec<Inst>,
) -> Option<(Inst, Inst)> {
    // 1 on the stack, 2 done.
    let mut state: Map<Inst, u8> = Map::default();
    for start in starts {
        if state.contains_key(&start) {
            continue;
        }
        let mut stack: Vec<(Inst, Vec<Inst>)> = vec![(start, parts(start))];
        state.insert(start, 1);
        while let Some((t, todo)) = stack.last_mut() {
            let t = *t;
            match todo.pop() {
                Some(x) => match state.get(&x) {
                    None => {
                        state.insert(x, 1);
                        let p = parts(x);
                        stack.push((x, p));
                    }
                    Some(1) => return Some((t, x)),
                    _ => {}
                },
                None => {
                    state.insert(t, 2);
                    stack.pop();
                }
            }
        }
    }
    None
}

/// Whether type `t` is or contains a type `is` accepts (through elements, columns and
/// members). Each type is visited once, so a malformed cyclic type ends the walk too.
/// A function's calls: each callee as an index into the module's functions, and the `call`.
type Calls = Vec<(usize, Inst)>;

/// The `(group, binding)` of a module-scope resource variable.
fn binding_of(m: &Module, v: Inst) -> Option<(u32, u32)> {
    let read = |op| {
        m.decoration(v, op)
            .and_then(|d| m.operand_opt(d, 0))
            .and_then(|x| m.const_u32(x))
    };
    Some((read(Opcode::DecoGroup)?, read(Opcode::DecoBinding)?))
}

/// Which stage `op` needs, by [`Verifier::stage_rules`]' index: 0 a fragment shader,
/// 1 a compute shader, 2 any stage but vertex.
fn stage_need_op(op: Opcode) -> Option<usize> {
    use Opcode as O;
    match op {
        O::TextureSample | O::TextureSampleBias | O::TextureSampleCompare => Some(0),
        O::Demote | O::Discard => Some(0),
        _ if op.is_in(Class::Derivative) => Some(0),
        _ if op.is_in(Class::Barrier) => Some(1),
        _ if op.is_in(Class::Subgroup) => Some(2),
        _ => None,
    }
}

/// What instruction `i` needs of its stage: its opcode's need, or a module-scope
/// variable's among its operands (workgroup memory: compute; writable storage buffers
/// and storage textures: not vertex).
fn stage_need(m: &Module, i: Inst) -> Option<usize> {
    if let Some(x) = stage_need_op(m.opcode(i)) {
        return Some(x);
    }
    m.operands(i)
        .filter(|&x| m.opcode(x) == Opcode::Var && m.is_global(x))
        .filter_map(|v| {
            let (space, store, access) = m.ptr_parts(m.ty(v)?)?;
            match space {
                AddressSpace::Workgroup => Some(1),
                AddressSpace::Storage if access != AccessMode::Read => Some(2),
                AddressSpace::Handle if writable_storage_texture(m, store) => Some(2),
                _ => None,
            }
        })
        .min()
}

/// Whether `t` is a storage texture type that can be written.
fn writable_storage_texture(m: &Module, t: Inst) -> bool {
    m.opcode(t) == Opcode::TextureStorage
        && m.operand_opt(t, 2)
            .and_then(|a| m.const_u32(a))
            .and_then(AccessMode::from_u32)
            .is_some_and(|a| a != AccessMode::Read)
}

/// Whether `t` is the type `@builtin(b)` must have (WGSL's spelling of each is the front
/// end's `builtin_type_name`; the IR spells scalars and vectors alike).
fn builtin_type_ok(m: &Module, b: BuiltinValue, t: Inst) -> bool {
    if b != BuiltinValue::ClipDistances {
        return super::print::type_to_string(m, t) == entry::builtin_type_name(b);
    }
    m.opcode(t) == Opcode::Array
        && m.member_type(t, Some(0))
            .is_some_and(|e| m.opcode(e) == Opcode::F32)
        && m.operand_opt(t, 1)
            .and_then(|n| m.const_u32(n))
            .is_some_and(|n| n <= 8)
}

fn holds(m: &Module, t: Inst, is: impl Fn(&Module, Inst) -> bool) -> bool {
    let mut seen = Set::default();
    let mut todo = vec![t];
    while let Some(t) = todo.pop() {
        if !seen.insert(t) {
            continue;
        }
        if is(m, t) {
            return true;
        }
        match m.opcode(t) {
            Opcode::Struct => todo.extend(m.struct_fields(t).iter().filter_map(|&f| m.ty(f))),
            _ => todo.extend(m.operands(t).filter(|&x| m.opcode(x).is_type())),
        }
    }
    false
}
