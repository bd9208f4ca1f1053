//! `robustness`: WGSL makes an out-of-bounds index a contained error (the access must stay
//! inside the array, or do nothing), and WebGPU never lets a shader touch memory outside
//! its bindings; SPIR-V leaves an out-of-bounds index undefined (Vulkan 1.1 promises
//! nothing without `robustBufferAccess`). Every index that is not a constant known to be
//! in range is clamped to the last element, as WebGPU implementations do:
//!
//! - into an array, matrix or vector of `N`: `min(u32(i), N - 1)` (a negative `i32`
//!   becomes a large `u32`, so it clamps to the end);
//! - into a runtime-sized array: `min(u32(i), arrayLength(p) - 1)`, with `p` the access
//!   chain up to that array (WebGPU requires a binding to hold at least one element);
//!
//! for both `access` (pointers) and `extract`/`insert` (values). A view of a workgroup
//! byte buffer (`buffer<N>`, the `buffer_view` language extension) at a computed offset
//! is kept inside it: `bufferView<T>` at `min(u32(o), N - size(T))`, and
//! `bufferArrayView` at `min(u32(o), N - stride)` with its size at most what is left.
//! (Storage and uniform buffers are kept inside their bindings by the API, as WebGPU
//! requires of D3D12 and Vulkan; workgroup memory has no such guard.) It runs after
//! `pointer-args`, so that every pointer into a runtime-sized array is an access chain
//! from its variable.

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::edit::{builder_before, find_all};
use crate::ir::{Builder, Inst, Module, Opcode, Type, Value};

/// The transform's name in pipelines, diagnostics and tests.
pub const NAME: &str = "robustness";

/// What `robustness` can be told: nothing yet; the back end's list decides whether it runs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {}

pub fn run(m: &mut Module, _: &mut Analyses, _: &Options) -> Result<Changed, Diagnostic> {
    let mut changed = false;
    for i in find_all(m, &[Opcode::Access, Opcode::Extract, Opcode::Insert]) {
        let first = match m.opcode(i) {
            Opcode::Access | Opcode::Extract => 1,
            _ => 2,
        };
        let base = m.operand(i, 0);
        let Some(mut t) = m.ty(base) else { continue };
        if m.opcode(i) == Opcode::Access {
            match m.ptr_parts(t) {
                Some((_, store, _)) => t = store,
                None => continue,
            }
        }
        for k in first..m.num_operands(i) {
            let ix = m.operand(i, k);
            let constant = (m.opcode(ix) == Opcode::Constant)
                .then(|| m.const_u32(ix))
                .flatten();
            let bound = match m.opcode(t) {
                Opcode::Vec | Opcode::Mat => {
                    let n = m.operand(t, 1);
                    Bound::Fixed(m.const_u32(n).unwrap_or(1))
                }
                Opcode::Array => match m.operand_opt(t, 1).and_then(|c| m.const_u32(c)) {
                    Some(n) => Bound::Fixed(n),
                    None => Bound::Value(m.operand(t, 1)),
                },
                Opcode::RuntimeArray => Bound::Runtime,
                _ => Bound::None,
            };
            let next = m.member_type(t, constant);
            let needs = match (&bound, constant) {
                (Bound::None, _) => false,
                (Bound::Fixed(n), Some(c)) => c >= *n,
                (Bound::Fixed(_), None) => true,
                (Bound::Value(_) | Bound::Runtime, _) => true,
            };
            if needs {
                let clamped = match bound {
                    Bound::Fixed(n) => {
                        let mut b = builder_before(m, i);
                        let last = b.const_u32(n.saturating_sub(1));
                        clamp(&mut b, Value(ix), last)
                    }
                    Bound::Value(count) => {
                        let mut b = builder_before(m, i);
                        let u32t = b.ty_u32();
                        let n = as_u32(&mut b, Value(count), u32t);
                        let one = b.const_u32(1);
                        let last = b.binary(Opcode::Sub, n, one);
                        clamp(&mut b, Value(ix), last)
                    }
                    Bound::Runtime => {
                        // arrayLength of the chain up to this array.
                        let ops = m.operands_vec(i);
                        let mut b = builder_before(m, i);
                        let prefix = if k == first {
                            Value(ops[0])
                        } else {
                            let Some((space, _, mode)) =
                                b.module.ty(ops[0]).and_then(|p| b.module.ptr_parts(p))
                            else {
                                break;
                            };
                            let pt = b.ty_ptr(space, Type(t), mode);
                            let chain: Vec<Value> = ops[..k].iter().map(|&x| Value(x)).collect();
                            b.value(Opcode::Access, pt, &chain)
                        };
                        let u32t = b.ty_u32();
                        let len = b.value(Opcode::ArrayLength, u32t, &[prefix]);
                        let one = b.const_u32(1);
                        let last = b.binary(Opcode::Sub, len, one);
                        clamp(&mut b, Value(ix), last)
                    }
                    Bound::None => Value(ix),
                };
                m.set_operand(i, k, clamped.inst());
                changed = true;
            }
            match next {
                Some(n) => t = n,
                None => break,
            }
        }
    }
    for i in find_all(m, &[Opcode::BufferView, Opcode::BufferArrayView]) {
        changed |= contain_view(m, i).is_some();
    }
    Ok(Changed::instructions_if(changed))
}

/// Clamps the offset (and size) of view `i` when it views a workgroup byte buffer at a
/// computed offset; `None` when it leaves it as it is.
fn contain_view(m: &mut Module, i: Inst) -> Option<()> {
    use crate::ir::enums::AddressSpace;
    use crate::ir::layout;
    let (space, buffer, _) = m.ptr_parts(m.ty(m.operand(i, 0))?)?;
    let bytes = m.const_u32(m.operand_opt(buffer, 0)?)?;
    let offset = m.operand(i, 1);
    if space != AddressSpace::Workgroup || m.opcode(offset) == Opcode::Constant {
        return None;
    }
    let (_, t, _) = m.ptr_parts(m.ty(i)?)?;
    let array = m.opcode(i) == Opcode::BufferArrayView;
    let least = match array {
        true => layout::array_stride(m, t)?,
        false => layout::layout(m, t)?.size,
    };
    let size = array.then(|| m.operand(i, 2));
    let mut b = builder_before(m, i);
    let last = b.const_u32(bytes.saturating_sub(least));
    let at = clamp(&mut b, Value(offset), last);
    let size = size.map(|size| {
        let total = b.const_u32(bytes);
        let left = b.binary(Opcode::Sub, total, at);
        clamp(&mut b, Value(size), left)
    });
    m.set_operand(i, 1, at.inst());
    if let Some(size) = size {
        m.set_operand(i, 2, size.inst());
    }
    Some(())
}

enum Bound {
    None,
    Fixed(u32),
    /// An array sized by an override value.
    Value(Inst),
    Runtime,
}

fn as_u32(b: &mut Builder<'_>, v: Value, u32t: Type) -> Value {
    let is_u32 = b
        .module
        .ty(v.inst())
        .is_some_and(|t| b.module.opcode(t) == Opcode::U32);
    if is_u32 {
        v
    } else {
        b.value(Opcode::Bitcast, u32t, &[v])
    }
}

/// `min(u32(i), last)`.
fn clamp(b: &mut Builder<'_>, i: Value, last: Value) -> Value {
    let u32t = b.ty_u32();
    let iu = as_u32(b, i, u32t);
    b.binary(Opcode::Min, iu, last)
}
