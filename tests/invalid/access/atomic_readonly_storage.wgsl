@group(0) @binding(0) var<storage, read> a: atomic<i32>; //~ E1111
