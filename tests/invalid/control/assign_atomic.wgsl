var<workgroup> a: atomic<u32>;
fn f() {
  a = 1u; //~ E1110
}
