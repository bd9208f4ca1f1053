const a = 1;
const b = 2.5;
const c = a + b;            // AbstractFloat
const big = 0x7fffffffffffffff;
const half_big = big / 2;
const d: u32 = 4294967295;
const e = -2147483648;
fn f() {
  let i: i32 = e;
  let u = 1 + d;            // u32
  let x = (1 + (1 + (1 + 1u)));
  var v = vec3(1, 2, 3);    // vec3<i32>
  let w = vec2(1, 2.5);     // vec2<f32>
  let m = mat2x2(1, 2, 3, 4);
  let arr = array(1, 2.0, 3);
  let s = select(1, 2, true);
  let cl = clamp(1, -5, 5);
  let sh = 1u << 31u;
  _ = c; _ = half_big; _ = x; _ = w; _ = m; _ = arr; _ = s; _ = cl; _ = sh; _ = i; _ = u; _ = v;
}
