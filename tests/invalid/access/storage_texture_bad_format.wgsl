@group(0) @binding(0) var t: texture_storage_2d<rgb8unorm, write>; //~ E1001
