// `bindGroupLayouts(reflection, entryPoints?)`: WebGPU's default pipeline layout from the
// reflection. Known answers here; agreement with Chromium's own auto layouts on the
// webgpu-samples shaders is in pkg-tests/browser/layouts.test.mjs.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { refract } from '../lib/refract.mjs';

const { reflect, bindGroupLayouts } = refract;

const SOURCE = `
struct U { m: mat4x4f, tint: vec4f }
@group(0) @binding(0) var<uniform> u: U;
@group(0) @binding(1) var t_sampled: texture_2d<f32>;
@group(0) @binding(2) var t_loaded: texture_2d<f32>;
@group(0) @binding(3) var s: sampler;
@group(1) @binding(0) var<storage, read> src: array<vec4f>;
@group(1) @binding(1) var<storage, read_write> dst: array<vec4f>;
@group(2) @binding(3) var shadow: texture_depth_2d;
@group(2) @binding(4) var cmp: sampler_comparison;
@group(3) @binding(0) var img: texture_storage_2d<rgba8unorm, write>;
@group(3) @binding(1) var ms: texture_multisampled_2d<u32>;

fn shade(t: texture_2d<f32>, uv: vec2f) -> vec4f { return textureSample(t, s, uv); }

@vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4f {
  return u.m * vec4f(f32(i));
}
@fragment fn fs(@location(0) uv: vec2f) -> @location(0) vec4f {
  let lit = textureSampleCompare(shadow, cmp, uv, 0.5);
  return shade(t_sampled, uv) * u.tint * lit + textureLoad(t_loaded, vec2i(uv), 0);
}
@compute @workgroup_size(8) fn cs(@builtin(global_invocation_id) id: vec3u) {
  dst[id.x] = src[id.x] + textureLoad(t_sampled, vec2i(0), 0) + vec4f(f32(textureLoad(ms, vec2i(0), 0).x));
  textureStore(img, vec2i(id.xy), vec4f(1.0));
}
`;

const VERTEX = 1;
const FRAGMENT = 2;
const COMPUTE = 4;

describe('bindGroupLayouts', () => {
  const r = reflect(SOURCE);
  assert.equal(r.ok, true, JSON.stringify(r.diagnostics));

  test('a render pipeline: what the vertex and fragment entry points use, with their stages', () => {
    assert.deepEqual(bindGroupLayouts(r, ['vs', 'fs']), [
      {
        entries: [
          { binding: 0, visibility: VERTEX | FRAGMENT, buffer: { type: 'uniform', hasDynamicOffset: false, minBindingSize: 80 } },
          { binding: 1, visibility: FRAGMENT, texture: { sampleType: 'float', viewDimension: '2d', multisampled: false } },
          // Only loaded: WebGPU's default layout makes it unfilterable.
          { binding: 2, visibility: FRAGMENT, texture: { sampleType: 'unfilterable-float', viewDimension: '2d', multisampled: false } },
          { binding: 3, visibility: FRAGMENT, sampler: { type: 'filtering' } },
        ],
      },
      { entries: [] },
      {
        entries: [
          { binding: 3, visibility: FRAGMENT, texture: { sampleType: 'depth', viewDimension: '2d', multisampled: false } },
          { binding: 4, visibility: FRAGMENT, sampler: { type: 'comparison' } },
        ],
      },
    ]);
  });

  test('a compute pipeline: buffers by access, storage textures, multisampled integer textures', () => {
    assert.deepEqual(bindGroupLayouts(r, ['cs']), [
      { entries: [{ binding: 1, visibility: COMPUTE, texture: { sampleType: 'unfilterable-float', viewDimension: '2d', multisampled: false } }] },
      {
        entries: [
          { binding: 0, visibility: COMPUTE, buffer: { type: 'read-only-storage', hasDynamicOffset: false, minBindingSize: 16 } },
          { binding: 1, visibility: COMPUTE, buffer: { type: 'storage', hasDynamicOffset: false, minBindingSize: 16 } },
        ],
      },
      { entries: [] },
      {
        entries: [
          { binding: 0, visibility: COMPUTE, storageTexture: { access: 'write-only', format: 'rgba8unorm', viewDimension: '2d' } },
          { binding: 1, visibility: COMPUTE, texture: { sampleType: 'uint', viewDimension: '2d', multisampled: true } },
        ],
      },
    ]);
  });

  test('every entry point by default; a texture sampled by any of them is float', () => {
    const all = bindGroupLayouts(r);
    assert.equal(all.length, 4);
    const t = all[0].entries.find((e) => e.binding === 1);
    assert.equal(t.visibility, FRAGMENT | COMPUTE);
    assert.equal(t.texture.sampleType, 'float');
    assert.deepEqual(bindGroupLayouts(r, []), []);
  });

  test('the layouts are plain data: JSON round-trips them', () => {
    const layouts = bindGroupLayouts(r);
    assert.deepEqual(JSON.parse(JSON.stringify(layouts)), layouts);
  });
});
