@group(0) @binding(0) var<storage, read_write> data: array<i32>;

@compute @workgroup_size(1, 1, 1)
fn main() {
    var i = 0i;
    loop {
        if i >= 100i {
            break;
        }
        let x = i + 1i;
        if data[x] == 0i {
            continue;
        }
        if data[x] < 0i {
            break;
        }
        data[x] *= 2i;
        continuing {
            i = x;
        }
    }
}
