var<private> v: vec4<f32 = vec4(0.0); //~ E0201
