@group(0) @binding(0) var<storage, read_write> out: i32;

fn pick(x: i32) -> i32 {
    var r: i32;
    switch x {
        case 2, default: {
            r = 20i;
        }
        case 0, 1: {
            r = 10i;
        }
        case 3: {
            if out > 0i {
                r = 0i;
                break;
            }
            r = 30i;
        }
    }
    return r;
}

@compute @workgroup_size(1, 1, 1)
fn main() {
    out = pick(out);
}
