@fragment fn main() -> //~ E1509
  @location(0)
  bool { return true; }
