@id(0) //~ E0220
struct S { a: f32 }
