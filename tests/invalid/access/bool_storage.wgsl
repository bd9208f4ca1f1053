@group(0) @binding(0) var<storage, read_write> flags: array<bool>; //~ E1111
