var s: sampler<f32>; //~ E1009
