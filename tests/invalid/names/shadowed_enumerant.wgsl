const storage = 1;
@group(0) @binding(0) var<storage> b: u32; //~ E1007
