fn g(@location(0) x: f32) {} //~ E1500
