struct A { b: B } //~ E1002
struct B { a: A }
