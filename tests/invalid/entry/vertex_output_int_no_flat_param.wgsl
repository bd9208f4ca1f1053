@vertex fn m() -> @location(0) u32 { //~ E1510 //~ E1514
  return 1u;
}
