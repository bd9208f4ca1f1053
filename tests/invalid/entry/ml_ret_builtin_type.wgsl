@vertex fn main() ->
  @builtin(position) //~ E1507
  vec3f { return vec3f(); }
