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

@compute @workgroup_size(1, 1, 1)
fn main() {
    _ = params;
    _ = tex;
    _ = table;
    _ = arrayLength(&lengths);
    _ = stats.total;
    atomicLoad(&counter);
    out[0] = 1.0f;
}

@compute @workgroup_size(1, 1, 1)
fn second() {
    _ = other;
    out[1] = 2.0f;
}
