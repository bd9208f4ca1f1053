// The package's last line of defence: a trap inside the module (a panic in refract, memory
// exhausted) becomes an internal-error diagnostic (E0006) instead of an exception. No input
// is known to trap refract, so the trap is simulated: pkg/index.js is loaded over a stand-in
// for the wasm-bindgen glue whose calls trap like a panicking module does.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PKG, assertDiagnostic } from '../lib/refract.mjs';

const fakeGlue = `
  let trapping = true;
  let panic = null;
  const trap = () => {
    if (trapping) {
      trapping = false;
      panic = 'panicked at src/sema/mod.rs:1:1: boom';
      throw new WebAssembly.RuntimeError('unreachable');
    }
    return { ok: true, diagnostics: [] };
  };
  export default async function init() { return {}; }
  export function initSync() { return {}; }
  export function takePanicMessage() { const p = panic; panic = null; return p ?? undefined; }
  export const check = trap, compile = trap, reflect = trap, format = trap;
  export function version() { return '0.0.0'; }
  export function passes() { return []; }
`;

test('a trap becomes an E0006 diagnostic with the panic message, and later calls work', async () => {
  const source = readFileSync(join(PKG, 'index.js'), 'utf8')
    .replace("'./refract.js'", JSON.stringify(`data:text/javascript,${encodeURIComponent(fakeGlue)}`))
    .replace("'./explain.js'", JSON.stringify(`data:text/javascript,${encodeURIComponent(readFileSync(join(PKG, 'explain.js'), 'utf8'))}`))
    .replace(/new URL\('\.\/refract_bg\.wasm', import\.meta\.url\)/, "'unused'");
  const refract = await import(`data:text/javascript,${encodeURIComponent(source)}`);
  assert.throws(() => refract.check(''), /before the WebAssembly module was loaded/);
  await refract.default(new Uint8Array());
  const trapped = refract.check('fn f() {}');
  assert.equal(trapped.ok, false);
  assert.equal(trapped.diagnostics.length, 1);
  assertDiagnostic(trapped.diagnostics[0]);
  assert.equal(trapped.diagnostics[0].code, 'E0006');
  assert.match(trapped.diagnostics[0].message, /^internal compiler error: panicked at .*boom$/);
  assert.deepEqual(refract.check('fn f() {}'), { ok: true, diagnostics: [] });
});
