#define COUNT 4 //~ E0100 //~ E0211
fn f() {}
