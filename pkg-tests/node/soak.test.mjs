// Soak: 10,000 compiles in one instance, cycling through every target and our examples
// (valid and broken), must leave the module's linear memory where it was after warm-up.
// WebAssembly memory never shrinks, so any leak shows up as growth.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as glue from '../../pkg/refract.js';
import { refract, PKG, TARGETS, examples } from '../lib/refract.mjs';

// The glue's initSync hands back the already-instantiated module's exports.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
const raw = glue.initSync({ module: readFileSync(join(PKG, 'refract_bg.wasm')) });

test('10,000 compiles keep memory flat', () => {
  const sources = Object.values(examples).flatMap((s) => [s, s.replace(';', ''), s.slice(0, s.length >> 1)]);
  let i = 0;
  const once = () => {
    const target = TARGETS[i % TARGETS.length];
    const source = sources[i % sources.length];
    const r = refract.compile(source, { to: target, opt: i % 3 });
    assert.equal(typeof r.ok, 'boolean');
    if (i % 7 === 0) refract.check(source);
    i++;
  };
  for (let k = 0; k < 1_000; k++) once(); // warm-up: the allocator reaches its working set
  gc();
  const wasmBefore = raw.memory.buffer.byteLength;
  const heapBefore = process.memoryUsage().heapUsed;
  for (let k = 0; k < 10_000; k++) once();
  gc();
  const wasmAfter = raw.memory.buffer.byteLength;
  const heapAfter = process.memoryUsage().heapUsed;
  assert.equal(wasmAfter, wasmBefore, `wasm memory grew from ${wasmBefore} to ${wasmAfter} bytes`);
  // The results' JS objects are garbage by now; only noise may remain.
  assert.ok(heapAfter - heapBefore < 8 << 20, `JS heap grew by ${heapAfter - heapBefore} bytes`);
});
