// The package's size budget: refract_bg.wasm, with every back end built in, stays under
// 1 MB (1,000,000 bytes) raw, the goal of the web package (README, "Size"). A change that
// crosses it fails here with the figure, so the size is looked at when it grows, not
// found later. The budget is for the release build (`npm run build`: opt-level z, then
// wasm-opt -Oz).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PKG } from '../lib/refract.mjs';

const BUDGET = 1_000_000;

test(`refract_bg.wasm is under ${BUDGET.toLocaleString('en')} bytes raw`, (t) => {
  const wasm = readFileSync(join(PKG, 'refract_bg.wasm'));
  const gzipped = gzipSync(wasm, { level: 9 }).length;
  t.diagnostic(`${wasm.length} bytes raw, ${gzipped} gzipped`);
  assert.ok(
    wasm.length < BUDGET,
    `refract_bg.wasm is ${wasm.length} bytes, ${wasm.length - BUDGET} over the budget (is pkg/ the release build of \`npm run build\`?)`,
  );
});
