// The package's size budget: refract_bg.wasm, with every back end built in (WGSL, SPIR-V,
// Gen and its simulator, HLSL), the passes, the language intelligence and the diagnostic
// explanations, stays under 1,250,000 bytes raw and 480,000 bytes gzipped (level 9). A
// change that crosses either fails here with the figure, so the size is looked at when it
// grows, not found later. The budget is for the release build (`npm run build`: opt-level
// z, then wasm-opt -Oz).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PKG } from '../lib/refract.mjs';

const RAW = 1_250_000;
const GZIPPED = 480_000;

test(`refract_bg.wasm is under ${RAW.toLocaleString('en')} bytes raw and ${GZIPPED.toLocaleString('en')} gzipped`, (t) => {
  const wasm = readFileSync(join(PKG, 'refract_bg.wasm'));
  const gzipped = gzipSync(wasm, { level: 9 }).length;
  t.diagnostic(`${wasm.length} bytes raw, ${gzipped} gzipped`);
  const hint = '(is pkg/ the release build of `npm run build`?)';
  assert.ok(wasm.length < RAW, `refract_bg.wasm is ${wasm.length} bytes, ${wasm.length - RAW} over the budget ${hint}`);
  assert.ok(gzipped < GZIPPED, `refract_bg.wasm is ${gzipped} bytes gzipped, ${gzipped - GZIPPED} over the budget ${hint}`);
});
