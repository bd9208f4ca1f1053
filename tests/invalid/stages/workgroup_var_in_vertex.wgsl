var<workgroup> counter: atomic<u32>;
@vertex
fn main() -> @builtin(position) vec4f {
  atomicAdd(&counter, 1u); //~ E1402
  return vec4f(0.0);
}
