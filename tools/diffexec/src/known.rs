//! Differences from the reference that are not refract bugs.
//!
//! A mismatch is listed here only when external ground truth shows refract is right (or
//! that WGSL allows both answers), and only as narrowly as the evidence goes: one corpus
//! file, on one path when the cause is that path's (glslang on the HLSL path), one kind of
//! float leaf, and at most `max_ulp` units in the last place apart. Anything else on
//! that file is still a mismatch. The harness reports these as "known differences",
//! loudly, with the reason; they never count as passes.

use crate::harness::LeafDiff;
use crate::paths::Path;
use crate::reflect::LeafKind;

/// One accepted difference.
pub struct Known {
    /// The corpus file, as the harness names it (relative to the corpus folder).
    pub file: &'static str,
    /// The path the difference is accepted on; `None` for every path.
    pub path: Option<Path>,
    /// The kind of leaf that may differ.
    pub kind: LeafKind,
    /// The largest distance, in units in the last place of `kind` (f32 or f16), a differing
    /// leaf may have.
    pub max_ulp: u32,
    pub reason: &'static str,
}

/// glslang folds `atan` of constants exactly; lavapipe's run-time `atan` is 56 ULP off.
const ATAN_FOLDED: &str = "atan(1) (and atan2(1, 1)) folded by glslang on the HLSL path: \
     pi/4 = 0x3f490fdb, correctly rounded; the reference computes it at run time on lavapipe \
     as 0x3f490fa3, 56 ULP away; WGSL allows 4096 ULP for atan and atan2";

/// glslang folds `acos(0.9689124f)` in double precision from the literal's decimal value
/// (0.25000008775 → 0x3e800003), not from its f32 value 0x3f780aa5 (acos = 0.2499999962,
/// correctly rounded 0x3e800000). The reference's run-time acos is further off.
const ACOS_FOLDED: &str = "acos(0.9689124f) folded by glslang on the HLSL path in double \
     precision from the literal's decimal value, not its f32 value: 0x3e800003, 3 ULP above \
     the correctly rounded 0x3e800000; the reference computes it at run time on lavapipe as \
     0x3e7ff758, 2216 ULP below; WGSL's acos inherits atan2's 4096 ULP";

/// `acos(half(0.96875))` folded by glslang, which keeps `half` in 32 bits.
const ACOS_F16_FOLDED: &str = "acos(0.96875h) folded by glslang on the HLSL path and \
     rounded to f16 once: 0x3403, correctly rounded (acos = 0.2506557); the reference \
     computes it in f16 at run time on lavapipe as 0x3400, 3 ULP below; WGSL's acos \
     inherits atan2's 4096 ULP";

/// `acosh(1.5430806f)` folded by glslang.
const ACOSH_FOLDED: &str = "acosh(1.5430806f) folded by glslang on the HLSL path: \
     0x3f800000, correctly rounded (acosh = 1.0000000448); the reference computes it at run \
     time on lavapipe as 0x3f800001, 1 ULP above";

/// An HLSL-path entry: `file`'s `kind` leaves up to `max_ulp` apart, for `reason`.
const fn glslang(file: &'static str, kind: LeafKind, max_ulp: u32, reason: &'static str) -> Known {
    Known {
        file,
        path: Some(Path::RefractHlsl),
        kind,
        max_ulp,
        reason,
    }
}

/// A file of Tint's generated builtin tests, at compile time.
macro_rules! var {
    ($name:literal) => {
        concat!("dawn/test/tint/builtins/gen/var/", $name)
    };
}

pub const KNOWN: &[Known] = &[
    Known {
        file: "dawn/test/tint/benchmark/atan2-const-eval.wgsl",
        path: None,
        kind: LeafKind::F32,
        max_ulp: 1,
        reason: "const-evaluated atan2 of f32 extremes: refract gives the correctly rounded \
                 result (computed in f64, rounded once; e.g. atan2(-1.4172526e35, \
                 -1.1754942e-38) = -pi/2 = 0xbfc90fdb), naga's constant evaluator is 1 ULP \
                 off (0xbfc90fda); WGSL allows 4096 ULP for atan2",
    },
    glslang(var!("atan/02979a.wgsl"), LeafKind::F32, 56, ATAN_FOLDED),
    glslang(var!("atan/331e6d.wgsl"), LeafKind::F32, 56, ATAN_FOLDED),
    glslang(var!("atan/a8b696.wgsl"), LeafKind::F32, 56, ATAN_FOLDED),
    glslang(var!("atan/ad96e4.wgsl"), LeafKind::F32, 56, ATAN_FOLDED),
    glslang(var!("atan2/57fb13.wgsl"), LeafKind::F32, 56, ATAN_FOLDED),
    glslang(var!("atan2/96057c.wgsl"), LeafKind::F32, 56, ATAN_FOLDED),
    glslang(var!("atan2/a70d0d.wgsl"), LeafKind::F32, 56, ATAN_FOLDED),
    glslang(var!("atan2/ae713e.wgsl"), LeafKind::F32, 56, ATAN_FOLDED),
    glslang(var!("acos/489247.wgsl"), LeafKind::F32, 2219, ACOS_FOLDED),
    glslang(var!("acos/8e2acf.wgsl"), LeafKind::F32, 2219, ACOS_FOLDED),
    glslang(var!("acos/a610c4.wgsl"), LeafKind::F32, 2219, ACOS_FOLDED),
    glslang(var!("acos/dfc915.wgsl"), LeafKind::F32, 2219, ACOS_FOLDED),
    glslang(var!("acos/004aff.wgsl"), LeafKind::F16, 3, ACOS_F16_FOLDED),
    glslang(var!("acos/203628.wgsl"), LeafKind::F16, 3, ACOS_F16_FOLDED),
    glslang(var!("acos/303e3d.wgsl"), LeafKind::F16, 3, ACOS_F16_FOLDED),
    glslang(var!("acos/f47057.wgsl"), LeafKind::F16, 3, ACOS_F16_FOLDED),
    glslang(var!("acosh/640883.wgsl"), LeafKind::F32, 1, ACOSH_FOLDED),
    glslang(var!("acosh/d51ccb.wgsl"), LeafKind::F32, 1, ACOSH_FOLDED),
    glslang(var!("acosh/e38f5c.wgsl"), LeafKind::F32, 1, ACOSH_FOLDED),
    glslang(var!("acosh/ecf2d1.wgsl"), LeafKind::F32, 1, ACOSH_FOLDED),
];

/// The reason `diffs` on `file` along `path` are a known difference, if they all are.
pub fn explains(file: &str, path: Path, diffs: &[LeafDiff]) -> Option<&'static str> {
    let known = KNOWN
        .iter()
        .find(|k| k.file == file && k.path.is_none_or(|p| p == path))?;
    let within = |d: &LeafDiff| {
        let distance = match d.kind {
            LeafKind::F16 => ulp_distance_f16(d.expected as u16, d.got as u16),
            LeafKind::F32 => ulp_distance(d.expected as u32, d.got as u32),
            _ => u32::MAX,
        };
        d.kind == known.kind && distance <= known.max_ulp
    };
    (!diffs.is_empty() && diffs.iter().all(within)).then_some(known.reason)
}

/// Why `diffs` on the HLSL path are not refract's: glslang's HLSL front end (DXC's
/// stand-in here) spells `half` as 32-bit `float` (DXC with `-enable-16bit-types`, which
/// Shader Model 6.2 `f16` needs, makes it 16-bit), so an `f16` computation is rounded to
/// 16 bits once at the store instead of after each operation. Only `f16` leaves at most
/// one 16-bit unit in the last place apart qualify.
pub fn explains_glslang_half(diffs: &[LeafDiff]) -> Option<&'static str> {
    let within = |d: &LeafDiff| {
        d.kind == LeafKind::F16 && ulp_distance_f16(d.expected as u16, d.got as u16) <= 1
    };
    (!diffs.is_empty() && diffs.iter().all(within)).then_some(
        "glslang computes HLSL `half` in 32 bits (DXC with -enable-16bit-types does not); \
         f16 results within 1 ULP",
    )
}

/// glslang runs SPIRV-Tools' optimizer on HLSL (legalization and performance passes, with
/// folding). Some of its rewrites change results that DXC computes as written, or crash:
const RECIPROCAL_FDIV: &str = "glslang's optimizer (SPIRV-Tools' folding rule ReciprocalFDiv, \
     which glslang runs on HLSL) turns x / c for a constant c into x * (1 / c), \
     rounding twice (1 ULP, more after floor and the like); the same HLSL through glslang \
     -Od keeps OpFDiv and agrees with the reference bit for bit. DXC emits fdiv, and with \
     IEEE strictness (-Gis) no fast-math flag lets LLVM take the reciprocal; WGSL allows \
     2.5 ULP for x / y";
const SNEGATE_UDIV: &str = "glslang's optimizer (SPIRV-Tools 2023.1, the one installed) \
     folds -(c / x) on unsigned integers into (-c) / x (SPIRV-Tools issue 5822, fixed by \
     pull request 5823 in 2024); the same HLSL through glslang -Od keeps OpSNegate of OpUDiv \
     and agrees with the reference bit for bit. DXC computes 0 - (c / x)";

/// glslang's HLSL front end gives `%` GLSL's meaning. HLSL's `%` is C's truncated
/// remainder, with the sign of the dividend (DXC emits `srem` and `frem`), as WGSL's is.
pub const GLSLANG_MOD: &str = "glslang's HLSL front end compiles `%` on int and float to \
     OpSMod and OpFMod (GLSL's mod, with the sign of the divisor); HLSL's `%` truncates, \
     with the sign of the dividend (DXC emits srem and frem), as WGSL's does. glslang's \
     SPIR-V with OpSRem and OpFRem in their place agrees with the reference bit for bit";

/// glslang's SPIR-V with HLSL's truncated remainders in place of GLSL's `mod`
/// (`OpSMod` → `OpSRem`, `OpFMod` → `OpFRem`, same operands), if it has any.
pub fn truncated_remainders(words: &[u32]) -> Option<Vec<u32>> {
    const SREM: u32 = 138;
    const SMOD: u32 = 139;
    const FREM: u32 = 140;
    const FMOD: u32 = 141;
    let mut out = words.to_vec();
    let mut changed = false;
    let mut at = 5;
    while at < out.len() {
        let count = (out[at] >> 16) as usize;
        let swapped = match out[at] & 0xffff {
            SMOD => SREM,
            FMOD => FREM,
            _ => 0,
        };
        if swapped != 0 {
            out[at] = out[at] & 0xffff_0000 | swapped;
            changed = true;
        }
        at += count.max(1);
    }
    changed.then_some(out)
}

/// glslang's HLSL front end folds float constant expressions in double precision.
pub const GLSLANG_DOUBLE_FOLD: &str = "glslang's HLSL front end folds an expression of float \
     literals in double precision, rounding to f32 once at the end (seed 8979: \
     0.625f + 0.625f * 0.625f / 1.625f gives 0x3f5d89d9; f32 arithmetic, as DXC folds it, \
     gives 0x3f5d89d8). The same HLSL with each float literal written as asfloat(bits), \
     which glslang's front end does not fold (SPIRV-Tools folds it later, in f32), \
     agrees with the reference bit for bit";

/// `hlsl` with every `f`-suffixed float literal written as `asfloat(0xBITSu)` (its exact
/// f32 value), so that glslang's front end cannot fold expressions of them; `None` if it
/// has none.
pub fn hide_float_literals(hlsl: &str) -> Option<String> {
    let b = hlsl.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut out = String::with_capacity(hlsl.len());
    let (mut at, mut copied, mut any) = (0, 0, false);
    while at < b.len() {
        let starts =
            b[at].is_ascii_digit() && (at == 0 || !(ident(b[at - 1]) || b[at - 1] == b'.'));
        if !starts {
            at += 1;
            continue;
        }
        let mut end = at;
        while end < b.len() && (b[end].is_ascii_digit() || b[end] == b'.') {
            end += 1;
        }
        if end < b.len() && (b[end] == b'e' || b[end] == b'E') {
            let mut e = end + 1;
            if e < b.len() && (b[e] == b'+' || b[e] == b'-') {
                e += 1;
            }
            if e < b.len() && b[e].is_ascii_digit() {
                while e < b.len() && b[e].is_ascii_digit() {
                    e += 1;
                }
                end = e;
            }
        }
        let literal = &hlsl[at..end];
        let float = literal.contains(['.', 'e', 'E']);
        let suffixed = end < b.len() && b[end] == b'f' && b.get(end + 1).is_none_or(|&c| !ident(c));
        match literal.parse::<f32>() {
            Ok(v) if float && suffixed => {
                out.push_str(&hlsl[copied..at]);
                out.push_str(&format!("asfloat(0x{:08x}u)", v.to_bits()));
                copied = end + 1;
                any = true;
                at = end + 1;
            }
            _ => at = end.max(at + 1),
        }
    }
    out.push_str(&hlsl[copied..]);
    any.then_some(out)
}

/// glslang's optimizer fuses a multiply feeding an add into one `Fma`.
const FMA_CONTRACTION: &str = "glslang's optimizer (SPIRV-Tools' folding, run by glslang \
     on HLSL) fuses a multiply and an add into GLSL.std.450 Fma, rounding once \
     where the HLSL rounds twice; the same HLSL through glslang -Od has no such Fma and \
     agrees with the reference bit for bit. WGSL and HLSL both allow the contraction";
/// glslang's optimizer leaves an undefined lane in an integer divisor.
const UNDEF_DIVISOR: &str = "glslang's optimizer (SPIRV-Tools' eliminate-dead-inserts pass, \
     among the passes glslang runs on HLSL) replaces an unused lane of an integer \
     division's divisor, which refract's HLSL guards against zero, with OpUndef; lavapipe \
     divides by it and traps (SIGFPE). The same HLSL through glslang -Od runs and agrees \
     with the reference bit for bit";

/// The instructions of a SPIR-V module: opcode and operand words.
fn instructions(words: &[u32]) -> impl Iterator<Item = (u32, &[u32])> {
    let mut at = 5;
    std::iter::from_fn(move || {
        let head = *words.get(at)?;
        let count = ((head >> 16) as usize).max(1);
        let operands = words.get(at + 1..at + count)?;
        at += count;
        Some((head & 0xffff, operands))
    })
}

/// How many `Fma`s of GLSL.std.450 a module holds.
fn fmas(words: &[u32]) -> usize {
    const EXT_INST_IMPORT: u32 = 11;
    const EXT_INST: u32 = 12;
    const FMA: u32 = 50;
    let glsl: Vec<u32> = instructions(words)
        .filter(|&(op, o)| {
            let name: Vec<u8> = o.iter().skip(1).flat_map(|w| w.to_le_bytes()).collect();
            op == EXT_INST_IMPORT && name.starts_with(b"GLSL.std.450\0")
        })
        .map(|(_, o)| o[0])
        .collect();
    instructions(words)
        .filter(|&(op, o)| op == EXT_INST && o.len() >= 4 && glsl.contains(&o[2]) && o[3] == FMA)
        .count()
}

/// Why the HLSL path's `diffs` (or its crash, with `diffs` empty) are glslang's
/// optimizer's doing, given glslang's SPIR-V of the same HLSL with the optimizer
/// (`optimized`, the path's) and without it (`-Od`, `unoptimized`), which the caller must
/// run and find equal to the reference. Each rewrite is recognised by its pattern: what it
/// folds, present in the unoptimized SPIR-V, or what it leaves, in the optimized one. The
/// words may differ by more than a rewrite's ULP: `floor` of a quotient one ULP off can be
/// 1.0 off (seed 939).
pub fn explains_glslang_optimizer(
    optimized: &[u32],
    unoptimized: &[u32],
    diffs: &[LeafDiff],
) -> Option<&'static str> {
    const UNDEF: u32 = 1;
    const CONSTANT: u32 = 43;
    const CONSTANT_COMPOSITE: u32 = 44;
    const COMPOSITE_CONSTRUCT: u32 = 80;
    const SNEGATE: u32 = 126;
    const UDIV: u32 = 134;
    const SDIV: u32 = 135;
    const FDIV: u32 = 136;
    const UMOD: u32 = 137;
    const SREM: u32 = 138;
    const SMOD: u32 = 139;
    // The opcode defining each result id (every opcode looked up here has a result type,
    // then a result id), and each instruction's id operands.
    let defs = |words| -> std::collections::HashMap<u32, (u32, Vec<u32>)> {
        instructions(words)
            .filter(|&(op, o)| {
                matches!(
                    op,
                    UNDEF | CONSTANT | CONSTANT_COMPOSITE | COMPOSITE_CONSTRUCT | UDIV
                ) && o.len() >= 2
            })
            .map(|(op, o)| (o[1], (op, o[2..].to_vec())))
            .collect()
    };
    let before = defs(unoptimized);
    let op_of = |id: &u32| before.get(id).map(|d| d.0);
    let negated_udiv = instructions(unoptimized)
        .any(|(op, o)| op == SNEGATE && o.len() == 3 && op_of(&o[2]) == Some(UDIV));
    let constant_divisor = instructions(unoptimized).any(|(op, o)| {
        op == FDIV && o.len() == 4 && matches!(op_of(&o[3]), Some(CONSTANT | CONSTANT_COMPOSITE))
    });
    let after = defs(optimized);
    let undef = |id: &u32| after.get(id).is_some_and(|d| d.0 == UNDEF);
    let undef_divisor = instructions(optimized).any(|(op, o)| {
        matches!(op, UDIV | SDIV | UMOD | SREM | SMOD)
            && o.len() == 4
            && (undef(&o[3])
                || after.get(&o[3]).is_some_and(|(op, parts)| {
                    *op == COMPOSITE_CONSTRUCT && parts.iter().any(undef)
                }))
    });
    if diffs.is_empty() {
        undef_divisor.then_some(UNDEF_DIVISOR)
    } else if negated_udiv {
        Some(SNEGATE_UDIV)
    } else if constant_divisor {
        Some(RECIPROCAL_FDIV)
    } else if fmas(optimized) > fmas(unoptimized) {
        Some(FMA_CONTRACTION)
    } else {
        None
    }
}

/// [`ulp_distance`] for f16 bit patterns.
fn ulp_distance_f16(a: u16, b: u16) -> u32 {
    let ordered = |x: u16| -> i32 {
        if x & 0x8000 != 0 {
            -i32::from(x & 0x7fff)
        } else {
            i32::from(x)
        }
    };
    (ordered(a) - ordered(b)).unsigned_abs()
}

/// How many f32 values lie between two bit patterns (0 for equal values, 1 for
/// neighbours), across zero too.
fn ulp_distance(a: u32, b: u32) -> u32 {
    // Map the sign-magnitude bits onto a line where neighbouring floats are neighbouring
    // integers.
    let ordered = |x: u32| -> i64 {
        if x & 0x8000_0000 != 0 {
            -i64::from(x & 0x7fff_ffff)
        } else {
            i64::from(x)
        }
    };
    u32::try_from((ordered(a) - ordered(b)).unsigned_abs()).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaf(expected: u32, got: u32) -> LeafDiff {
        LeafDiff {
            buffer: 0,
            offset: 0,
            kind: LeafKind::F32,
            expected: u64::from(expected),
            got: u64::from(got),
        }
    }

    /// A SPIR-V body: the header, then `%3 = OpConstant %1 …`, `%4 = OpUDiv %1 %2 %3`
    /// and the instruction under test.
    fn spirv(last: &[u32]) -> Vec<u32> {
        let mut words = vec![0x0723_0203, 0x0001_0300, 0, 16, 0];
        words.extend([4 << 16 | 43, 1, 3, 0x4010_0000]);
        words.extend([5 << 16 | 134, 1, 4, 2, 3]);
        words.extend(last);
        words
    }

    #[test]
    fn optimizer_rewrites_are_recognised_by_their_pattern() {
        let fdiv_by_constant = spirv(&[5 << 16 | 136, 1, 5, 2, 3]);
        let fdiv_by_variable = spirv(&[5 << 16 | 136, 1, 5, 3, 2]);
        let negated_udiv = spirv(&[4 << 16 | 126, 1, 5, 4]);
        let negated_other = spirv(&[4 << 16 | 126, 1, 5, 2]);
        let float = [leaf(0x4139_c71c, 0x4139_c71d)];
        let mut int = leaf(0xffff_fff9, 0x297c_57ba);
        int.kind = LeafKind::U32;
        let plain = spirv(&[]);
        let explains = |unoptimized: &[u32], diffs: &[LeafDiff]| {
            explains_glslang_optimizer(&plain, unoptimized, diffs)
        };
        assert_eq!(explains(&fdiv_by_constant, &float), Some(RECIPROCAL_FDIV));
        assert!(explains(&fdiv_by_variable, &float).is_none());
        assert_eq!(explains(&negated_udiv, &[int.clone()]), Some(SNEGATE_UDIV));
        assert!(explains(&negated_other, &[int]).is_none());
        assert!(explains(&fdiv_by_constant, &[]).is_none());
        // `%9 = OpExtInstImport "GLSL.std.450"`, then `%6 = OpExtInst %1 %9 Fma %2 %2 %2`.
        let mut fused = spirv(&[6 << 16 | 11, 9]);
        fused.extend(
            b"GLSL.std.450\0\0\0\0"
                .chunks(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
        );
        fused.extend([8 << 16 | 12, 1, 6, 9, 50, 2, 2, 2]);
        assert_eq!(
            explains_glslang_optimizer(&fused, &plain, &float),
            Some(FMA_CONTRACTION)
        );
        assert!(explains_glslang_optimizer(&plain, &fused, &float).is_none());
        // `%7 = OpUndef %1`, `%8 = OpCompositeConstruct %1 %2 %7`, `%9 = OpSDiv %1 %2 %8`.
        let undef_lane = spirv(&[
            3 << 16 | 1,
            1,
            7,
            5 << 16 | 80,
            1,
            8,
            2,
            7,
            5 << 16 | 135,
            1,
            9,
            2,
            8,
        ]);
        assert_eq!(
            explains_glslang_optimizer(&undef_lane, &plain, &[]),
            Some(UNDEF_DIVISOR)
        );
        assert!(explains_glslang_optimizer(&plain, &plain, &[]).is_none());
    }

    #[test]
    fn float_literals_are_hidden_and_nothing_else() {
        let hlsl =
            "const float x_1 = 0.625f + 1.5e-3f * x2f / 1.0f; uint h = 0x3f2u + 3u; half y = 1.5h;";
        assert_eq!(
            hide_float_literals(hlsl).as_deref(),
            Some(
                "const float x_1 = asfloat(0x3f200000u) + asfloat(0x3ac49ba6u) * x2f / asfloat(0x3f800000u); uint h = 0x3f2u + 3u; half y = 1.5h;"
            )
        );
        assert_eq!(hide_float_literals("uint a = 1u; float b = c;"), None);
    }

    #[test]
    fn remainders_replace_mods_only() {
        let with_mod = spirv(&[5 << 16 | 139, 1, 5, 2, 3, 5 << 16 | 141, 1, 6, 2, 3]);
        let rem = truncated_remainders(&with_mod).unwrap();
        assert_eq!(rem[with_mod.len() - 10], 5 << 16 | 138);
        assert_eq!(rem[with_mod.len() - 5], 5 << 16 | 140);
        assert_eq!(rem[..with_mod.len() - 10], with_mod[..with_mod.len() - 10]);
        assert!(truncated_remainders(&spirv(&[])).is_none());
    }

    #[test]
    fn ulps_count_across_zero() {
        assert_eq!(ulp_distance(0xbfc9_0fda, 0xbfc9_0fdb), 1);
        assert_eq!(ulp_distance(0x3f80_0000, 0x3f80_0000), 0);
        assert_eq!(ulp_distance(0x0000_0001, 0x8000_0001), 2);
    }

    #[test]
    fn only_listed_files_and_close_floats_are_explained() {
        let file = KNOWN[0].file;
        let spirv = Path::RefractSpirv;
        assert!(explains(file, spirv, &[leaf(0xbfc9_0fda, 0xbfc9_0fdb)]).is_some());
        assert!(explains(file, spirv, &[leaf(0xbfc9_0fda, 0xbfc9_0fdc)]).is_none());
        assert!(explains("other.wgsl", spirv, &[leaf(0xbfc9_0fda, 0xbfc9_0fdb)]).is_none());
        let mut int = leaf(1, 2);
        int.kind = LeafKind::U32;
        assert!(explains(file, spirv, &[int]).is_none());
        assert!(explains(file, spirv, &[]).is_none());
    }

    #[test]
    fn glslang_entries_hold_on_the_hlsl_path_only() {
        let acos = var!("acos/004aff.wgsl");
        let mut half = leaf(0x3400, 0x3403);
        half.kind = LeafKind::F16;
        assert!(explains(acos, Path::RefractHlsl, std::slice::from_ref(&half)).is_some());
        assert!(explains(acos, Path::RefractSpirv, std::slice::from_ref(&half)).is_none());
        half.got = 0x3404;
        assert!(explains(acos, Path::RefractHlsl, &[half]).is_none());
    }
}
