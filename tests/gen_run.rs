//! The Gen back end end to end: WGSL compute shaders compiled to Gen assembly and run on
//! the simulator, at SIMD8 and SIMD16, against values computed here.

mod common;

use refract::back::r#gen as gpu;
use refract::back::r#gen::{Options, RunBuffer};

fn run(src: &str, simd: u8, buffers: &[(u32, Vec<u8>)], groups: [u32; 3]) -> Vec<Vec<u8>> {
    let opts = Options { simd: Some(simd) };
    let p = gpu::compile_source(src, &opts, None).unwrap_or_else(|d| panic!("{d:?}"));
    let k = &p.kernels[0];
    let bufs: Vec<RunBuffer> = buffers
        .iter()
        .map(|(b, d)| RunBuffer {
            group: 0,
            binding: *b,
            data: d.clone(),
        })
        .collect();
    let (out, _) = gpu::run(k, &bufs, groups, gpu::sim::DEFAULT_BUDGET)
        .unwrap_or_else(|d| panic!("{d:?}\n{}", gpu::asm_text(&p)));
    out.into_iter().map(|b| b.data).collect()
}

fn words(b: &[u8]) -> Vec<u32> {
    b.chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn bytes(w: &[u32]) -> Vec<u8> {
    w.iter().flat_map(|x| x.to_le_bytes()).collect()
}

const LOOP_BREAK_BARRIER: &str = r#"
@group(0) @binding(0) var<storage, read_write> data: array<vec2<f32>>;
@group(0) @binding(1) var<uniform> params: vec4<f32>;
var<workgroup> tile: array<f32, 64>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) li: u32) {
  var acc = vec2<f32>(0.0);
  for (var i = 0u; i < gid.x; i++) {
    acc += data[i] * params.xy;
    if (acc.x > 3.0) { break; }
  }
  tile[li] = acc.x;
  workgroupBarrier();
  data[gid.x] = acc + vec2(tile[(li + 1u) % 64u]);
}
"#;

/// A loop whose lanes leave at different trips, a uniform pushed into registers,
/// workgroup memory read across threads after a barrier.
#[test]
fn divergent_loop_with_break_and_barrier() {
    let data: Vec<u32> = (0..128).map(|i| (i as f32 * 0.25).to_bits()).collect();
    let input: Vec<[f32; 2]> = data
        .chunks(2)
        .map(|c| [f32::from_bits(c[0]), f32::from_bits(c[1])])
        .collect();
    let accs: Vec<[f32; 2]> = (0..64)
        .map(|g| {
            let mut acc = [0f32; 2];
            for v in &input[..g] {
                acc = [acc[0] + v[0] * 1.0, acc[1] + v[1] * 2.0];
                if acc[0] > 3.0 {
                    break;
                }
            }
            acc
        })
        .collect();
    for simd in [8, 16] {
        let params = bytes(&[1.0f32.to_bits(), 2.0f32.to_bits(), 0, 0]);
        let out = run(
            LOOP_BREAK_BARRIER,
            simd,
            &[(0, bytes(&data)), (1, params)],
            [1, 1, 1],
        );
        let got = words(&out[0]);
        for (g, acc) in accs.iter().enumerate() {
            let t = accs[(g + 1) % 64][0];
            assert_eq!(
                f32::from_bits(got[2 * g]),
                acc[0] + t,
                "x of {g}, simd{simd}"
            );
            assert_eq!(
                f32::from_bits(got[2 * g + 1]),
                acc[1] + t,
                "y of {g}, simd{simd}"
            );
        }
    }
}

/// Runs `src` at both widths over one buffer `out` of `n` u32 (binding 0) and an input
/// buffer `inp` (binding 1), and checks every word against `expect(invocation)`.
fn check_u32(src: &str, n: usize, inp: &[u32], groups: [u32; 3], expect: impl Fn(usize) -> u32) {
    for simd in [8, 16] {
        let out = run(src, simd, &[(0, vec![0; n * 4]), (1, bytes(inp))], groups);
        let got = words(&out[0]);
        for (k, g) in got.iter().enumerate() {
            assert_eq!(*g, expect(k), "word {k} at simd{simd}");
        }
    }
}

const IO: &str = "@group(0) @binding(0) var<storage, read_write> out: array<u32>;\n\
                  @group(0) @binding(1) var<storage, read> inp: array<u32>;\n";

#[test]
fn if_else_with_divergent_lanes() {
    let src = format!(
        "{IO}@compute @workgroup_size(32) fn main(@builtin(local_invocation_index) i: u32) {{
            var r = 0u;
            if (inp[i] % 3u == 0u) {{ r = inp[i] * 2u; }} else if (inp[i] % 3u == 1u) {{ r = 7u; }} else {{ r = i; }}
            out[i] = r;
        }}"
    );
    let inp: Vec<u32> = (0..32).map(|i| i * 5 + 1).collect();
    check_u32(&src, 32, &inp, [1, 1, 1], |i| match inp[i] % 3 {
        0 => inp[i] * 2,
        1 => 7,
        _ => i as u32,
    });
}

#[test]
fn loop_with_break_and_continue_per_lane() {
    let src = format!(
        "{IO}@compute @workgroup_size(16) fn main(@builtin(local_invocation_index) i: u32) {{
            var s = 0u;
            for (var k = 0u; k < 20u; k++) {{
                if (k % 2u == i % 2u) {{ continue; }}
                if (k > inp[i]) {{ break; }}
                s += k;
            }}
            out[i] = s;
        }}"
    );
    let inp: Vec<u32> = (0..16).map(|i| (i * 7) % 19).collect();
    check_u32(&src, 16, &inp, [1, 1, 1], |i| {
        let mut s = 0;
        for k in 0..20u32 {
            if k % 2 == i as u32 % 2 {
                continue;
            }
            if k > inp[i] {
                break;
            }
            s += k;
        }
        s
    });
}

#[test]
fn switch_with_break_inside_a_case() {
    let src = format!(
        "{IO}@compute @workgroup_size(16) fn main(@builtin(local_invocation_index) i: u32) {{
            var r = 100u;
            switch (inp[i]) {{
                case 0u, 1u: {{ r = 10u; }}
                case 2u: {{ if (i > 7u) {{ break; }} r = 20u; }}
                default: {{ r = inp[i] + 1u; }}
            }}
            out[i] = r;
        }}"
    );
    let inp: Vec<u32> = (0..16).map(|i| i % 4).collect();
    check_u32(&src, 16, &inp, [1, 1, 1], |i| match inp[i] {
        0 | 1 => 10,
        2 if i > 7 => 100,
        2 => 20,
        v => v + 1,
    });
}

#[test]
fn early_return_from_an_inlined_call_inside_a_loop() {
    let src = format!(
        "{IO}fn find(limit: u32) -> u32 {{
            for (var k = 0u; k < 64u; k++) {{
                if (k * k >= limit) {{ return k; }}
            }}
            return 99u;
        }}
        @compute @workgroup_size(16) fn main(@builtin(local_invocation_index) i: u32) {{
            if (i == 3u) {{ out[i] = 5u; return; }}
            out[i] = find(inp[i]);
        }}"
    );
    let inp: Vec<u32> = (0..16).map(|i| i * i * 3 + 1).collect();
    check_u32(&src, 16, &inp, [1, 1, 1], |i| {
        if i == 3 {
            return 5;
        }
        (0..64u32).find(|k| k * k >= inp[i]).unwrap_or(99)
    });
}

#[test]
fn send_kinds_buffer_slm_private_and_atomics() {
    // A dynamically indexed private array (private memory), workgroup memory read
    // across threads after a barrier, buffer reads at computed offsets, and atomics
    // whose results are used.
    let src = format!(
        "{IO}var<workgroup> sh: array<u32, 32>;
        @group(0) @binding(2) var<storage, read_write> counter: atomic<u32>;
        @compute @workgroup_size(32) fn main(@builtin(local_invocation_index) i: u32) {{
            var local = array<u32, 8>(1u, 2u, 3u, 4u, 5u, 6u, 7u, 8u);
            local[inp[i] % 8u] = i;
            sh[i] = local[(i + 3u) % 8u];
            workgroupBarrier();
            let before = atomicAdd(&counter, 1u);
            out[i] = sh[31u - i] * 1000u + select(0u, 1u, before < 32u);
        }}"
    );
    let inp: Vec<u32> = (0..32).map(|i| (i * 3) % 11).collect();
    for simd in [8u8, 16] {
        let out = run(
            &src,
            simd,
            &[(0, vec![0; 128]), (1, bytes(&inp)), (2, vec![0; 4])],
            [1, 1, 1],
        );
        let got = words(&out[0]);
        let sh: Vec<u32> = (0..32u32)
            .map(|i| {
                let mut local = [1u32, 2, 3, 4, 5, 6, 7, 8];
                local[(inp[i as usize] % 8) as usize] = i;
                local[((i + 3) % 8) as usize]
            })
            .collect();
        for i in 0..32 {
            assert_eq!(got[i], sh[31 - i] * 1000 + 1, "word {i} at simd{simd}");
        }
        assert_eq!(words(&out[2]), vec![32], "the counter at simd{simd}");
    }
}

#[test]
fn atomic_compare_exchange_and_min_max() {
    let src = "@group(0) @binding(0) var<storage, read_write> a: array<atomic<i32>, 4>;
        @compute @workgroup_size(16) fn main(@builtin(local_invocation_index) i: u32) {
            atomicMin(&a[0], i32(i) - 8);
            atomicMax(&a[1], i32(i) * 3);
            let r = atomicCompareExchangeWeak(&a[2], 0, i32(i) + 100);
            if (r.exchanged) { atomicStore(&a[3], r.old_value + 1); }
        }";
    for simd in [8u8, 16] {
        let out = run(src, simd, &[(0, vec![0; 16])], [1, 1, 1]);
        let got: Vec<i32> = words(&out[0]).iter().map(|&w| w as i32).collect();
        assert_eq!(got, vec![-8, 45, 100, 1], "simd{simd}");
    }
}

#[test]
fn a_loop_that_never_ends_stops_at_the_budget() {
    let src = format!(
        "{IO}@compute @workgroup_size(8) fn main(@builtin(local_invocation_index) i: u32) {{
            var k = inp[0];
            loop {{ if (k == 7u) {{ break; }} k = k * 4u + 1u; out[i] = k; }}
        }}"
    );
    let p = gpu::compile_source(&src, &Options::default(), None).unwrap();
    let bufs = vec![
        RunBuffer {
            group: 0,
            binding: 0,
            data: vec![0; 32],
        },
        RunBuffer {
            group: 0,
            binding: 1,
            data: bytes(&[1]),
        },
    ];
    let err = gpu::run(&p.kernels[0], &bufs, [1, 1, 1], 100_000).unwrap_err();
    assert_eq!(err.code, refract::diag::codes::GEN_RUN_BUDGET);
}

#[test]
fn out_of_bounds_sends_read_zero_and_drop_writes() {
    // Runtime-sized arrays are clamped by the robustness rule; a buffer given shorter than
    // its declared fixed size exercises the simulator's own bounds.
    let src = "@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
        @compute @workgroup_size(8) fn main(@builtin(local_invocation_index) i: u32) {
            out[i] = out[7u - i] + 1u;
        }";
    for simd in [8u8, 16] {
        let out = run(src, simd, &[(0, bytes(&[5, 6, 7, 8]))], [1, 1, 1]);
        assert_eq!(out[0].len(), 16, "the buffer keeps its size");
    }
}

/// The simulator's speed on the largest corpus compute shader the harness runs (Unity's
/// boat attack compute pass, 128 invocations a workgroup), in lane-instructions per
/// second: printed for the README, and the run must finish inside its budget.
#[test]
fn simulator_speed_on_the_largest_corpus_compute_shader() {
    let path = common::corpus::shared_dir().join(
        "corpus/dawn/third_party/benchmark_shaders/unity_boat_attack/unity_webgpu_000002778DE78280.cs.wgsl",
    );
    let Ok(src) = std::fs::read_to_string(&path) else {
        panic!("the corpus is missing: {}", path.display());
    };
    for simd in [8u8, 16] {
        let p = gpu::compile_source(&src, &Options { simd: Some(simd) }, None).unwrap();
        let k = &p.kernels[0];
        let bufs: Vec<RunBuffer> = k
            .allocated
            .bindings
            .iter()
            .enumerate()
            .map(|(n, b)| RunBuffer {
                group: b.group,
                binding: b.binding,
                data: (0..1 << 16)
                    .map(|i| ((i * 7 + n * 13) % 251) as u8)
                    .collect(),
            })
            .collect();
        let start = std::time::Instant::now();
        let (_, stats) = gpu::run(k, &bufs, [64, 1, 1], gpu::sim::DEFAULT_BUDGET).unwrap();
        let secs = start.elapsed().as_secs_f64();
        assert!(stats.lane_instructions > 0);
        println!(
            "simd{simd}: {} instructions, {} lane-instructions in {:.3} s: {:.1} M lane-instructions/s",
            stats.instructions,
            stats.lane_instructions,
            secs,
            stats.lane_instructions as f64 / secs / 1e6
        );
    }
}

/// More values live at once than the register file holds (150 per lane: 150 registers at
/// SIMD8, 300 at SIMD16, of 128): the allocator spills to scratch memory, and the spilled
/// program still computes every lane's value.
#[test]
fn spilled_values_survive_the_round_trip_through_scratch() {
    const N: usize = 150;
    let mut body = String::new();
    for k in 0..N {
        body.push_str(&format!("let v{k} = inp[i * {N}u + {k}u] * {}u;\n", k + 1));
    }
    // Used in the reverse order of their loads, so every one is live at the first use.
    body.push_str(&format!("var r = v{};\n", N - 1));
    for k in (0..N - 1).rev() {
        body.push_str(&format!("r = (r ^ (r >> 7u)) * 31u + v{k};\n"));
    }
    let src = format!(
        "{IO}@compute @workgroup_size(16) fn main(@builtin(local_invocation_index) i: u32) {{\n{body}out[i] = r;\n}}"
    );
    for simd in [8, 16] {
        let p = gpu::compile_source(&src, &Options { simd: Some(simd) }, None)
            .unwrap_or_else(|d| panic!("{d:?}"));
        assert!(
            p.kernels[0].kernel.spilled > 0,
            "simd{simd}: nothing spilled"
        );
    }
    let inp: Vec<u32> = (0..16 * N as u32)
        .map(|x| x.wrapping_mul(2_654_435_761))
        .collect();
    check_u32(&src, 16, &inp, [1, 1, 1], |i| {
        let v = |k: usize| inp[i * N + k].wrapping_mul(k as u32 + 1);
        let mut r = v(N - 1);
        for k in (0..N - 1).rev() {
            r = (r ^ (r >> 7)).wrapping_mul(31).wrapping_add(v(k));
        }
        r
    });
}

/// Overrides without a value are kernel arguments the dispatch pushes (a workgroup array
/// sized by one included): the kernel compiles without them, a run without them is
/// E4605, and the simulator given their bits computes what the kernel compiled for the
/// same values computes.
#[test]
fn overrides_without_a_value_are_pushed_at_dispatch() {
    let src = "override gain: f32;
        override flip: bool;
        override n: u32;
        override twice = n * 2u;
        @group(0) @binding(0) var<storage, read_write> out: array<f32, 32>;
        var<workgroup> a: array<u32, n>;
        var<workgroup> b: array<u32, twice>;
        var<workgroup> c: u32;
        @compute @workgroup_size(16) fn main(@builtin(local_invocation_index) i: u32) {
            a[i % n] = i;
            b[i] = i * 10u;
            b[i + 16u] = i * 100u;
            c = 7u;
            workgroupBarrier();
            let v = f32(a[(i + 1u) % n] + b[(i * 3u) % twice] + c) * gain;
            out[i] = select(v, -v, flip);
            out[i + 16u] = 32.0 + f32(n);
        }";
    let values = [("gain", 1.5f64), ("flip", 1.0), ("n", 16.0)];
    let overrides: Vec<(String, f64)> = values.iter().map(|(k, v)| (k.to_string(), *v)).collect();
    for simd in [8u8, 16] {
        let opts = Options { simd: Some(simd) };
        let p = gpu::compile_source(src, &opts, None).unwrap_or_else(|d| panic!("{d:?}"));
        let k = &p.kernels[0];
        // In the order the kernel first reads them.
        assert_eq!(k.kernel.overrides, ["n", "gain", "flip"]);
        let bits = [16, 1.5f32.to_bits(), 1];
        let asm = gpu::asm_text(&p);
        assert!(asm.contains("= override gain"), "{asm}");
        let err = gpu::run(k, &[], [1, 1, 1], gpu::sim::DEFAULT_BUDGET).unwrap_err();
        assert_eq!(err.code, refract::diag::codes::GEN_OVERRIDE_WITHOUT_VALUE);
        let mut mem = vec![vec![0u8; 128]];
        gpu::sim::dispatch(
            &k.kernel,
            &k.allocated.bindings,
            &mut mem,
            &bits,
            [1, 1, 1],
            gpu::sim::DEFAULT_BUDGET,
        )
        .unwrap_or_else(|d| panic!("{d:?}\n{asm}"));
        let baked = gpu::run_source(src, "main", [1, 1, 1], &[], &opts, &overrides)
            .unwrap_or_else(|d| panic!("{d:?}"));
        assert_eq!(mem[0], baked.buffers[0].0.data, "simd{simd}");
        let got: Vec<f32> = words(&mem[0]).iter().map(|&w| f32::from_bits(w)).collect();
        for i in 0..16u32 {
            let j = (i * 3) % 32;
            let b = if j < 16 { j * 10 } else { (j - 16) * 100 };
            let v = ((i + 1) % 16 + b + 7) as f32 * 1.5;
            assert_eq!(got[i as usize], -v, "word {i} at simd{simd}");
            assert_eq!(got[i as usize + 16], 48.0, "word {} at simd{simd}", i + 16);
        }
    }
}

/// `buffer_view`: a byte buffer read and written through typed views at constant and
/// computed offsets, its length, and an array view's length.
#[test]
fn buffer_views_address_bytes() {
    let src = "@group(0) @binding(0) var<storage, read_write> v: buffer;
        @group(0) @binding(1) var<storage, read_write> out: array<u32, 8>;
        var<workgroup> w: buffer<64>;
        @compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
            let p = bufferView<vec2u>(&v, 8u * i);
            (*p).y = (*p).x + 1u;
            let q = bufferView<u32>(&w, 4u * i);
            *q = i * 3u;
            workgroupBarrier();
            let arr = bufferArrayView<array<u32>>(&v, 4u, 12u);
            out[i] = arr[i % 3u] + *bufferView<u32>(&w, 12u - 4u * i);
            out[4u + i] = bufferLength(&v) * 100u + arrayLength(arr);
        }";
    for simd in [8u8, 16] {
        let v: Vec<u32> = (0..8).map(|k| k * 10).collect();
        let out = run(src, simd, &[(0, bytes(&v)), (1, vec![0; 32])], [1, 1, 1]);
        let after = words(&out[0]);
        let expect_v: Vec<u32> = (0..8)
            .map(|k| if k % 2 == 1 { (k - 1) * 10 + 1 } else { k * 10 })
            .collect();
        assert_eq!(after, expect_v, "simd{simd}");
        let got = words(&out[1]);
        for i in 0..4usize {
            assert_eq!(
                got[i],
                after[1 + i % 3] + (3 - i as u32) * 3,
                "word {i} at simd{simd}"
            );
            assert_eq!(got[4 + i], 32 * 100 + 3, "word {} at simd{simd}", 4 + i);
        }
    }
}

/// A private array far past what registers hold lives in per-lane scratch memory: zeroed
/// there at the kernel's start, written and read back at computed offsets.
#[test]
fn a_huge_private_array_lives_in_scratch() {
    let src = "var<private> v: array<u32, 32767>;
        @group(0) @binding(0) var<storage, read_write> out: array<u32, 32>;
        @compute @workgroup_size(32) fn main(@builtin(local_invocation_index) i: u32) {
            v[i * 1000u] = i + 1u;
            out[i] = v[i * 1000u] * 10u + v[(i * 1000u + 7u) % 32767u] + v[32766u - i];
        }";
    for simd in [8u8, 16] {
        let p = gpu::compile_source(src, &Options { simd: Some(simd) }, None).unwrap();
        assert_eq!(p.kernels[0].kernel.private_size, 32767 * 4, "simd{simd}");
        let out = run(src, simd, &[(0, vec![0; 128])], [1, 1, 1]);
        let expect: Vec<u32> = (0..32).map(|i| (i + 1) * 10).collect();
        assert_eq!(words(&out[0]), expect, "simd{simd}");
    }
}

/// Generated program 1581's product, with its inputs: `mat2x4 × (mat2x2 × vec2)` whose
/// inner matrix has the entry `z` in both columns of one row, so that row is
/// `z*x + z*y`. lavapipe (Mesa's NIR) factors it into `z*(x + y)`, which WGSL allows
/// (reassociation), and the Gen back end does too (`lower/algebra.rs`): the result is
/// lavapipe's `0x44de401c`, where the two products rounded apart give `0x44de401e`.
#[test]
fn factored_sum_of_products_matches_lavapipe() {
    let src = r#"
@group(0) @binding(0) var<storage, read_write> d: array<f32, 4>;
@compute @workgroup_size(1)
fn main() {
  let x = d[0];
  let y = d[1];
  let a = d[2];
  let inner = mat2x2<f32>(vec2<f32>(x, x), vec2<f32>(x, x)) * vec2<f32>(x, y);
  d[3] = (mat2x4<f32>(vec4<f32>(0.0), vec4<f32>(0.0, a, 0.0, 0.0)) * inner).y;
}
"#;
    let input = bytes(&[0x40cc_0000, 0x418f_04e6, 0x4138_0000, 0]);
    for simd in [8, 16] {
        let out = run(src, simd, &[(0, input.clone())], [1, 1, 1]);
        assert_eq!(words(&out[0])[3], 0x44de_401c, "SIMD{simd}");
    }
}
