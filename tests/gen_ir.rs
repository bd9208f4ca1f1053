//! The Gen back end's stages on small programs, checked on their text: scalarization
//! (Gen IR), argument classification, register allocation (used against MaxLive),
//! out-of-SSA (a swap cycle on a back edge needs the temporary once), and instruction
//! selection (immediates and source modifiers folded in).

use refract::back::r#gen as gpu;
use refract::back::r#gen::{Options, RunBuffer};

fn compile(src: &str, simd: u8) -> gpu::Program {
    gpu::compile_source(src, &Options { simd: Some(simd) }, None)
        .unwrap_or_else(|d| panic!("{d:?}"))
}

/// `needles` appear in `text` in order.
fn check_in_order(text: &str, needles: &[&str]) {
    let mut at = 0;
    for n in needles {
        match text[at..].find(n) {
            Some(k) => at += k + n.len(),
            None => panic!("`{n}` not found after byte {at} in:\n{text}"),
        }
    }
}

#[test]
fn vectors_become_one_instruction_per_component() {
    let p = compile(
        "@group(0) @binding(0) var<storage, read_write> v: array<vec4<f32>>;
         @compute @workgroup_size(8) fn main(@builtin(global_invocation_id) g: vec3<u32>) {
             v[g.x] = v[g.x] * 2.0 + vec4(1.0, 2.0, 3.0, 4.0);
         }",
        16,
    );
    let ir = gpu::ir_text(&p);
    // One load of four values, four multiplies, four adds, one store of four values.
    check_in_order(
        &ir,
        &[
            "= load.bti1.f",
            "mul.f",
            "mul.f",
            "mul.f",
            "mul.f",
            "add.f",
            "add.f",
            "add.f",
            "add.f",
            "store.bti1.f",
        ],
    );
    assert_eq!(ir.matches("= load.bti1.f").count(), 1, "{ir}");
    assert!(
        ir.lines()
            .any(|l| l.contains("load.bti1.f") && l.matches('%').count() == 5)
    );
}

#[test]
fn arguments_are_pushed_loaded_or_written() {
    let p = compile(
        "struct P { scale: f32, offset: f32, table: array<vec4<f32>, 4> }
         @group(0) @binding(0) var<uniform> p: P;
         @group(0) @binding(1) var<storage, read> q: array<f32, 16>;
         @group(0) @binding(2) var<storage, read_write> out: array<f32>;
         @compute @workgroup_size(8) fn main(@builtin(global_invocation_id) g: vec3<u32>) {
             out[g.x] = p.scale * q[g.x % 16u] + p.offset + p.table[1].y;
         }",
        8,
    );
    let ir = gpu::ir_text(&p);
    check_in_order(
        &ir,
        &[
            "arg @p group(0) binding(0) bti1 uniform 80 bytes: pushed [0, 4, 36]",
            "arg @q group(0) binding(1) bti2 storage 64 bytes: loaded",
            "arg @out group(0) binding(2) bti3 storage 4 bytes: written",
        ],
    );
    // Pushed reads are register reads, no message.
    assert!(
        ir.contains("pushed.bti1[0].f") && !ir.contains("load.bti1"),
        "{ir}"
    );
    let asm = gpu::asm_text(&p);
    assert!(
        asm.contains("// pushed r1.") && asm.contains("bti1[36]"),
        "{asm}"
    );
}

#[test]
fn allocation_reaches_max_live_and_reports_it() {
    let p = compile(
        "@group(0) @binding(0) var<storage, read_write> v: array<f32>;
         @compute @workgroup_size(16) fn main(@builtin(global_invocation_id) g: vec3<u32>) {
             let a = v[g.x]; let b = v[g.x + 1u]; let c = v[g.x + 2u]; let d = v[g.x + 3u];
             v[g.x] = (a + b) * (c + d) + a * d;
         }",
        16,
    );
    let k = &p.kernels[0];
    assert_eq!(k.kernel.slots_used, k.kernel.max_live);
    assert_eq!(k.kernel.spilled, 0);
    let line = gpu::report_line(k);
    assert!(
        line.contains(&format!(
            "{} registers used, MaxLive {}",
            k.kernel.slots_used, k.kernel.max_live
        )),
        "{line}"
    );
}

const SWAP: &str = "@group(0) @binding(0) var<storage, read_write> out: array<u32>;
    @compute @workgroup_size(16) fn main(@builtin(local_invocation_index) i: u32) {
        var a = i;
        var b = i * 10u + 1u;
        for (var k = 0u; k < i % 5u; k++) {
            let t = a; a = b; b = t;
        }
        out[2u * i] = a;
        out[2u * i + 1u] = b;
    }";

#[test]
fn a_swap_on_the_back_edge_is_one_cycle_through_the_temporary() {
    let p = compile(SWAP, 16);
    let k = &p.kernels[0];
    // a and b trade places on the back edge: one cycle, broken with the temporary.
    assert!(k.copy_cycles >= 1, "{}", gpu::asm_text(&p));
    let mut allocated = String::new();
    gpu::ir::print_function(&mut allocated, &k.allocated);
    assert!(
        !k.allocated.ssa && allocated.contains("mov.ud"),
        "{allocated}"
    );
    // And it computes the swap.
    for simd in [8u8, 16] {
        let p = compile(SWAP, simd);
        let (out, _) = gpu::run(
            &p.kernels[0],
            &[RunBuffer {
                group: 0,
                binding: 0,
                data: vec![0; 128],
            }],
            [1, 1, 1],
            1_000_000,
        )
        .unwrap();
        let w: Vec<u32> = out[0]
            .data
            .chunks(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        for i in 0..16u32 {
            let (mut a, mut b) = (i, i * 10 + 1);
            for _ in 0..i % 5 {
                std::mem::swap(&mut a, &mut b);
            }
            assert_eq!(
                (w[2 * i as usize], w[2 * i as usize + 1]),
                (a, b),
                "lane {i} simd{simd}"
            );
        }
    }
}

#[test]
fn selection_folds_immediates_and_negation() {
    let p = compile(
        "@group(0) @binding(0) var<storage, read_write> v: array<i32>;
         @compute @workgroup_size(8) fn main(@builtin(global_invocation_id) g: vec3<u32>) {
             v[g.x] = (v[g.x] - 5) * 3 + (-v[g.x + 1u]);
         }",
        8,
    );
    let asm = gpu::asm_text(&p);
    assert!(
        asm.contains(":d -5:d"),
        "sub by a constant is add of its negation:\n{asm}"
    );
    assert!(
        asm.contains(" 3:d"),
        "the multiplier is an immediate:\n{asm}"
    );
    assert!(
        !asm.contains("mov (8) r") || !asm.contains("<1>:d 3:d"),
        "no move of the constant:\n{asm}"
    );
    let text = asm.lines().filter(|l| l.contains("send")).count();
    assert!(text >= 2, "{asm}");
}

#[test]
fn structured_control_flow_in_the_assembly() {
    let p = compile(
        "@group(0) @binding(0) var<storage, read_write> v: array<u32>;
         @compute @workgroup_size(8) fn main(@builtin(global_invocation_id) g: vec3<u32>) {
             var s = 0u;
             loop {
                 if (s > v[g.x]) { break; }
                 if (s % 2u == 0u) { s += 3u; continue; } else { s += 1u; }
                 continuing { s += 1u; }
             }
             v[g.x] = s;
         }",
        8,
    );
    let asm = gpu::asm_text(&p);
    check_in_order(
        &asm,
        &[
            "if (8) L",
            "break (8) L",
            "endif (8)",
            "if (8) L",
            "else (8) L",
            "endif (8)",
            "while (8) L",
        ],
    );
}
