fn f() f32 { //~ E0200
  return 1.0;
}
