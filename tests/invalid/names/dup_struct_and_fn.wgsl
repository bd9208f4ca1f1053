struct S { a: f32 }
fn S() {} //~ E1000
