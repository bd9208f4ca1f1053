// `read` names the constant here, so the storage buffer's access mode is written out.
const read = 3u;
@group(0) @binding(0) var<storage, read_write> b: array<u32, read>;
