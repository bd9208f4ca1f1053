@fragment fn main() {
  workgroupBarrier(); //~ E1402
}
