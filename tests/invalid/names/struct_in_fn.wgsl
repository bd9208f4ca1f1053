fn f() {
  struct S { a: f32 } //~ E0202
} //~ E0211
