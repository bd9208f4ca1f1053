diagnostic(off, chromium.unreachable_code);
diagnostic(warning, derivative_uniformity);
diagnostic(warning, derivative_uniformity);
@diagnostic(info, subgroup_uniformity)
fn f() {
  @diagnostic(off, derivative_uniformity) {
  }
  if true @diagnostic(off, derivative_uniformity) {
  }
  loop @diagnostic(off, derivative_uniformity) { break; }
}
