@compute @workgroupsize(64)
fn main() {
}
