@group(0) @binding(0) var<uniform> counter: atomic<u32>; //~ E1111
