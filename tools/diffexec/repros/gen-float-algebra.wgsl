// The float algebra lavapipe's NIR applies and the Gen back end now applies too
// (src/back/gen/lower/algebra.rs): factoring a*b + a*c into a*(b + c), the identities
// that expose it, common subexpressions, runs of equal matrix columns, and where NIR does
// not factor (differences, negated products, three-term sums, dot of three components).
// Generated programs 1581 (a mat2x4 times a mat2x2 times a vec2 whose columns share an
// entry) and 2136 (a mat4x4 of four equal columns, one written (pf - pf) + pf) differed
// from lavapipe by 1-2 ULP on the Gen paths before.
@group(0) @binding(0) var<storage, read> inp: array<vec4<f32>, 16>;
@group(0) @binding(1) var<storage, read_write> out: array<f32, 512>;

@compute @workgroup_size(16)
fn main(@builtin(local_invocation_index) i: u32) {
    let v = inp[i] / vec4<f32>(3.0, 7.0, 11.0, 13.0);
    let w = inp[(i + 5u) % 16u] / vec4<f32>(17.0, 19.0, 23.0, 29.0);
    let o = i * 32u;
    out[o + 0u] = v.x * v.y + v.x * v.z;
    out[o + 1u] = v.x * v.y - v.x * v.z;
    out[o + 2u] = v.y * v.x + v.z * v.x;
    out[o + 3u] = ((v.x - v.x) + v.y) * w.x + v.y * w.y;
    out[o + 4u] = (v.x * v.y + v.z * 0.0) + v.x * v.w;
    out[o + 5u] = 2.5 * v.x + 2.5 * v.y;
    out[o + 6u] = (mat2x2<f32>(v.xy, v.xy) * w.zw).x;
    out[o + 7u] = dot(v.xx, w.yz);
    out[o + 8u] = (mat3x3<f32>(v.xyz, v.xyz, w.xyz) * w.xyz).y;
    out[o + 9u] = (w.xy * mat2x2<f32>(v.xy, v.xy)).y;
    out[o + 10u] = v.x * v.y + v.x * v.z + v.x * v.w;
    out[o + 11u] = (v.x * v.y + w.x) + v.x * v.z;
    out[o + 12u] = -(v.x * v.y) + v.x * v.z;
    out[o + 13u] = abs(v.x) * v.y + abs(v.x) * v.z;
    out[o + 14u] = v.x * (v.y * w.x) + v.x * (v.z * w.y);
    out[o + 15u] = (-v.x) * v.y + (-v.x) * v.z;
    out[o + 16u] = v.x * (-v.y) + v.x * v.z;
    out[o + 17u] = (v.x + v.y) * w.x + (v.x + v.y) * w.y;
    out[o + 18u] = v.x * v.y + (v.x * v.z + w.x);
    out[o + 19u] = (0.0 - v.x) * v.y + (0.0 - v.x) * v.z;
    out[o + 20u] = (v.x * -1.0) * v.y + (v.x * -1.0) * v.z;
    out[o + 21u] = dot(v.xxx, w.xyz);
    out[o + 22u] = (mat4x4<f32>(v, v, w, v) * w).z;
    out[o + 23u] = (w.xyz * transpose(mat3x3<f32>(v.xyz, v.xyz, w.xyz))).y;
    out[o + 24u] = (mat2x2<f32>(v.xy, v.xy) * mat2x2<f32>(w.xy, w.zw))[1].x;
    out[o + 25u] = (mat3x3<f32>(clamp(v.xyz, vec3(-9.0), vec3(9.0)), clamp(v.xyz, vec3(-9.0), vec3(9.0)), w.xyz) * w.xyz).y;
    out[o + 26u] = (mat4x4<f32>(v, v, v, (v - v) + v) * w).y;
    out[o + 27u] = (mat2x4<f32>(vec4<f32>(0.0), w) * (mat2x2<f32>(v.xz, v.zz) * v.xy)).y;
    out[o + 28u] = (v.x * 1.0) * v.y + v.x * v.z;
    out[o + 29u] = (v.x + 0.0) * v.y + v.x * v.z;
}
