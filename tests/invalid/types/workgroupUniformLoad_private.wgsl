var<private> p: u32;
@compute @workgroup_size(1) fn m() {
  _ = workgroupUniformLoad(&p); //~ E1101
}
