@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@group(0) @binding(2) var<uniform> u: vec4f;
@group(0) @binding(3) var<storage, read> ro: array<f32>;
var<workgroup> wv: u32;
fn helper(uv: vec2f) -> vec4f { return textureSample(t, s, uv); }
@fragment fn fs(@location(0) uv: vec2f) -> @location(0) vec4f {
  var c = textureSample(t, s, uv);
  if u.x > 0.0 { c += helper(uv); }
  if ro[0] > 1.0 { c += dpdx(c); }
  let nonuniform = uv.x > 0.5;
  if nonuniform { c = c * 2.0; }
  c += textureSampleLevel(t, s, uv, 0.0);
  return c;
}
@compute @workgroup_size(64) fn cs(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) n: vec3u) {
  if wid.x == 0u { workgroupBarrier(); }
  if n.y > 1u { storageBarrier(); }
  if workgroupUniformLoad(&wv) > 0u { workgroupBarrier(); }
}
