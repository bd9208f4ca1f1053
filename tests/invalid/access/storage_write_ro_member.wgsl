struct S { a: f32 }
@group(0) @binding(0) var<storage, read> s: S;
fn f() {
  s.a = 1.0; //~ E1701
}
