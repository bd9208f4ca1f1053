override O: i32 = 123i;
override o: i32 = O * 2i;
var<workgroup> W: array<i32, o>;

@compute @workgroup_size(1, 1, 1)
fn main() {
    W[0] = 42i;
}
