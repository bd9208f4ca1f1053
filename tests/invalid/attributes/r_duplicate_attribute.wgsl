@group(0) @group(1) @binding(0) var<uniform> u: vec4f; //~ E1501
