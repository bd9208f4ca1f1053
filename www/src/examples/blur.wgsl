// A separable Gaussian blur as a compute shader: one pass per direction, with the row of
// texels each workgroup needs cached in workgroup memory.

const TILE: u32 = 128u;
const RADIUS: i32 = 8;

struct Params {
  direction: vec2i,  // (1, 0) for the horizontal pass, (0, 1) for the vertical one
  sigma: f32,
}

@group(0) @binding(0) var source: texture_2d<f32>;
@group(0) @binding(1) var destination: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(2) var<uniform> params: Params;

var<workgroup> cache: array<vec4f, 144>;  // TILE + 2 * RADIUS

fn gaussian(x: f32, sigma: f32) -> f32 {
  return exp(-(x * x) / (2.0 * sigma * sigma));
}

@compute @workgroup_size(128)
fn blur(
  @builtin(workgroup_id) group: vec3u,
  @builtin(local_invocation_id) local: vec3u,
) {
  let size = vec2i(textureDimensions(source));
  let along = params.direction;
  let across = vec2i(along.y, along.x);
  let line = i32(group.y);
  let start = i32(group.x * TILE) - RADIUS;

  // Fill the cache, clamping reads at the image border.
  for (var i = i32(local.x); i < i32(TILE) + 2 * RADIUS; i += i32(TILE)) {
    let coord = clamp(along * (start + i) + across * line, vec2i(0), size - 1);
    cache[i] = textureLoad(source, coord, 0);
  }
  workgroupBarrier();

  let center = i32(local.x) + RADIUS;
  var sum = vec4f(0.0);
  var weight = 0.0;
  for (var k = -RADIUS; k <= RADIUS; k++) {
    let w = gaussian(f32(k), params.sigma);
    sum += cache[center + k] * w;
    weight += w;
  }

  let out_coord = along * (start + center) + across * line;
  if (all(out_coord >= vec2i(0)) && all(out_coord < size)) {
    textureStore(destination, out_coord, sum / weight);
  }
}
