var<workgroup> counter: u32 = 0u; //~ E1119
