@group(0) @binding(0) var t: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(1) var t2: texture_storage_2d<rgba8unorm, write>;
fn f() {
  t = t2; //~ E1701
}
