struct Light { pos: vec3f }
struct Light { color: vec3f } //~ E1000
