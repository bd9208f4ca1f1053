RWByteAddressBuffer out_1 : register(u0, space0);

[numthreads(1, 1, 1)]
void main() {
  bool seen = false;
  uint i = 0u;
  while (true) {
    if (!(i < 4u)) {
      break;
    }
    const uint x = i + 1u;
    bool seen_1 = seen;
    uint j = 0u;
    while (true) {
      if (j >= x) {
        break;
      }
      j = j + 1u;
      seen_1 = !seen_1;
    }
    out_1.Store(min(x - 1u, 3u) * 4u, j);
    seen = seen_1;
    i = x;
  }
  out_1.Store(0u, seen ? 1u : 0u);
}
