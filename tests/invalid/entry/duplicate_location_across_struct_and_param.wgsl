struct In { @location(0) a: f32 }
@fragment fn m(i: In, @location(0) b: f32) {} //~ E1508
