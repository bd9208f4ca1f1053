fn f() {}
/* this comment //~ E0101
never ends
