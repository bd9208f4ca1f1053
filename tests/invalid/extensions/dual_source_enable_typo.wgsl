enable dual_source_blend; //~ E1801
