fn f() {
  _ = workgroupBarrier(); //~ E1116
}
