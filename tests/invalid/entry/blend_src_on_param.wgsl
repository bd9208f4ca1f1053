enable dual_source_blending;
@fragment fn m(@location(0) @blend_src(0) a: vec4f) {} //~ E1500
