var<immediate> a: f32;
var<immediate> b: f32;
@compute @workgroup_size(1) fn m() { //~ E1517
  _ = a + b;
}
