@group(0) @binding(0) var img: texture_storage_2d<write>; //~ E1009
