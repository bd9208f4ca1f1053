struct Ids {
  uint index : SV_GroupIndex;
};

struct alone_in {
  uint subgroup : SV_GroupIndex;
};

RWByteAddressBuffer out_1 : register(u0, space0);

void lanes_inner(uint lane, uint size, uint count) {
  uint length_1;
  out_1.GetDimensions(length_1);
  out_1.Store(min(lane, length_1 / 4u - 1u) * 4u, size + count);
}

[numthreads(8, 4, 2)]
void lanes() {
  lanes_inner(WaveGetLaneIndex(), WaveGetLaneCount(), (WaveGetLaneCount() + 63u) / WaveGetLaneCount());
}

[numthreads(64, 1, 1)]
void with_index(Ids ids) {
  uint length_1;
  out_1.GetDimensions(length_1);
  out_1.Store(min(ids.index, length_1 / 4u - 1u) * 4u, ids.index / WaveGetLaneCount());
}

void alone_inner(uint subgroup) {
  uint length_1;
  out_1.GetDimensions(length_1);
  out_1.Store(min(subgroup, length_1 / 4u - 1u) * 4u, 1u);
}

[numthreads(16, 1, 1)]
void alone(alone_in p) {
  alone_inner(p.subgroup / WaveGetLaneCount());
}
