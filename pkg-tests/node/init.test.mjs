// Loading the package: `init()` with no argument in Node, `init(bytes)`, `init(url)`,
// `initSync(bytes)`, and misuse (a call before init), each in a fresh Node process since
// the module is loaded once per process.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { PKG } from '../lib/refract.mjs';

const entry = pathToFileURL(join(PKG, 'index.js')).href;
const wasm = join(PKG, 'refract_bg.wasm');

function node(code) {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout.trim(), stderr: r.stderr.trim() };
}

const probe = `console.log(JSON.stringify({ v: r.version(), ok: typeof r.check('fn f() {}').ok }))`;

for (const [name, setup] of Object.entries({
  'init() with no argument reads the .wasm beside the module': 'await r.default();',
  'init(bytes)': `await r.default(fs.readFileSync(${JSON.stringify(wasm)}));`,
  'init(file URL)': `await r.default(new URL(${JSON.stringify(pathToFileURL(wasm).href)}));`,
  "init({ module_or_path }) (wasm-bindgen's form)": `await r.default({ module_or_path: fs.readFileSync(${JSON.stringify(wasm)}) });`,
  'init(WebAssembly.Module)': `await r.default(new WebAssembly.Module(fs.readFileSync(${JSON.stringify(wasm)})));`,
  'initSync(bytes)': `r.initSync(fs.readFileSync(${JSON.stringify(wasm)}));`,
  'initSync(WebAssembly.Module)': `r.initSync(new WebAssembly.Module(fs.readFileSync(${JSON.stringify(wasm)})));`,
  "initSync({ module: bytes }) (wasm-bindgen's form)": `r.initSync({ module: fs.readFileSync(${JSON.stringify(wasm)}) });`,
  "initSync({ module: WebAssembly.Module })": `r.initSync({ module: new WebAssembly.Module(fs.readFileSync(${JSON.stringify(wasm)})) });`,
  'init() twice, concurrently': 'await Promise.all([r.default(), r.default()]);',
})) {
  test(name, () => {
    const out = node(`import * as r from ${JSON.stringify(entry)}; import fs from 'node:fs'; ${setup} ${probe}`);
    assert.equal(out.status, 0, out.stderr);
    const { v, ok } = JSON.parse(out.stdout);
    assert.match(v, /^\d+\.\d+\.\d+/);
    assert.equal(ok, 'boolean');
    assert.equal(out.stderr, '', 'no warnings');
  });
}

test('calling before init throws a clear error (misuse)', () => {
  for (const call of ["r.check('')", "r.compile('', { to: 'wgsl' })", "r.reflect('')", 'r.passes()', 'r.version()']) {
    const out = node(`import * as r from ${JSON.stringify(entry)};
      try { ${call}; console.log('no throw'); } catch (e) { console.log(e.message); }`);
    assert.equal(out.status, 0, out.stderr);
    assert.match(out.stdout, /before the WebAssembly module was loaded.*init\(\)/, call);
  }
});

test('init with something that is not a module rejects, and a later good init works', () => {
  const out = node(`import * as r from ${JSON.stringify(entry)}; import fs from 'node:fs';
    let failed = false;
    try { await r.default(new Uint8Array([1, 2, 3])); } catch { failed = true; }
    await r.default(fs.readFileSync(${JSON.stringify(wasm)}));
    console.log(JSON.stringify({ failed, ok: typeof r.check('').ok }));`);
  assert.equal(out.status, 0, out.stderr);
  assert.deepEqual(JSON.parse(out.stdout), { failed: true, ok: 'boolean' });
});
