// Each constant doubles the one before: 25 lines name 2^25 scalars.
const c0 = 1u;
const c1 = array(c0, c0);
const c2 = array(c1, c1);
const c3 = array(c2, c2);
const c4 = array(c3, c3);
const c5 = array(c4, c4);
const c6 = array(c5, c5);
const c7 = array(c6, c6);
const c8 = array(c7, c7);
const c9 = array(c8, c8);
const c10 = array(c9, c9);
const c11 = array(c10, c10);
const c12 = array(c11, c11);
const c13 = array(c12, c12);
const c14 = array(c13, c13);
const c15 = array(c14, c14);
const c16 = array(c15, c15); //~ E1309
const c17 = array(c16, c16);
const c18 = array(c17, c17);
const c19 = array(c18, c18);
const c20 = array(c19, c19);
const c21 = array(c20, c20);
const c22 = array(c21, c21);
const c23 = array(c22, c22);
const c24 = array(c23, c23);
const c25 = array(c24, c24);
@group(0) @binding(0) var<storage, read_write> b: u32;
@compute @workgroup_size(1) fn main() { let i = b; b = c25[i][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]; }
