@group(0) @binding(0) var<storage, read_write> out: f32;

@compute @workgroup_size(1, 1, 1)
fn main() {
    var x = 1.0f;
    var n = 0i;
    var x_1: f32;
    loop {
        x_1 = x * 0.5f;
        continuing {
            let x_2 = n + 1i;
            x = x_1;
            n = x_2;
            break if x_2 >= 8i;
        }
    }
    out = x_1;
}
