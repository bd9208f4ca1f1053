fn f() -> S { return S(N, g()); }
fn g() -> T { return T(2); }
const N = M + 1;
const M: i32 = 4;
alias T = u32;
struct S { a: i32, b: T }
