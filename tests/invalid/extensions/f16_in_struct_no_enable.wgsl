struct S { a: f16 } //~ E1800
