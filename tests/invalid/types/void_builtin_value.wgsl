fn f() {
  let a = workgroupBarrier(); //~ E1116
}
