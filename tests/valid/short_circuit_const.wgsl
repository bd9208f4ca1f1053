// The right side of `false &&` is not evaluated, so its overflow is no error.
const ok = false && (10i < i32(5 * 1000 * 1000 * 1000));
const ok2 = true || (1 / 0 == 0);
