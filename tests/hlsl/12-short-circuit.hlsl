struct main_in {
  uint i : SV_GroupIndex;
};

RWByteAddressBuffer counter : register(u0, space0);

bool bump() {
  uint old;
  counter.InterlockedAdd(0u, 1u, old);
  return old < 10u;
}

void main_inner(uint i) {
  bool a = i > 2u && bump();
  bool b = i < 1u || bump();
  if (a || b) {
    uint old;
    counter.InterlockedExchange(0u, 0u, old);
  }
}

[numthreads(1, 1, 1)]
void main(main_in p) {
  main_inner(p.i);
}
