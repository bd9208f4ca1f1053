// An i32 override as the workgroup size. refract's SPIR-V converted it to the u32 of the
// WorkgroupSize built-in with `OpSpecConstantOp Bitcast`, which needs the Kernel
// capability, so spirv-val (and Vulkan) rejected the module. Reduced from the corpus's
// webgpu-samples/sample/gameOfLife/compute.wgsl.
override blockSize = 2;

@group(0) @binding(0) var<storage, read_write> out: array<u32, 64>;

@compute @workgroup_size(blockSize, blockSize)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  out[(gid.y * 8u + gid.x) % 64u] = lid * 3u + gid.x;
}
