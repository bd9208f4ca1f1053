// Entry-point IO: parameters and results become input and output structs with
// semantics (SV_Position, TEXCOORDn for locations, SV_Target, SV_Depth, SV_Coverage,
// SV_IsFrontFace, SV_VertexID, SV_InstanceID); flat and integer inputs are
// nointerpolation.
struct VertexOut {
  @builtin(position) position: vec4<f32>,
  @location(0) uv: vec2<f32>,
  @location(1) @interpolate(flat) material: u32,
  @location(2) @interpolate(linear, centroid) shade: f32,
}

struct FragmentOut {
  @location(0) color: vec4<f32>,
  @location(1) normal: vec4<f32>,
  @builtin(frag_depth) depth: f32,
  @builtin(sample_mask) mask: u32,
}

@vertex
fn vs(@builtin(vertex_index) vertex: u32, @builtin(instance_index) instance: u32) -> VertexOut {
  let uv = vec2<f32>(f32((vertex << 1u) & 2u), f32(vertex & 2u));
  var out: VertexOut;
  out.position = vec4<f32>(uv * 2.0 - 1.0, 0.0, 1.0);
  out.uv = uv;
  out.material = instance;
  out.shade = uv.x;
  return out;
}

@fragment
fn fs(in: VertexOut, @builtin(front_facing) front: bool, @builtin(sample_index) sample: u32) -> FragmentOut {
  var out: FragmentOut;
  let side = select(-1.0, 1.0, front);
  out.color = vec4<f32>(in.uv, in.shade, 1.0);
  out.normal = vec4<f32>(0.0, 0.0, side, f32(in.material));
  out.depth = in.position.z;
  out.mask = 1u << sample;
  return out;
}
