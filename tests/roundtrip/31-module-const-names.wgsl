// Module-scope `const` arrays read with a runtime index keep their names through the IR:
// lowering names the composite constant after the declaration, so the output declares
// `const POSITIONS` and `const COLORS`, not `const c` and `const c_1`. Two declarations
// with equal values share one constant and its first name.
const POSITIONS = array(vec2f(0.0, 0.6), vec2f(-0.55, -0.45), vec2f(0.55, -0.45));
const COLORS = array(vec3f(1.0, 0.35, 0.3), vec3f(0.3, 0.85, 0.45), vec3f(0.3, 0.5, 1.0));
const SAME_AS_POSITIONS = array(vec2f(0.0, 0.6), vec2f(-0.55, -0.45), vec2f(0.55, -0.45));

@group(0) @binding(0) var<storage, read_write> out: array<vec4f>;

@compute @workgroup_size(3)
fn main(@builtin(local_invocation_index) i: u32) {
  out[i] = vec4f(POSITIONS[i] + SAME_AS_POSITIONS[i], COLORS[i].xy);
}
