RWByteAddressBuffer f : register(u0, space0);
RWByteAddressBuffer i : register(u1, space0);

[numthreads(1, 1, 1)]
void main() {
  f.Store4(0u, asuint(float4(1.0f, 1.0f, 1.0f, 1.0f) + sin(float4(-1.0f, -1.0f, -1.0f, -1.0f)) + (float4)min(2.0f, 3.0f)));
  i.Store(0u, asuint(1));
}
