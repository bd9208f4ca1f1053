enable clip_distances;
@fragment fn m(@builtin(clip_distances) c: array<f32, 2>) {} //~ E1506
