@group(0) @binding(0) var<uniform> ub: array<vec4<u32>, 16>;
@group(0) @binding(1) var<storage, read_write> s: u32;

@compute @workgroup_size(1, 1, 1)
fn main() {
    let x = ub[0].x + ub[1].x + ub[2].x + ub[3].x + ub[4].x + ub[5].x + ub[6].x + ub[7].x + ub[8].x + ub[9].x + ub[10].x;
    s = x + ub[11].x + ub[12].x + ub[13].x;
}
