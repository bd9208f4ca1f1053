override wgsize: u32 = 64u;
var<workgroup> shared_data: array<u32, wgsize>;
var<workgroup> flag: u32;
@group(0) @binding(0) var<storage, read_write> out: u32;

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(local_invocation_index) i: u32) {
    shared_data[i] = i;
    if i == 0u {
        flag = 1u;
    }
    if workgroupUniformLoad(&flag) == 1u {
        out = shared_data[0];
    }
}
