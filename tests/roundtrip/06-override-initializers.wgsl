// Overrides initialized from other overrides keep their initializer inline.
@id(0) override width: u32 = 8u;
override height: u32 = width * 2u;
override area = width * height;

@group(0) @binding(0) var<storage, read_write> out: u32;

@compute @workgroup_size(1)
fn main() {
  out = area + height;
}
