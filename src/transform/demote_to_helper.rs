//! `demote-to-helper`: WGSL's `discard` demotes the invocation to a helper, which keeps
//! running so that its quad's derivatives stay defined, but has no visible effect. The
//! IR writes it as `demote`. For a target without a demote instruction (SPIR-V before
//! 1.6 without the extension), demotion is emulated, as WebGPU implementations do on
//! Vulkan 1.1:
//!
//! - a private `bool` records that the invocation was demoted (`demote` becomes a store
//!   of `true`);
//! - every write to storage memory (`store` through a storage pointer, atomics on storage
//!   memory, `texture_store`) in the functions fragment shaders reach is skipped while it
//!   is set (an atomic that is skipped yields zero);
//! - every `return` of a fragment entry point first ends the invocation (the IR's
//!   `discard` terminator) when it is set, so no output is written.

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::edit::{branch_before, builder_before, call_closure, find_all, functions, is_stage};
use crate::ir::enums::{AccessMode, AddressSpace};
use crate::ir::{Builder, Class, Func, Inst, Module, Opcode, Type, Value};
use crate::util::map::Set;

/// The transform's name in pipelines, diagnostics and tests.
pub const NAME: &str = "demote-to-helper";

/// What `demote-to-helper` can be told: nothing yet; the back end's list decides whether it runs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {}

pub fn run(m: &mut Module, _: &mut Analyses, _: &Options) -> Result<Changed, Diagnostic> {
    let demotes = find_all(m, &[Opcode::Demote]);
    if demotes.is_empty() {
        return Ok(Changed::None);
    }
    let mut b = Builder::new(m);
    let bool_t = b.ty_bool();
    let ptr_t = b.ty_ptr(AddressSpace::Private, bool_t, AccessMode::ReadWrite);
    let flag = b.global_var("demoted", ptr_t, None);
    let yes = b.const_bool(true);
    for d in demotes {
        let mut b = builder_before(m, d);
        b.store(flag, yes);
        m.remove(d);
    }
    // Loops rather than filter/map/collect chains: each chain was its own copy of the
    // iterator code in the package.
    let mut fragments: Vec<Func> = Vec::new();
    for f in functions(m) {
        if is_stage(m, f, Opcode::DecoFragment) {
            fragments.push(f);
        }
    }
    // By instruction (a set type the npm package has anyway); hashed as the `Func`s
    // were, so the walk below visits them in the same order.
    let mut reached: Set<Inst> = Set::default();
    for &f in &fragments {
        reached.extend(call_closure(m, f).into_iter().map(Func::inst));
    }
    // Storage writes, in the functions fragment shaders run.
    let mut writes = Vec::new();
    for &f in &reached {
        for blk in m.blocks(Func(f)) {
            for i in m.children(blk.inst()) {
                if is_storage_write(m, i) {
                    writes.push(i);
                }
            }
        }
    }
    for w in writes {
        guard(m, w, flag);
    }
    // Returns of fragment entry points.
    for &f in &fragments {
        let mut returns: Vec<Inst> = Vec::new();
        for blk in m.blocks(f) {
            if let Some(t) = m.last_child(blk.inst()) {
                if m.opcode(t) == Opcode::Return {
                    returns.push(t);
                }
            }
        }
        for r in returns {
            let mut b = builder_before(m, r);
            let demoted = b.load(flag);
            if let Some((then, _, _)) = branch_before(m, r, demoted) {
                // The `then` arm ends the invocation instead of joining.
                if let Some(t) = m.last_child(then.inst()) {
                    m.remove(t);
                }
                let mut b = Builder::new(m);
                b.switch_to(then);
                b.discard();
            }
        }
    }
    Ok(Changed::Cfg)
}

fn is_storage_write(m: &Module, i: Inst) -> bool {
    let op = m.opcode(i);
    let storage_ptr = |p: Inst| {
        m.ty(p)
            .and_then(|t| m.ptr_parts(t))
            .is_some_and(|(s, _, _)| s == AddressSpace::Storage)
    };
    match op {
        Opcode::Store => storage_ptr(m.operand(i, 0)),
        Opcode::TextureStore => true,
        _ if op.is_in(Class::Atomic) && op != Opcode::AtomicLoad => storage_ptr(m.operand(i, 0)),
        _ => false,
    }
}

/// Runs `w` only when the invocation is not demoted.
fn guard(m: &mut Module, w: Inst, flag: Value) {
    let mut b = builder_before(m, w);
    let demoted = b.load(flag);
    let live = b.unary(Opcode::Not, demoted);
    let Some((then, els, rest)) = branch_before(m, w, live) else {
        return;
    };
    // Move the write into the `then` arm.
    m.detach(w);
    let Some(then_br) = m.last_child(then.inst()) else {
        return;
    };
    m.insert_before(then_br, w);
    let ty = m.ty(w);
    let has_value = ty.is_some_and(|t| m.opcode(t) != Opcode::Void) && m.has_uses(w);
    if !has_value {
        return;
    }
    let Some(ty) = ty.map(Type) else { return };
    let mut b = Builder::new(m);
    let joined = b.param(rest, ty);
    let zero = b.zero(ty);
    m.replace_all_uses_with(w, joined.inst());
    m.push_operand(then_br, w);
    if let Some(else_br) = m.last_child(els.inst()) {
        m.push_operand(else_br, zero.inst());
    }
}
