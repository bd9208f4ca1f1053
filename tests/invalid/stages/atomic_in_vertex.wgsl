@group(0) @binding(0) var<storage, read_write> a: atomic<u32>;
@vertex fn main() -> @builtin(position) vec4f {
  atomicAdd(&a, 1u); //~ E1402
  return vec4f();
}
