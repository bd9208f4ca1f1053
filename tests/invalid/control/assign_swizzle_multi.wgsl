fn f() {
  var v = vec4f();
  v.xy = vec2f(); //~ E1702
}
