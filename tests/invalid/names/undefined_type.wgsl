fn f() -> float3 { //~ E1001
  return float3(1.0); //~ E1001
}
