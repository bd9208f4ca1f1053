requires readonly_and_readwrite_storage_texture; //~ E1802
