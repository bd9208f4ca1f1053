struct main_in {
  float x : TEXCOORD0;
};

Texture2D<float4> t : register(t1, space0);
SamplerState s : register(s2, space0);

void main_inner(float x) {
}

void main(main_in p) {
  main_inner(p.x);
}
