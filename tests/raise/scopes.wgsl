fn after_loop(n: i32) -> i32 {
    var i = 0i;
    var sq: i32;
    loop {
        sq = i * i;
        if sq > n {
            break;
        }
        continuing {
            i++;
        }
    }
    return sq + 1i;
}

fn continuing_reads(n: i32) -> i32 {
    var i = 0i;
    var acc = 0i;
    loop {
        if i == 5i {
            continue;
        }
        if i >= n {
            break;
        }
        continuing {
            let i2 = i + 1i;
            acc += i2;
            i = i2;
        }
    }
    return acc;
}

fn both_arms(x: f32, c: bool) -> f32 {
    let y = x * x;
    var r: f32;
    if c {
        r = y + 1.0f;
    } else {
        r = y - 1.0f;
    }
    return r;
}

fn swap(n: i32) -> i32 {
    var a = 0i;
    var b = 1i;
    var k = 0i;
    loop {
        if k >= n {
            break;
        }
        continuing {
            k++;
            let t = b;
            let t_1 = a + b;
            a = t;
            b = t_1;
        }
    }
    return a;
}
