var<private> loop_1: i32;
var<private> vec4f_1: f32;
override linear: u32 = 4u;

fn max_1(if_1: i32, v2nd: i32) -> i32 {
    let a_b = if_1 + v2nd;
    return a_b * a_b - 1i - a_b;
}

@compute @workgroup_size(1, 1, 1)
fn main(@builtin(local_invocation_index) p: u32) {
    let v = loop_1;
    loop_1 = max_1(v, v);
}
