// `bindGroupLayouts` against Chromium's own default layouts (`layout: 'auto'`) on the
// webgpu-samples shaders of the corpus: for every pipeline the test can build from a file
// (each compute entry point; each vertex entry point with each fragment entry point whose
// inputs it feeds), the descriptors refract derives must
//   1. be accepted by Chromium as the pipeline's explicit layout, and
//   2. agree with what Chromium derived for `layout: 'auto'`, probed through
//      `createBindGroup` on `pipeline.getBindGroupLayout(i)`: a resource made to fit
//      refract's entry must be accepted, and one that only fits a different answer (an
//      unfilterable format where refract says `float`, a buffer 4 bytes short of the
//      minimum size, a filtering sampler where refract says otherwise) must be refused;
//      and Chromium's groups past refract's last must be empty.
// Visibility is checked by (1) only: WebGPU offers no way to read a layout back.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '../lib/serve.mjs';
import { launch } from '../lib/browser.mjs';
import { refract, sharedDir } from '../lib/refract.mjs';

const { reflect, bindGroupLayouts } = refract;

function wgslFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return wgslFiles(path);
    return name.endsWith('.wgsl') ? [path] : [];
  });
}

// Vertex attribute formats by WGSL type, for vertex inputs.
const VERTEX_FORMATS = {
  f32: 'float32', 'vec2<f32>': 'float32x2', 'vec3<f32>': 'float32x3', 'vec4<f32>': 'float32x4',
  u32: 'uint32', 'vec2<u32>': 'uint32x2', 'vec3<u32>': 'uint32x3', 'vec4<u32>': 'uint32x4',
  i32: 'sint32', 'vec2<i32>': 'sint32x2', 'vec3<i32>': 'sint32x3', 'vec4<i32>': 'sint32x4',
};

function targetFormat(type) {
  if (/u32/.test(type)) return 'rgba32uint';
  if (/i32/.test(type)) return 'rgba32sint';
  return 'rgba8unorm';
}

/** The pipelines to build from one reflected file: { kind, entries, descriptor parts }. */
function pipelines(r) {
  // Overrides without a default need a value at pipeline creation: 1 fits every scalar.
  const constants = Object.fromEntries(r.overrides.filter((o) => !o.hasDefault).map((o) => [o.name, 1]));
  const out = [];
  for (const ep of r.entryPoints) {
    if (ep.stage === 'compute') out.push({ kind: 'compute', entryPoints: [ep.name], constants });
  }
  for (const vs of r.entryPoints.filter((e) => e.stage === 'vertex')) {
    const attributes = [];
    for (const input of vs.inputs) {
      if (input.location === undefined) continue;
      const format = VERTEX_FORMATS[input.type];
      if (!format) return out; // f16 and the like: leave this file's render pipelines out
      attributes.push({ shaderLocation: input.location, offset: 0, format });
    }
    const fed = new Set(vs.outputs.filter((o) => o.location !== undefined).map((o) => o.location));
    for (const fs of r.entryPoints.filter((e) => e.stage === 'fragment')) {
      if (!fs.inputs.every((i) => i.location === undefined || fed.has(i.location))) continue;
      const targets = [];
      for (const o of fs.outputs) {
        if (o.location !== undefined) targets[o.location] = { format: targetFormat(o.type) };
      }
      // A fragment shader that writes no color still needs an attachment: a depth one.
      const depth = fs.outputs.some((o) => o.builtin === 'frag_depth') || targets.length === 0;
      out.push({
        kind: 'render',
        entryPoints: [vs.name, fs.name],
        constants,
        vertexBuffers: attributes.map((a) => ({ arrayStride: 16, attributes: [a] })),
        targets: Array.from(targets, (t) => t ?? null),
        depth,
      });
    }
  }
  return out;
}

let server;
let browser;
before(async () => {
  const root = mkdtempSync(join(tmpdir(), 'refract-layouts-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>layouts</title>');
  server = await serve(root);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test("bindGroupLayouts agrees with Chromium's auto layouts on the webgpu-samples shaders", async () => {
  const cases = [];
  for (const path of wgslFiles(join(sharedDir(), 'corpus/webgpu-samples'))) {
    const code = readFileSync(path, 'utf8');
    const r = reflect(code);
    if (!r.ok) continue;
    for (const p of pipelines(r)) {
      cases.push({ file: path.split('webgpu-samples/')[1], code, ...p, layouts: bindGroupLayouts(r, p.entryPoints) });
    }
  }
  const page = await browser.context.newPage();
  await page.goto(server.url);
  const results = await page.evaluate(probeAll, cases);
  await page.close();

  const built = results.filter((x) => x.built);
  const failures = built.filter((x) => x.problems.length > 0);
  const entries = built.reduce((n, x) => n + x.entries, 0);
  const unprobed = built.reduce((n, x) => n + x.unprobed, 0);
  console.log(`# layouts: ${cases.length} pipelines from the webgpu-samples shaders; ` +
    `${built.length} built by Chromium with layout 'auto' (${entries} bindings probed, ` +
    `${unprobed} groups with an external texture checked as explicit layouts only); ` +
    `${built.length - failures.length} agree, ${failures.length} differ`);
  for (const x of results.filter((x) => !x.built)) console.log(`#   not built: ${x.file} ${x.entryPoints}: ${x.why}`);
  assert.deepEqual(failures.map((x) => `${x.file} ${x.entryPoints}: ${x.problems.join('; ')}`), []);
  assert.ok(built.length >= 40, `only ${built.length} pipelines built`);
});

/** Runs in the page: builds each case's pipeline and probes its auto layout. */
async function probeAll(cases) {
  const adapter = await navigator.gpu?.requestAdapter();
  if (!adapter) throw new Error('no WebGPU adapter: Chromium needs --enable-unsafe-webgpu');
  const device = await adapter.requestDevice();

  async function valid(make) {
    device.pushErrorScope('validation');
    let value;
    try {
      value = make();
    } catch (e) {
      await device.popErrorScope();
      return { ok: false, error: String(e) };
    }
    const error = await device.popErrorScope();
    return { ok: !error, value, error: error?.message };
  }

  const texUsage = GPUTextureUsage.TEXTURE_BINDING;
  function textureFor(kind, dim, format, multisampled) {
    const layers = dim === 'cube' || dim === 'cube-array' ? 6 : 1;
    const size = dim === '1d' ? [4, 1, 1] : [4, 4, layers];
    const texture = device.createTexture({
      size,
      format,
      dimension: dim === '1d' ? '1d' : dim === '3d' ? '3d' : '2d',
      sampleCount: multisampled ? 4 : 1,
      usage: kind === 'storage' ? GPUTextureUsage.STORAGE_BINDING : texUsage | (multisampled ? GPUTextureUsage.RENDER_ATTACHMENT : 0),
    });
    return texture.createView({ dimension: dim });
  }
  const SAMPLE_FORMATS = { float: 'rgba8unorm', 'unfilterable-float': 'r32float', sint: 'rgba8sint', uint: 'rgba8uint', depth: 'depth32float' };

  /** A resource fitting `entry`, or (with `wrong`) one that fits only a different answer. */
  function resource(entry, wrong) {
    if (entry.buffer) {
      const { type, minBindingSize } = entry.buffer;
      const usage = type === 'uniform' ? GPUBufferUsage.UNIFORM : GPUBufferUsage.STORAGE;
      if (wrong && minBindingSize <= 4) return null;
      const size = Math.max(wrong ? minBindingSize - 4 : minBindingSize, 4);
      return { buffer: device.createBuffer({ size: Math.max(size, 16) * 2, usage }), size };
    }
    if (entry.sampler) {
      if (entry.sampler.type === 'comparison') return wrong ? null : device.createSampler({ compare: 'less' });
      return wrong ? null : device.createSampler({ magFilter: 'linear', minFilter: 'linear' });
    }
    if (entry.texture) {
      const { sampleType, viewDimension, multisampled } = entry.texture;
      if (wrong) {
        // `float` must refuse an unfilterable format; the others have nothing cheaper.
        if (sampleType !== 'float' || multisampled) return null;
        return textureFor('sampled', viewDimension, 'r32float', false);
      }
      const format = multisampled && sampleType === 'unfilterable-float' ? 'rgba8unorm' : SAMPLE_FORMATS[sampleType];
      return textureFor('sampled', viewDimension, format, multisampled);
    }
    if (entry.storageTexture) {
      if (wrong) return null;
      return textureFor('storage', entry.storageTexture.viewDimension, entry.storageTexture.format, false);
    }
    return null;
  }

  const results = [];
  for (const c of cases) {
    const result = { file: c.file, entryPoints: c.entryPoints.join('+'), built: false, entries: 0, unprobed: 0, problems: [] };
    results.push(result);
    const module = device.createShaderModule({ code: c.code });
    const describe = (layout) => c.kind === 'compute'
      ? { layout, compute: { module, entryPoint: c.entryPoints[0], constants: c.constants } }
      : {
        layout,
        vertex: { module, entryPoint: c.entryPoints[0], buffers: c.vertexBuffers, constants: c.constants },
        fragment: { module, entryPoint: c.entryPoints[1], targets: c.targets, constants: c.constants },
        depthStencil: c.depth ? { format: 'depth32float', depthWriteEnabled: true, depthCompare: 'less' } : undefined,
      };
    const create = (d) => (c.kind === 'compute' ? device.createComputePipeline(d) : device.createRenderPipeline(d));
    const auto = await valid(() => create(describe('auto')));
    if (!auto.ok) {
      result.why = auto.error;
      continue;
    }
    result.built = true;
    const pipeline = auto.value;

    const explicit = await valid(() => create(describe(device.createPipelineLayout({
      bindGroupLayouts: c.layouts.map((l) => device.createBindGroupLayout(l)),
    }))));
    if (!explicit.ok) result.problems.push(`refract's layouts refused: ${explicit.error}`);

    for (let g = 0; g < c.layouts.length; g++) {
      // An external texture needs a video frame, which headless Chromium cannot import:
      // such a group is checked by the explicit layout above only.
      if (c.layouts[g].entries.some((e) => e.externalTexture)) {
        result.unprobed++;
        continue;
      }
      const layout = pipeline.getBindGroupLayout(g);
      const entries = [];
      for (const e of c.layouts[g].entries) {
        const r = resource(e, false);
        if (!r) continue;
        result.entries++;
        entries.push({ binding: e.binding, resource: r.buffer ? { buffer: r.buffer, size: r.size } : r });
      }
      const right = await valid(() => device.createBindGroup({ layout, entries }));
      if (!right.ok) result.problems.push(`group ${g}: Chromium refuses resources fitting refract's entries: ${right.error}`);
      for (const e of c.layouts[g].entries) {
        const w = resource(e, true);
        if (!w) continue;
        const swapped = entries.map((x) => (x.binding === e.binding
          ? { binding: e.binding, resource: w.buffer ? { buffer: w.buffer, size: w.size } : w }
          : x));
        const wrong = await valid(() => device.createBindGroup({ layout, entries: swapped }));
        if (wrong.ok) result.problems.push(`group ${g} binding ${e.binding}: Chromium accepts what refract's entry refuses`);
      }
    }
    // Past refract's last group, Chromium's groups must be empty too (Chromium answers an
    // empty layout for every index below maxBindGroups).
    for (let g = c.layouts.length; g < device.limits.maxBindGroups; g++) {
      const empty = await valid(() => device.createBindGroup({ layout: pipeline.getBindGroupLayout(g), entries: [] }));
      if (!empty.ok) result.problems.push(`Chromium's group ${g} has bindings; refract has ${c.layouts.length} groups`);
    }
  }
  return results;
}
