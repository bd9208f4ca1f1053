// ROUNDTRIP: -O2
// Each entry point keeps every resource it statically uses after `optimize` removed the
// only code that used it (`_ = tex;`, a load whose value goes unused, in the entry point
// or in a function it calls): WGSL written without the use would give `layout: "auto"` a
// different pipeline layout, and the next round trip would drop the variable. Each entry
// point gets only its own (`other` is `second`'s, not `main`'s); a buffer a phony
// assignment cannot load is used through `arrayLength` or a member it can load; what the
// body still uses (`out`, `counter`) gets nothing.

struct Stats {
  hits: atomic<u32>,
  total: u32,
}

struct Params {
  scale: f32,
  offset: f32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var tex: texture_2d<f32>;
@group(0) @binding(2) var<storage, read_write> out: array<f32>;
@group(0) @binding(3) var<storage, read> table: array<f32, 4>;
@group(0) @binding(4) var<storage, read_write> counter: atomic<u32>;
@group(0) @binding(5) var<storage, read> lengths: array<u32>;
@group(0) @binding(6) var<storage, read_write> stats: Stats;
@group(1) @binding(0) var<uniform> other: vec4<f32>;

fn unused_read() -> f32 {
  let s = params.scale;
  return 1.0;
}

@compute @workgroup_size(1)
fn main() {
  _ = tex;
  let t = table[1];
  let n = atomicLoad(&counter);
  let l = lengths[2];
  let h = stats.total;
  out[0] = unused_read();
}

@compute @workgroup_size(1)
fn second() {
  let o = other;
  out[1] = 2.0;
}
