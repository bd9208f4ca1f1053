// A workgroup `buffer<N>` (Dawn's `buffer_view` extension) is `groupshared uint v[N/4]`:
// HLSL cannot view groupshared memory as another type, so a view reads and writes whole
// words through `asfloat`/`asuint`, a vector word by word (at a computed offset through
// a helper). It is zeroed word by word like any workgroup variable, a view at a computed
// offset is kept inside it (nothing else bounds groupshared memory), and `bufferLength`
// is N.
struct P {
  pos: vec2f,
  id: u32,
}

var<workgroup> scratch: buffer<64>;
@group(0) @binding(0) var<storage, read_write> out: array<vec4f>;

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
  let p = bufferArrayView<array<P>>(&scratch, 0, 48);
  p[i].pos = vec2f(f32(i), 1.0);
  p[i].id = i;
  let w = bufferView<vec4f>(&scratch, 48);
  w.x = f32(bufferLength(&scratch));
  workgroupBarrier();
  let q = bufferView<vec2f>(&scratch, 8 * i);
  out[i] = vec4f(p[(i + 1) % 4].pos, q.x, w.x);
}
