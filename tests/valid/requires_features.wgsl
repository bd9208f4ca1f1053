requires readonly_and_readwrite_storage_textures, packed_4x8_integer_dot_product;
requires pointer_composite_access, unrestricted_pointer_parameters;
fn f() -> u32 { return dot4U8Packed(1u, 2u) + pack4xU8(vec4u(1)); }
