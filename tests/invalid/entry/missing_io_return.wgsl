@fragment fn main() -> vec4f { //~ E1505
  return vec4f();
}
