@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;

@compute @workgroup_size(1, 1, 1)
fn main() {
    var seen = false;
    var i = 0u;
    loop {
        if i >= 4u {
            break;
        }
        let x = i + 1u;
        var seen_1 = seen;
        var j = 0u;
        for (; j < x; seen_1 = !seen_1) {
            j++;
        }
        out[x - 1u] = j;
        continuing {
            seen = seen_1;
            i = x;
        }
    }
    out[0] = select(0u, 1u, seen);
}
