@group(0) @binding(0) var<storage> b: bool; //~ E1111
