//! `shader-io`: each entry point takes its inputs as one struct and returns its outputs
//! as one struct, their members ordered by `@location` with builtins after.
//!
//! HLSL matches a pixel shader's inputs to the vertex shader's outputs through their
//! signatures, which DXC (and FXC before it) lay out in declaration order, so both sides
//! must declare the shared members in one order: sorting by location gives every stage
//! the same order whatever the source's struct or parameter order. Other languages with
//! stage signatures (MSL's `[[stage_in]]`) want the same shape.
//!
//! For an entry point `@main(%a: A @location(1), %s: @S) -> @R @vertex`, where `@S` and
//! `@R` are structs whose members carry IO decorations:
//!
//! - a struct `@main_in` gets one member per input leaf (a decorated parameter, or a
//!   member of a parameter's IO struct), carrying the leaf's IO decorations; `@main_out`
//!   likewise for the result (a decorated result, or the members of the result struct);
//! - the original function is renamed `main_inner` and loses its stage, workgroup-size
//!   and IO decorations; it is an ordinary function now;
//! - a new function `@main`, with the stage decorations, takes a `@main_in`, rebuilds the
//!   original arguments (constructing IO structs from their members), calls
//!   `main_inner`, and returns its result's leaves as a `@main_out`.
//!
//! `@builtin(num_workgroups)` has no HLSL semantic: with [`Options::num_workgroups`] set,
//! it is read from a uniform buffer `vec3<u32>` at that group and binding instead (the
//! host writes the dispatch size there, as Dawn and wgpu do), and it is not a member of
//! the input struct.
//!
//! An entry point without inputs gets no parameter, one without outputs returns nothing;
//! one without either is left alone. Passes inline the wrapper's call where the target
//! wants it; DXC inlines every call anyway.

use crate::diag::{Diagnostic, codes};
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::{Builder, Func, Inst, Module, Opcode, Type, Value};
use crate::util::sort;

/// The transform's name in pipelines, diagnostics and tests.
pub const NAME: &str = "shader-io";

/// Options of the transform.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Where `@builtin(num_workgroups)` is read from, as `(group, binding)` of a uniform
    /// `vec3<u32>`; `None` keeps it a member of the input struct.
    pub num_workgroups: Option<(u32, u32)>,
}

/// The decorations that make a function an entry point and shape its dispatch.
fn is_stage_decoration(op: Opcode) -> bool {
    matches!(
        op,
        Opcode::DecoVertex
            | Opcode::DecoFragment
            | Opcode::DecoCompute
            | Opcode::DecoWorkgroupSize
            | Opcode::DecoSubgroupSize
    )
}

/// One input or output of an entry point.
struct Leaf {
    ty: Inst,
    name: String,
    /// The IO decorations: opcode and operands.
    decorations: Vec<(Opcode, Vec<Inst>)>,
    /// Where it is: the parameter index (or 0 for the result) and, inside an IO struct,
    /// the member index.
    at: (usize, Option<u32>),
    /// The sort key: locations first, in order, then builtins in declaration order.
    key: (bool, u32),
}

pub fn run(m: &mut Module, _: &mut Analyses, options: &Options) -> Result<Changed, Diagnostic> {
    let root = m.root();
    let mut entries: Vec<Inst> = Vec::new();
    for f in m.children(root) {
        if m.opcode(f) == Opcode::Func
            && m.first_child(f).is_some()
            && (m.decoration(f, Opcode::DecoVertex).is_some()
                || m.decoration(f, Opcode::DecoFragment).is_some()
                || m.decoration(f, Opcode::DecoCompute).is_some())
        {
            entries.push(f);
        }
    }
    let mut changed = false;
    let mut num_workgroups = None;
    for f in entries {
        changed |= wrap(m, Func(f), options, &mut num_workgroups)?;
    }
    // New functions and blocks.
    Ok(if changed { Changed::Cfg } else { Changed::None })
}

fn is_num_workgroups(m: &Module, l: &Leaf) -> bool {
    l.decorations.iter().any(|(op, ops)| {
        *op == Opcode::DecoBuiltin
            && ops.first().and_then(|&x| m.const_u32(x))
                == Some(crate::ir::enums::BuiltinValue::NumWorkgroups as u32)
    })
}

/// The uniform variable `num_workgroups` is read from, made on first use.
fn num_workgroups_var(
    b: &mut Builder<'_>,
    made: &mut Option<Value>,
    (group, binding): (u32, u32),
) -> Value {
    if let Some(v) = *made {
        return v;
    }
    let u = b.ty_u32();
    let v3 = b.ty_vec(u, 3);
    let pt = b.ty_ptr(
        crate::ir::enums::AddressSpace::Uniform,
        v3,
        crate::ir::enums::AccessMode::Read,
    );
    let v = b.global_var("num_workgroups", pt, None);
    b.decorate_u32(v.inst(), Opcode::DecoGroup, &[group]);
    b.decorate_u32(v.inst(), Opcode::DecoBinding, &[binding]);
    // With the other module-scope variables, before the functions.
    let m = &mut *b.module;
    let root = m.root();
    if let Some(first) = m.children(root).find(|&c| m.opcode(c) == Opcode::Func) {
        m.detach(v.inst());
        m.insert_before(first, v.inst());
    }
    *made = Some(v);
    v
}

fn io_decorations(m: &Module, i: Inst) -> Vec<(Opcode, Vec<Inst>)> {
    let mut out = Vec::new();
    for d in m.decorations(i) {
        if m.opcode(d).is_io_decoration() {
            out.push((m.opcode(d), m.operands_vec(d)));
        }
    }
    out
}

fn location_of(m: &Module, decorations: &[(Opcode, Vec<Inst>)]) -> Option<u32> {
    decorations
        .iter()
        .find(|(op, _)| *op == Opcode::DecoLocation)
        .and_then(|(_, ops)| ops.first())
        .and_then(|&x| m.const_u32(x))
}

/// The leaves of a value of type `ty` whose own IO decorations are `own` (a parameter or
/// the result) at position `k`; `None` when it is neither decorated nor an IO struct.
fn leaves_of(
    m: &Module,
    ty: Inst,
    own: Vec<(Opcode, Vec<Inst>)>,
    name: &str,
    k: usize,
    order: &mut u32,
) -> Option<Vec<Leaf>> {
    let mut make = |ty: Inst, name: String, decorations: Vec<(Opcode, Vec<Inst>)>, at| {
        let key = match location_of(m, &decorations) {
            Some(l) => (false, l),
            None => {
                *order += 1;
                (true, *order)
            }
        };
        Leaf {
            ty,
            name,
            decorations,
            at,
            key,
        }
    };
    if !own.is_empty() {
        return Some(vec![make(ty, name.to_string(), own, (k, None))]);
    }
    if m.opcode(ty) != Opcode::Struct {
        return None;
    }
    let mut out = Vec::new();
    for (j, f) in m.struct_fields(ty).into_iter().enumerate() {
        let decorations = io_decorations(m, f);
        if decorations.is_empty() {
            return None;
        }
        let fname = m.name(f).unwrap_or("member").to_string();
        out.push(make(m.ty(f)?, fname, decorations, (k, Some(j as u32))));
    }
    Some(out)
}

/// Wraps entry point `f`; returns whether it had any IO.
fn wrap(
    m: &mut Module,
    f: Func,
    options: &Options,
    num_workgroups: &mut Option<Value>,
) -> Result<bool, Diagnostic> {
    let fn_ty = m.ty(f.inst()).ok_or_else(|| malformed(m, f.inst()))?;
    let (result_ty, param_tys) = m.fn_parts(fn_ty).ok_or_else(|| malformed(m, f.inst()))?;
    let entry = m.entry_block(f).ok_or_else(|| malformed(m, f.inst()))?;
    let params = m.block_params(entry);
    let mut order = 0;
    let mut inputs = Vec::new();
    for (k, p) in params.iter().enumerate() {
        let own = io_decorations(m, p.inst());
        let name = m.name(p.inst()).unwrap_or("input").to_string();
        let leaves = leaves_of(m, param_tys[k], own, &name, k, &mut order)
            .ok_or_else(|| not_io(m, p.inst(), "an entry-point parameter"))?;
        inputs.extend(leaves);
    }
    let mut outputs = Vec::new();
    if m.opcode(result_ty) != Opcode::Void {
        let own = io_decorations(m, f.inst());
        outputs = leaves_of(m, result_ty, own, "result", 0, &mut order)
            .ok_or_else(|| not_io(m, f.inst(), "an entry point's result"))?;
    }
    if inputs.is_empty() && outputs.is_empty() {
        return Ok(false);
    }
    // Loops rather than any/partition/map chains: each chain was its own copy of the
    // iterator code in the package.
    let mut reads_num_workgroups = false;
    if options.num_workgroups.is_some() {
        for l in &inputs {
            if is_num_workgroups(m, l) {
                reads_num_workgroups = true;
                break;
            }
        }
    }
    if canonical(&inputs, params.len()) && canonical(&outputs, 1) && !reads_num_workgroups {
        // Already one struct in and one struct out, in order: this transform's output.
        return Ok(false);
    }
    // Read from a buffer instead of the input struct.
    let mut from_buffer = Vec::new();
    if options.num_workgroups.is_some() {
        let mut rest: Vec<Leaf> = Vec::new();
        for l in inputs {
            if is_num_workgroups(m, &l) {
                from_buffer.push(l.at);
            } else {
                rest.push(l);
            }
        }
        inputs = rest;
    }
    // Through the one shared sort (see `util::sort`): (is builtin, index) as one key.
    let key = |l: &Leaf| sort::pair(u32::from(l.key.0), l.key.1);
    sort::by_key(&mut inputs, key);
    sort::by_key(&mut outputs, key);
    let name = m.name(f.inst()).unwrap_or("main").to_string();
    let mut b = Builder::new(m);
    let in_ty = (!inputs.is_empty()).then(|| io_struct(&mut b, &format!("{name}_in"), &inputs));
    let out_ty = (!outputs.is_empty()).then(|| io_struct(&mut b, &format!("{name}_out"), &outputs));
    let void = b.ty_void();
    let wrapper_ty = b.ty_fn(in_ty.as_slice(), out_ty.unwrap_or(void));
    let wrapper = b.func(&name, wrapper_ty);
    let span = b.module.span(f.inst());
    b.set_span(span);
    b.module.set_span(wrapper.inst(), span);
    let wentry = b
        .module
        .entry_block(wrapper)
        .ok_or_else(|| malformed(b.module, f.inst()))?;
    let input = b.module.block_params(wentry).first().copied();
    // The original arguments, from the input struct's members.
    let mut args = Vec::with_capacity(params.len());
    for (k, &pty) in param_tys.iter().enumerate() {
        let mut member = |b: &mut Builder<'_>, at: (usize, Option<u32>)| -> Option<Value> {
            if let (true, Some(place)) = (from_buffer.contains(&at), options.num_workgroups) {
                let var = num_workgroups_var(b, num_workgroups, place);
                return Some(b.load(var));
            }
            let j = inputs.iter().position(|l| l.at == at)?;
            let ix = b.const_u32(j as u32);
            let ty = Type(inputs[j].ty);
            Some(b.value(Opcode::Extract, ty, &[input?, ix]))
        };
        let arg =
            match member(&mut b, (k, None)) {
                Some(v) => v,
                None => {
                    let n = b.module.struct_field_count(pty);
                    let mut parts = Vec::with_capacity(n);
                    for j in 0..n {
                        parts.push(member(&mut b, (k, Some(j as u32))).ok_or_else(|| {
                            not_io(b.module, f.inst(), "an entry-point parameter")
                        })?);
                    }
                    b.value(Opcode::Construct, Type(pty), &parts)
                }
            };
        args.push(arg);
    }
    let r = b.call(f, &args);
    match out_ty {
        Some(out_ty) => {
            let mut parts = Vec::with_capacity(outputs.len());
            for l in &outputs {
                parts.push(match l.at.1 {
                    None => r,
                    Some(j) => {
                        let ix = b.const_u32(j);
                        b.value(Opcode::Extract, Type(l.ty), &[r, ix])
                    }
                });
            }
            let out = b.value(Opcode::Construct, out_ty, &parts);
            b.ret(Some(out));
        }
        None => {
            b.ret(None);
        }
    }
    // The stage moves to the wrapper; the original becomes an ordinary function.
    for d in m.decorations(f.inst()).collect::<Vec<_>>() {
        let op = m.opcode(d);
        if is_stage_decoration(op) {
            let ops = m.operands_vec(d);
            m.add_decoration(wrapper.inst(), op, &ops);
            m.remove(d);
        } else if op.is_io_decoration() {
            m.remove(d);
        }
    }
    for p in &params {
        for d in m.decorations(p.inst()).collect::<Vec<_>>() {
            if m.opcode(d).is_io_decoration() {
                m.remove(d);
            }
        }
    }
    m.set_name(f.inst(), &format!("{name}_inner"));
    // Keep the wrapper after the function it calls.
    m.detach(wrapper.inst());
    m.insert_after(f.inst(), wrapper.inst());
    Ok(true)
}

/// Whether `leaves` are the members of one struct (the only one of `count` values), in
/// their sorted order: the shape this transform makes, which it leaves alone.
fn canonical(leaves: &[Leaf], count: usize) -> bool {
    if leaves.is_empty() {
        return true;
    }
    count == 1
        && leaves
            .iter()
            .enumerate()
            .all(|(j, l)| l.at == (0, Some(j as u32)))
        && leaves.windows(2).all(|w| w[0].key <= w[1].key)
}

/// A struct with one member per leaf, carrying the leaf's decorations.
fn io_struct(b: &mut Builder<'_>, name: &str, leaves: &[Leaf]) -> Type {
    let mut fields: Vec<(&str, Type)> = Vec::with_capacity(leaves.len());
    for l in leaves {
        fields.push((l.name.as_str(), Type(l.ty)));
    }
    let s = b.ty_struct(name, &fields);
    let members = b.module.struct_fields(s.inst());
    for (f, l) in members.into_iter().zip(leaves) {
        for (op, ops) in &l.decorations {
            b.decorate(f, *op, ops);
        }
    }
    s
}

fn malformed(m: &Module, at: Inst) -> Diagnostic {
    located(
        m,
        at,
        "an entry point without a function type or body".to_string(),
    )
}

fn not_io(m: &Module, at: Inst, what: &str) -> Diagnostic {
    located(
        m,
        at,
        format!("{what} is neither decorated as a stage input or output nor a struct of them"),
    )
}

fn located(m: &Module, at: Inst, message: String) -> Diagnostic {
    let d = Diagnostic::error(
        codes::TRANSFORM_UNSUPPORTED,
        format!("shader-io: {message}"),
    );
    let span = m.span(at);
    if span.is_detached() {
        d
    } else {
        d.with_primary(span, "here")
    }
}
