struct Light {
  position: vec3f; //~ E0200
  color: vec3f;
}
