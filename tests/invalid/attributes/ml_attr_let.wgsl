@group(0) @binding(0)
let x = 1; //~ E0226
