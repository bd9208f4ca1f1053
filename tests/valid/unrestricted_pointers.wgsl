struct Buf { data: array<u32, 8> }
@group(0) @binding(0) var<storage, read_write> buf: Buf;
var<workgroup> wg: array<u32, 4>;
fn bump(p: ptr<storage, u32, read_write>) { *p += 1u; }
fn read_wg(p: ptr<workgroup, array<u32, 4>>) -> u32 { return p[0]; }
@compute @workgroup_size(1) fn main() {
  bump(&buf.data[3]);
  _ = read_wg(&wg);
}
