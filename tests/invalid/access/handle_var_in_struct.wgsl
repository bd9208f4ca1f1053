struct S { s: sampler } //~ E1112
