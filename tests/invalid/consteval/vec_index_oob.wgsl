fn f() -> f32 {
  let v = vec3f(1.0, 2.0, 3.0);
  return v[3]; //~ E1304
}
