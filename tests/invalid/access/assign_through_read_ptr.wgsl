fn g(p: ptr<storage, f32, read>) {
  *p = 1.0; //~ E1701
}
