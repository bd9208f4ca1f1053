@group(0) @binding(0) var<storage, read_write> out: f32;

fn classify(x: f32) -> f32 {
    var r: f32;
    if x < 0.0f {
        r = -1.0f;
    } else {
        var r_1: f32;
        if x == 0.0f {
            r_1 = 0.0f;
        } else {
            var r_2: f32;
            if x < 10.0f {
                r_2 = x * 0.1f;
            } else {
                r_2 = 1.0f;
            }
            r_1 = r_2;
        }
        r = r_1;
    }
    return r;
}

@compute @workgroup_size(1, 1, 1)
fn main() {
    out = classify(out);
}
