@fragment fn main(@location(0) @invariant x: f32) {} //~ E1511
