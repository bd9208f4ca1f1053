struct Stats {
  uint hits;
  uint total;
};

struct Params {
  float scale;
  float offset;
};

cbuffer params_block : register(b0, space0) {
  uint4 params[1];
};
Texture2D<float4> tex : register(t1, space0);
RWByteAddressBuffer out_1 : register(u2, space0);
ByteAddressBuffer table : register(t3, space0);
RWByteAddressBuffer counter : register(u4, space0);
ByteAddressBuffer lengths : register(t5, space0);
RWByteAddressBuffer stats : register(u6, space0);
cbuffer other_block : register(b0, space1) {
  uint4 other[1];
};

float unused_read() {
  return 1.0f;
}

[numthreads(1, 1, 1)]
void main() {
  uint old;
  counter.InterlockedOr(0u, 0u, old);
  uint length_1;
  out_1.GetDimensions(length_1);
  const float x = unused_read();
  out_1.Store(min(0u, length_1 / 4u - 1u) * 4u, asuint(x));
}

[numthreads(1, 1, 1)]
void second() {
  uint length_1;
  out_1.GetDimensions(length_1);
  out_1.Store(min(1u, length_1 / 4u - 1u) * 4u, asuint(2.0f));
}
