var<private> out: i32;

fn chain(x: i32) -> i32 {
    var r: i32;
    if x < 0i {
        r = -1i;
    } else {
        var j: i32;
        if x == 0i {
            j = 0i;
        } else {
            var k: i32;
            if x > 100i {
                k = 2i;
            } else {
                k = 1i;
            }
            j = k;
        }
        r = j;
    }
    return r;
}

fn flip(c: bool) {
    if !c {
        out = 5i;
    }
}

fn logic(a: bool, b: bool, x: i32) -> bool {
    return (a && x > 0i) || !b;
}
