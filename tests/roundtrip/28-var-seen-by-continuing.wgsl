// A variable carried around an outer loop is copied before an inner loop and assigned back
// in the outer loop's continuing block, so its declaration must stay in the outer body
// where that block can see it (not in the inner `for`'s initializer).
@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;

@compute @workgroup_size(1)
fn main() {
    var seen = false;
    var i = 0u;
    while i < 4u {
        i++;
        var j = 0u;
        loop {
            if j >= i {
                break;
            }
            j++;
            continuing {
                seen = !seen;
            }
        }
        out[i - 1u] = j;
    }
    out[0] = select(0u, 1u, seen);
}
