@fragment fn main(@location(0) @interpolate(flat) b: bool) {} //~ E1509
