@group(0) @binding(0) var<storage, read_write> data: array<f32>;

fn counted(n: i32) -> f32 {
    var sum = 0.0f;
    for (var i = 0i; i < n; i++) {
        sum += data[i];
    }
    return sum;
}

fn halve(start: u32) -> u32 {
    var v = start;
    while v > 1u {
        v >>= 1u;
    }
    return v;
}

fn until(start: i32) -> i32 {
    var i = start;
    var n: i32;
    loop {
        var i_1: i32;
        if start == 3i {
            i_1 = i;
            continue;
        }
        i_1 = i * 2i;
        continuing {
            n = i_1 - 1i;
            i = n;
            break if n <= 0i;
        }
    }
    return n;
}

fn nested(n: i32) -> i32 {
    var acc = 0i;
    loop {
        if acc > n {
            break;
        }
        var acc_1 = acc;
        var a2: i32;
        loop {
            a2 = acc_1 + 1i;
            if a2 == 3i {
                continue;
            }
            break;
            continuing {
                acc_1 = a2;
            }
        }
        continuing {
            acc = a2;
        }
    }
    return acc;
}

fn forever(x: f32) -> f32 {
    loop {
        data[0] = x;
        continuing {
            break if false;
        }
    }
    return 0.0f;
}
