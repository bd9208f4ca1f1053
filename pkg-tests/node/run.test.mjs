// `run()`: a compute entry point on the Gen back end's simulator, from Node, with no GPU.
// Known answers here; agreement with `refract run` on the playground's compute examples is
// in cli-agreement.test.mjs (and the CLI's own agreement with lavapipe in tests/gen_run.rs).

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { refract, assertDiagnostic } from '../lib/refract.mjs';

const { run } = refract;

const SOURCE = `
@group(0) @binding(0) var<storage, read> input: array<f32>;
@group(0) @binding(1) var<storage, read_write> out: array<f32>;
@group(0) @binding(2) var<storage, read_write> ints: array<i32, 8>;
@group(1) @binding(0) var<storage, read_write> halves: array<u32, 4>;

@compute @workgroup_size(4)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let i = id.x;
  out[i] = input[i] * 2.0 + 0.5;
  ints[i] = -i32(i) * 3;
  if i < 4u { halves[i] = i << 16u; }
}

@vertex fn vs() -> @builtin(position) vec4f { return vec4f(); }
`;

function assertFailure(r, code, what, source = SOURCE) {
  assert.equal(r.ok, false, what);
  assert.deepEqual(Object.keys(r).sort(), ['diagnostics', 'ok'], what);
  assert.ok(r.diagnostics.length >= 1, what);
  for (const d of r.diagnostics) assertDiagnostic(d, typeof source === 'string' ? source : '');
  assert.equal(r.diagnostics[0].code, code, `${what}: ${JSON.stringify(r.diagnostics)}`);
}

describe('run', () => {
  test('computes what the shader says, in every binding, at SIMD8 and SIMD16', () => {
    const input = new Float32Array([1, -2, 0.25, NaN, 1e30, -0, 3, Infinity]);
    for (const simd of [undefined, 8, 16]) {
      const r = run(SOURCE, {
        entryPoint: 'main',
        dispatch: [2, 1, 1],
        buffers: { '0:0': input, '0:1': new ArrayBuffer(32) },
        simd,
      });
      assert.ok(r.ok, JSON.stringify(r.diagnostics));
      assert.deepEqual(r.diagnostics, []);
      assert.deepEqual(Object.keys(r.buffers), ['0:0', '0:1', '0:2', '1:0']);
      const out = r.buffers['0:1'];
      assert.equal(out.type, 'f32');
      assert.ok(out.bytes instanceof Uint8Array);
      assert.equal(out.bytes.length, 32);
      const expected = [...input].map((x) => Math.fround(Math.fround(x * 2) + 0.5));
      assert.deepEqual(out.values, expected, `simd ${simd}`);
      assert.deepEqual([...new Float32Array(out.bytes.buffer, out.bytes.byteOffset, 8)], expected);
      assert.deepEqual(r.buffers['0:2'], {
        bytes: new Uint8Array(new Int32Array([0, -3, -6, -9, -12, -15, -18, -21]).buffer),
        type: 'i32',
        values: [0, -3, -6, -9, -12, -15, -18, -21],
      });
      // A binding not given starts zeroed at its minimum size.
      assert.deepEqual(r.buffers['1:0'].values, [0, 65536, 131072, 196608]);
      // The input comes back as it went in (read-only).
      assert.deepEqual(r.buffers['0:0'].bytes, new Uint8Array(input.buffer));
      assert.ok(r.stats.instructions > 0 && r.stats.laneInstructions >= r.stats.instructions, JSON.stringify(r.stats));
    }
  });

  test('a view reads only the bytes it covers; a bare number is the x count', () => {
    const backing = new Float32Array([9, 9, 1, 2, 3, 4, 9, 9]);
    const view = new DataView(backing.buffer, 8, 16);
    const r = run(SOURCE, { entryPoint: 'main', dispatch: 1, buffers: { '0:0': view, '0:1': new Float32Array(4) } });
    assert.ok(r.ok, JSON.stringify(r.diagnostics));
    assert.deepEqual(r.buffers['0:1'].values, [2.5, 4.5, 6.5, 8.5]);
  });

  test('overrides get their values before the kernel is compiled', () => {
    const source = `override n: u32;
@id(3) override wg: u32 = 4u;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
var<workgroup> tile: array<u32, wg * 2u>;
@compute @workgroup_size(wg) fn main(@builtin(local_invocation_index) i: u32) {
  tile[i] = i * n;
  workgroupBarrier();
  out[i] = tile[(i + 1u) % wg];
}`;
    const r = run(source, { entryPoint: 'main', dispatch: 1, overrides: { n: 10, 3: 8 } });
    assert.ok(r.ok, JSON.stringify(r.diagnostics));
    assert.deepEqual(r.buffers['0:0'].values, [10, 20, 30, 40, 50, 60, 70, 0]);
    assertFailure(run(source, { entryPoint: 'main', dispatch: 1 }), 'E4605', 'no value for n', source);
    assertFailure(run(source, { entryPoint: 'main', dispatch: 1, overrides: { m: 1 } }), 'E4004', 'no such override', source);
  });

  test('what cannot run is a diagnostic', () => {
    assertFailure(run(SOURCE, { entryPoint: 'vs', dispatch: 1 }), 'E4604', 'a vertex entry point');
    assertFailure(run(SOURCE, { entryPoint: 'nope', dispatch: 1 }), 'E4003', 'no such entry point');
    assertFailure(run(SOURCE, { entryPoint: 'main', dispatch: 1, buffers: { '5:5': new Uint8Array(4) } }),
      'E4604', 'a buffer for no binding');
    assertFailure(run('fn f( {', { entryPoint: 'main', dispatch: 1 }), 'E0205', 'a syntax error', 'fn f( {');
    const texture = `@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var<storage, read_write> o: array<vec4f, 1>;
@compute @workgroup_size(1) fn main() { o[0] = textureLoad(t, vec2i(0), 0); }`;
    assertFailure(run(texture, { entryPoint: 'main', dispatch: 1 }), 'E4600', 'a texture', texture);
  });

  test('malformed options are a usage diagnostic', () => {
    const bad = [undefined, null, 7, 'main', {}, { entryPoint: 'main' }, { dispatch: 1 },
      { entryPoint: 5, dispatch: 1 }, { entryPoint: 'main', dispatch: [] },
      { entryPoint: 'main', dispatch: [1, 1, 1, 1] }, { entryPoint: 'main', dispatch: -1 },
      { entryPoint: 'main', dispatch: 1.5 }, { entryPoint: 'main', dispatch: 2 ** 32 },
      { entryPoint: 'main', dispatch: ['1'] }, { entryPoint: 'main', dispatch: 1, buffers: [] },
      { entryPoint: 'main', dispatch: 1, buffers: { x: new Uint8Array(4) } },
      { entryPoint: 'main', dispatch: 1, buffers: { '0:0': [1, 2, 3] } },
      { entryPoint: 'main', dispatch: 1, buffers: { '0:0': 'bytes' } },
      { entryPoint: 'main', dispatch: 1, simd: 4 }, { entryPoint: 'main', dispatch: 1, overrides: [1] }];
    for (const options of bad) {
      assertFailure(run(SOURCE, options), 'E0002', JSON.stringify(options) ?? String(options));
    }
    assertFailure(run(42, { entryPoint: 'main', dispatch: 1 }), 'E0002', 'a source that is not a string', '');
  });
});
