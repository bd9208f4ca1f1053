// The playground's Run panel in Debian's Chromium: a compute entry point dispatched on the
// Gen simulator in a worker shows exactly the buffers the package's `run()` computes in
// Node for the same options; with `--enable-unsafe-webgpu` (SwiftShader) the same dispatch
// runs on WebGPU and the page says the two agree; errors are diagnostics, and user text
// never becomes markup.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from '../lib/serve.mjs';
import { launch } from '../lib/browser.mjs';
import { refract, REPO, examples } from '../lib/refract.mjs';

const dist = join(REPO, 'www/dist');
if (!existsSync(join(dist, 'index.html'))) throw new Error('the playground is not built: run `npm run build:www`');

let server;
let browser;
before(async () => {
  server = await serve(dist);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

async function open({ webgpu = true } = {}) {
  const page = await browser.context.newPage();
  await page.addInitScript(() => localStorage.clear());
  if (!webgpu) await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'gpu', { get: () => undefined }));
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('dialog', (d) => {
    page.errors.push(`a dialog opened: ${d.message()}`);
    void d.dismiss();
  });
  await page.goto(server.url);
  await page.waitForFunction(() => window.refractPlayground?.updates > 0, null, { timeout: 30_000 });
  return page;
}

/** Puts `text` in the editor and waits until the page shows its products. */
async function setSource(page, text) {
  await page.evaluate((t) => window.refractPlayground.setSource(t), text);
  await page.waitForFunction(
    (expected) => {
      const p = window.refractPlayground;
      return p.source() === expected && p.lastApplied === p.lastSent && !p.busy;
    },
    text,
    { timeout: 30_000 },
  );
}

async function openRun(page, entryPoint) {
  await page.click('[data-testid="tab-run"]');
  await page.waitForSelector(`[data-testid="run-entry"] option[value="${entryPoint}"]`, { state: 'attached' });
  await page.selectOption('[data-testid="run-entry"]', entryPoint);
}

/** Presses Run and waits for the simulator's answer and, unless it failed, WebGPU's. */
async function run(page) {
  await page.click('[data-testid="run"]');
  await page.waitForFunction(() => {
    const panel = document.querySelector('[data-testid="panel-run"]');
    const gpu = document.querySelector('[data-testid="run-webgpu"]');
    return panel.dataset.state === 'error' || (panel.dataset.state === 'done' && gpu.dataset.state);
  }, null, { timeout: 60_000 });
  return page.$eval('[data-testid="panel-run"]', (panel) => ({
    state: panel.dataset.state,
    status: panel.querySelector('[data-testid="run-status"]').textContent,
    gpu: panel.querySelector('[data-testid="run-webgpu"]').textContent,
    banner: panel.querySelector('.banner').hidden ? '' : panel.querySelector('.banner').textContent,
    buffers: Object.fromEntries([...panel.querySelectorAll('.run-buffer')].map((card) => [card.dataset.binding, {
      head: card.querySelector('header').textContent,
      rows: [...card.querySelectorAll('tbody tr')].map((r) => [...r.cells].map((c) => c.textContent)),
      more: card.querySelector('.more')?.textContent ?? '',
    }])),
  }));
}

/** Asserts the page's tables are `expected.buffers` (the package's `run()` in Node). A
 * structure of mixed members (`u32` words to the simulator) shows each word as its
 * member's type, given by `mixed[key](word)`, in a third column. */
function assertBuffers(shown, expected, mixed = {}) {
  assert.ok(expected.ok, JSON.stringify(expected.diagnostics));
  assert.deepEqual(Object.keys(shown.buffers), Object.keys(expected.buffers));
  for (const [key, buffer] of Object.entries(expected.buffers)) {
    const card = shown.buffers[key];
    const n = buffer.values.length;
    assert.ok(card.head.includes(`${buffer.type} × ${n.toLocaleString('en-US')}`), `${key}: ${card.head}`);
    const view = new DataView(buffer.bytes.buffer, buffer.bytes.byteOffset, buffer.bytes.byteLength);
    const row = (v, i) => {
      if (!mixed[key]) return [String(i), String(v)];
      const type = mixed[key](i);
      return [String(i), type === 'f32' ? String(view.getFloat32(i * 4, true)) : String(v), type];
    };
    assert.deepEqual(card.rows, buffer.values.slice(0, 256).map(row), key);
    assert.equal(card.more, n > 256 ? `and ${(n - 256).toLocaleString('en-US')} more` : '', key);
  }
  const { instructions, laneInstructions } = expected.stats;
  assert.ok(shown.status.includes(`${instructions.toLocaleString('en-US')} instructions`), shown.status);
  assert.ok(shown.status.includes(`${laneInstructions.toLocaleString('en-US')} lane-instructions`), shown.status);
}

test('prefix sum: a pattern in, the scan out, as run() computes it; WebGPU agrees', async () => {
  const page = await open();
  await page.selectOption('[data-testid="examples"]', 'prefix-sum');
  await openRun(page, 'scan_blocks');
  await page.selectOption('[data-testid="run-fill-0:0"]', 'pattern');
  await page.fill('[data-testid="run-elements-0:0"]', '1024');
  await page.fill('[data-testid="run-elements-0:1"]', '1024');
  await page.fill('[data-testid="run-count-x"]', '2');
  const shown = await run(page);
  assert.equal(shown.state, 'done', shown.status + shown.banner);
  const expected = refract.run(examples['prefix-sum.wgsl'], {
    entryPoint: 'scan_blocks',
    dispatch: [2, 1, 1],
    buffers: {
      '0:0': Uint32Array.from({ length: 1024 }, (_, i) => i),
      '0:1': new Uint32Array(1024),
      // Runtime-sized, no count typed: one element per invocation (2 × 256).
      '0:2': new Uint32Array(512),
    },
  });
  assertBuffers(shown, expected);
  // An exclusive scan within each block of 512.
  assert.deepEqual(shown.buffers['0:1'].rows.slice(0, 4).map((r) => r[1]), ['0', '0', '1', '3']);
  assert.match(shown.gpu, /^WebGPU agrees/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('particles: a struct array and a uniform given as f32 bits ("0.016f"), as run() computes them', async () => {
  const page = await open();
  await page.selectOption('[data-testid="examples"]', 'particles');
  await openRun(page, 'simulate');
  await page.selectOption('[data-testid="run-fill-0:0"]', 'pattern');
  await page.selectOption('[data-testid="run-fill-0:1"]', 'numbers');
  await page.fill('[data-testid="run-numbers-0:1"]', '0.016f 1.5f 64');
  const shown = await run(page);
  assert.equal(shown.state, 'done', shown.status + shown.banner);
  const sim = new ArrayBuffer(12);
  new Float32Array(sim, 0, 2).set([0.016, 1.5]);
  new Uint32Array(sim, 8, 1)[0] = 64;
  const expected = refract.run(examples['particles.wgsl'], {
    entryPoint: 'simulate',
    dispatch: 1,
    // A runtime-sized array of 32-byte particles, no count typed: one per invocation (64).
    buffers: { '0:0': Uint32Array.from({ length: 512 }, (_, i) => i), '0:1': sim },
  });
  // Particle: position (3 words), life, velocity (3), seed; Sim: dt, time, count.
  assertBuffers(shown, expected, {
    '0:0': (i) => (i % 8 === 7 ? 'u32' : 'f32'),
    '0:1': (i) => (i === 2 ? 'u32' : 'f32'),
  });
  assert.deepEqual(shown.buffers['0:1'].rows, [['0', String(Math.fround(0.016)), 'f32'], ['1', '1.5', 'f32'], ['2', '64', 'u32']]);
  // WGSL lets cos and sin be off by 2^-11: SwiftShader's are, by a few thousand ULPs.
  assert.match(shown.gpu, /^WebGPU (agrees|differs at binding 0:0 index \d+: simulator -?[\d.e-]+, WebGPU -?[\d.e-]+)/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

const FLOATS = `
@group(0) @binding(0) var<storage, read> input: array<f32>;
@group(0) @binding(1) var<storage, read_write> out: array<f32>;
@group(0) @binding(2) var<storage, read_write> ints: array<i32, 8>;
struct Params { scale: f32, bias: f32 }
@group(1) @binding(0) var<uniform> params: Params;

@compute @workgroup_size(4)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let i = id.x;
  out[i] = input[i] * params.scale + params.bias;
  ints[i] = -i32(i) * 3;
}
`;

test('typed numbers: f32 values and a uniform buffer, shown as run() computes them', async () => {
  const page = await open();
  await setSource(page, FLOATS);
  await openRun(page, 'main');
  await page.selectOption('[data-testid="run-fill-0:0"]', 'numbers');
  await page.fill('[data-testid="run-numbers-0:0"]', '1, -2.5 0.1  3e3,-0 1e-3 7 8');
  await page.selectOption('[data-testid="run-fill-1:0"]', 'numbers');
  await page.fill('[data-testid="run-numbers-1:0"]', '2 0.5');
  const shown = await run(page);
  assert.equal(shown.state, 'done', shown.status + shown.banner);
  const input = new Float32Array([1, -2.5, 0.1, 3e3, -0, 1e-3, 7, 8]);
  const expected = refract.run(FLOATS, {
    entryPoint: 'main',
    dispatch: 1,
    buffers: { '0:0': input, '0:1': new Float32Array(4), '0:2': new Int32Array(8), '1:0': new Float32Array([2, 0.5]) },
  });
  assertBuffers(shown, expected);
  assert.deepEqual(expected.buffers['0:1'].values, [...input.slice(0, 4)].map((x) => Math.fround(Math.fround(x * 2) + 0.5)));
  assert.match(shown.gpu, /^WebGPU agrees/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('where the browser has no WebGPU the simulator runs alone and says so', async () => {
  const page = await open({ webgpu: false });
  await setSource(page, FLOATS);
  await openRun(page, 'main');
  await page.selectOption('[data-testid="run-fill-0:0"]', 'pattern');
  const shown = await run(page);
  assert.equal(shown.state, 'done', shown.status + shown.banner);
  assert.equal(shown.gpu, 'WebGPU not available here; simulator only');
  const expected = refract.run(FLOATS, {
    entryPoint: 'main',
    dispatch: 1,
    // A runtime-sized array, no count typed: one element per invocation (4).
    buffers: { '0:0': new Float32Array([0, 1, 2, 3]), '0:1': new Float32Array(4), '0:2': new Int32Array(8), '1:0': new Float32Array(2) },
  });
  assertBuffers(shown, expected);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a shader that does not compile shows its diagnostics; no compute entry point, no Run', async () => {
  const page = await open();
  await setSource(page, FLOATS);
  await openRun(page, 'main');
  const broken = FLOATS.replace('params.bias;', 'params.bias + true;');
  await setSource(page, broken);
  const shown = await run(page);
  assert.equal(shown.state, 'error');
  const expected = refract.run(broken, { entryPoint: 'main', dispatch: 1 });
  assert.equal(expected.ok, false);
  assert.ok(shown.banner.includes(expected.diagnostics[0].code), shown.banner);
  assert.ok(shown.banner.includes(expected.diagnostics[0].message), shown.banner);
  assert.deepEqual(shown.buffers, {});

  await page.selectOption('[data-testid="examples"]', 'triangle');
  await page.waitForFunction(() => document.querySelector('[data-testid="run"]').disabled);
  assert.match(await page.textContent('[data-testid="panel-run"]'), /no compute entry point/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('text typed into the Run panel never becomes markup', async () => {
  const page = await open();
  await setSource(page, FLOATS);
  await openRun(page, 'main');
  await page.selectOption('[data-testid="run-fill-0:0"]', 'numbers');
  const hostile = '<img src=x onerror="window.__pwned=1"><b>bold</b>';
  await page.fill('[data-testid="run-numbers-0:0"]', hostile);
  const shown = await run(page);
  assert.equal(shown.state, 'error');
  assert.match(shown.status, /binding 0:0: “<img” is not a number/);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await page.evaluate(() => document.querySelectorAll('.layout img, .layout b').length), 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a screenshot of the panel after a run (for looking at)', async () => {
  const page = await open();
  await page.selectOption('[data-testid="examples"]', 'prefix-sum');
  await openRun(page, 'scan_blocks');
  await page.selectOption('[data-testid="run-fill-0:0"]', 'pattern');
  await page.fill('[data-testid="run-elements-0:0"]', '512');
  const shown = await run(page);
  assert.equal(shown.state, 'done');
  const dir = process.env.REFRACT_SCREENSHOTS;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, 'run.png') });
    console.log(`run: ${shown.status} · ${shown.gpu}`);
  }
  await page.close();
});
