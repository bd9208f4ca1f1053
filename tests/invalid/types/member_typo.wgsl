struct Light {
  position: vec3f,
  color: vec3f,
}
@group(0) @binding(0) var<uniform> light: Light;

fn shade(n: vec3f) -> vec3f {
  return light.colour * max(dot(n, light.position), 0.0); //~ E1105
}
