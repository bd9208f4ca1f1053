struct Light {
  pos: vec3f,
  color: vec3f,
  pos: vec3f, //~ E1000
}
