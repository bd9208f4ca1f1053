// Dawn's `buffer` types: a storage or uniform `buffer<N>` (or runtime-sized `buffer`) is
// already bytes, so the source's views are byte offsets into it, as the typed buffers'
// access chains are. A chain through `bufferView` or `bufferArrayView` adds its members'
// offsets to the view's; the runtime-sized array of a `bufferArrayView` holds what fits
// in the view's `size` bytes, so an index into it is clamped to that, not to the buffer;
// `bufferLength` of a uniform `buffer<N>` is N (a cbuffer has no `GetDimensions`).
struct S {
  a: vec4f,
  b: array<u32>,
}

struct U {
  a: vec4f,
  b: vec3f,
  c: vec2f,
}

@group(0) @binding(0) var<storage, read_write> v: buffer;
@group(0) @binding(1) var<uniform> u: buffer<128>;
@group(0) @binding(2) var<storage, read_write> out: vec4u;

@compute @workgroup_size(1)
fn main(@builtin(local_invocation_index) i: u32) {
  let s = bufferArrayView<S>(&v, 16, 64);
  s.b[i] = arrayLength(&s.b);
  let words = bufferView<array<u32>>(&v, 256);
  words[i] = bufferLength(&u);
  let rows = bufferArrayView<array<U>>(&u, 0, 96);
  out = vec4u(rows[i].c.xyxy);
  let one = bufferView<vec2f>(&v, 8 * i);
  one.y = 3.0;
}
