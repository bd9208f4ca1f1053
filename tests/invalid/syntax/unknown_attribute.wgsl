@vertx //~ E0209
fn main() -> @builtin(position) vec4f {
  return vec4f();
}
