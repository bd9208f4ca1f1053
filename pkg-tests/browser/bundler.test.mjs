// The package in browsers: bundled by Vite into a page (bundler usage), and imported
// directly as an ES module with no build step. Both pages must report exactly what the
// package returns in Node for the same calls.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { serve } from '../lib/serve.mjs';
import { launch } from '../lib/browser.mjs';
import { refract, REPO } from '../lib/refract.mjs';

const here = fileURLToPath(new URL('../bundler/', import.meta.url));
let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

function expected() {
  const source = 'fn main() {}';
  const spirv = refract.compile(source, { to: 'spirv' });
  return {
    version: refract.version(),
    passes: refract.passes(),
    check: refract.check(source),
    wgsl: refract.compile(source, { to: 'wgsl' }),
    spirv: { ...spirv, words: spirv.ok && spirv.words ? Array.from(spirv.words) : undefined, isUint32Array: spirv.ok ? true : null },
  };
}

async function report(url) {
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page.waitForSelector('body[data-done="true"]', { timeout: 20_000 });
  const text = await page.textContent('#out');
  await page.close();
  assert.deepEqual(errors, []);
  assert.doesNotMatch(text, /^FAILED/);
  return JSON.parse(text);
}

test('a Vite-built page imports the package by name and gets the same results as Node', async () => {
  await build({ configFile: join(here, 'vite.config.js') });
  const assets = readdirSync(join(here, 'dist/assets'));
  assert.ok(assets.some((f) => f.endsWith('.wasm')), `the .wasm is emitted: ${assets}`);
  const server = await serve(join(here, 'dist'));
  try {
    assert.deepEqual(await report(server.url), JSON.parse(JSON.stringify(expected())));
  } finally {
    await server.close();
  }
});

test('a plain page imports pkg/index.js as an ES module, no build step', async () => {
  assert.ok(existsSync(join(REPO, 'pkg/index.js')));
  const server = await serve(REPO);
  try {
    const page = `${server.url}pkg-tests/bundler/plain.html`;
    assert.deepEqual(await report(page), JSON.parse(JSON.stringify(expected())));
  } finally {
    await server.close();
  }
});
