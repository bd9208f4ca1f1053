@fragment
fn main() -> @builtin(front_facing) bool { //~ E1506
  return true;
}
