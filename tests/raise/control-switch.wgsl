fn classify(x: i32) -> i32 {
    var r: i32;
    switch x {
        case -7, default: {
            r = 2i;
        }
        case 0: {
            r = 0i;
        }
        case 1, 2: {
            if x == 1i {
                r = 11i;
                break;
            }
            r = 1i;
        }
        case 9: {
            return -1i;
        }
    }
    return r;
}

fn count(n: u32) -> u32 {
    var i = 0u;
    var hits = 0u;
    loop {
        if i >= n {
            break;
        }
        var h3: u32;
        switch i % 3u {
            default: {}
            case 0: {
                h3 = hits;
                continue;
            }
        }
        h3 = hits + 1u;
        continuing {
            i++;
            hits = h3;
        }
    }
    return hits;
}
