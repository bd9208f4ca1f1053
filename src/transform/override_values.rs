//! `override-values`: values for `override`s given at compile time, as WebGPU's pipeline
//! constants (`GPUProgrammableStage.constants`) and `refract compile --override NAME=VALUE`
//! give them.
//!
//! A value becomes the override's initializer: the `override` stays, so SPIR-V keeps its
//! `OpSpecConstant` (now defaulting to the value) and WGSL its declaration, while HLSL and
//! Gen, which have no specialization constants, bake the value in as they bake defaults.
//! The same program with the value written as the default in the source compiles to the
//! same output. An initializer the value replaces is removed with what only it used.
//!
//! Rules, from WebGPU's pipeline creation ("get the override values"):
//! - A value is keyed by the override's name or by its `@id` in decimal; a key that names
//!   no override of the module is an error (E4004), and so is one override given twice.
//! - A value is a double converted to the override's type: `bool` is `value != 0`; `i32`
//!   and `u32` need a whole number in range; `f32` and `f16` need a finite value within
//!   the type's range, rounded to nearest. Anything else is an error naming the override
//!   (E4005), never a silent truncation.
//!
//! Runs on the lowered module before entry-point selection, so every override of the
//! source can be named, whether or not the chosen entry point uses it.

use crate::diag::{Diagnostic, codes};
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::builder::Builder;
use crate::ir::types::Scalar;
use crate::ir::{Inst, Module, Opcode, Type};
use crate::util::float_text::display_f64;
use crate::util::map::{Map, Set};

pub const NAME: &str = "override-values";

/// The values, in the order given: `(name or decimal @id, value)`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Options {
    pub values: Vec<(String, f64)>,
}

pub fn run(m: &mut Module, _: &mut Analyses, o: &Options) -> Result<Changed, Diagnostic> {
    if o.values.is_empty() {
        return Ok(Changed::None);
    }
    // Each override by its name and by its id, as its index: a map of `u32`s, a table
    // type the npm package has anyway.
    let mut by_key: Map<String, u32> = Map::default();
    for c in m.children(m.root()) {
        if m.opcode(c) != Opcode::Override {
            continue;
        }
        if let Some(name) = m.name(c) {
            by_key.insert(name.to_string(), c.index() as u32);
        }
        if let Some(id) = m
            .decoration(c, Opcode::DecoId)
            .and_then(|d| m.operand_opt(d, 0))
        {
            by_key.insert(m.literal(id).to_string(), c.index() as u32);
        }
    }
    // The first value given for each override, by its index in `o.values`: a map of
    // `u32`s, a table type the npm package has anyway (each distinct one costs it code).
    let mut given: Map<Inst, u32> = Map::default();
    for (k, (key, value)) in o.values.iter().enumerate() {
        let Some(ov) = by_key
            .get(key.as_str())
            .map(|&k| Inst::from_index(k as usize))
        else {
            return Err(Diagnostic::error(
                codes::OVERRIDE_UNKNOWN,
                format!("a value is given for `{key}`, but no override has that name or id"),
            ));
        };
        let name = m.name(ov).unwrap_or(key).to_string();
        if let Some(first) = given.insert(ov, k as u32) {
            let first = &o.values[first as usize].0;
            return Err(Diagnostic::error(
                codes::OVERRIDE_UNKNOWN,
                format!("override `{name}` is given two values (as `{first}` and as `{key}`)"),
            ));
        }
        let ty = m.ty(ov).and_then(|t| m.scalar(t).map(|s| (t, s)));
        let Some((ty, scalar)) = ty else {
            return Err(super::error(
                m,
                codes::INTERNAL,
                "an override whose type is not a scalar",
                ov,
            ));
        };
        let bits = bits_of(scalar, *value).ok_or_else(|| {
            super::error(
                m,
                codes::OVERRIDE_VALUE,
                &format!(
                    "override `{name}` cannot take the value {}: it is not {}",
                    display_f64(*value),
                    what_fits(scalar)
                ),
                ov,
            )
        })?;
        let constant = Builder::new(m).const_scalar(Type(ty), bits).inst();
        let old = m.operand_opt(ov, 0);
        if m.num_operands(ov) == 0 {
            m.push_operand(ov, constant);
        } else {
            m.set_operand(ov, 0, constant);
        }
        if let Some(old) = old {
            remove_if_unused(m, old);
        }
    }
    Ok(Changed::Instructions)
}

/// `value` as the bits of a `scalar` constant, when it converts exactly as WebGPU says.
fn bits_of(scalar: Scalar, value: f64) -> Option<u32> {
    let whole = value.is_finite() && value.fract() == 0.0;
    match scalar {
        Scalar::Bool => (!value.is_nan()).then_some(u32::from(value != 0.0)),
        Scalar::I32 => (whole && (-2_147_483_648.0..=2_147_483_647.0).contains(&value))
            .then_some(value as i32 as u32),
        Scalar::U32 => (whole && (0.0..=4_294_967_295.0).contains(&value)).then_some(value as u32),
        Scalar::F32 => {
            let f = value as f32;
            f.is_finite().then_some(f.to_bits())
        }
        Scalar::F16 => {
            let h = half::f16::from_f64(value);
            h.is_finite().then_some(u32::from(h.to_bits()))
        }
    }
}

fn what_fits(scalar: Scalar) -> &'static str {
    match scalar {
        Scalar::Bool => "a number (0 is false, any other true)",
        Scalar::I32 => "a whole number from -2147483648 to 2147483647 (i32)",
        Scalar::U32 => "a whole number from 0 to 4294967295 (u32)",
        Scalar::F32 => "a finite number within f32's range",
        Scalar::F16 => "a finite number within f16's range (at most 65504 in magnitude)",
    }
}

/// Removes the module-scope value `v` when nothing uses it any more, and then what only
/// it used: the constants and pure operations of an initializer's expression (never the
/// overrides it read).
fn remove_if_unused(m: &mut Module, v: Inst) {
    let mut work = vec![v];
    let mut removed = Set::default();
    while let Some(v) = work.pop() {
        let op = m.opcode(v);
        if removed.contains(&v) || m.has_uses(v) || !(op.is_constant() || op.is_pure()) {
            continue;
        }
        work.extend(m.operands(v));
        m.remove(v);
        removed.insert(v);
    }
}
