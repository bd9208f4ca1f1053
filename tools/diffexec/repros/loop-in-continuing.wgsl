// A loop inside a continuing block whose body is an `if` with both arms breaking. The
// `if`'s merge block is unreachable; refract's SPIR-V ended it in OpUnreachable, so the
// outer back-edge block did not structurally post-dominate the outer continue target and
// spirv-val (and Vulkan) rejected the module. From the corpus's
// dawn/test/tint/bug/tint/354627692.wgsl.
@group(0) @binding(0) var<storage, read_write> buffer: array<i32, 16>;

// One element per invocation of the harness's grid, so the workgroups do not race.
@compute @workgroup_size(4)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  let lid = min(gid.x + 8u * gid.y, 15u);
  var i: i32 = buffer[lid] % 8;
  loop {
    continuing {
      loop {
        if (i > 5) {
          i = i * 2;
          break;
        } else {
          i = i * 2 + 1;
          break;
        }
      }
      break if i > 10;
    }
  }
  buffer[lid] = i;
}
