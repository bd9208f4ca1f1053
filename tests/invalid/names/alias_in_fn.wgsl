fn f() {
  alias A = f32; //~ E0202
} //~ E0211
