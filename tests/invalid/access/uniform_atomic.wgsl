@group(0) @binding(0) var<uniform> u: atomic<u32>; //~ E1111
