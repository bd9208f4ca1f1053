var<workgroup> w: u32;
@fragment fn m() {
  _ = workgroupUniformLoad(&w); //~ E1402
}
