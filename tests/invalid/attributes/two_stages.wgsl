@vertex @fragment fn main() -> @builtin(position) vec4f { //~ E1501
  return vec4f();
}
