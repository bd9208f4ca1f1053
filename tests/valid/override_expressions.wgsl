@id(0) override a: i32 = 3;
override b = a * 2;
override c: f32 = f32(b) + 0.5;
override d = a > 1;
@compute @workgroup_size(1) fn main() {
  var x = array<i32, 2>();
  x[0] = b;
  _ = c; _ = d;
}
