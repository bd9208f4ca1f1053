//! The Gen back end end to end: WGSL compute shaders compiled to Gen assembly and run on
//! the simulator, at SIMD8 and SIMD16, against values computed here.

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
        let out = run(LOOP_BREAK_BARRIER, simd, &[(0, bytes(&data)), (1, params)], [1, 1, 1]);
        let got = words(&out[0]);
        for (g, acc) in accs.iter().enumerate() {
            let t = accs[(g + 1) % 64][0];
            assert_eq!(f32::from_bits(got[2 * g]), acc[0] + t, "x of {g}, simd{simd}");
            assert_eq!(f32::from_bits(got[2 * g + 1]), acc[1] + t, "y of {g}, simd{simd}");
        }
    }
}
