// The package's TypeScript declarations: they compile under `strict`, state DESIGN §9's
// types exactly (pkg-tests/types/usage.ts), and nothing in them is `any`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO, PKG } from '../lib/refract.mjs';

test('tsc accepts the declarations and the usage checks', () => {
  const tsc = join(REPO, 'node_modules/typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', join(REPO, 'pkg-tests/types/tsconfig.json')], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

test('the playground type-checks against the declarations', () => {
  const tsc = join(REPO, 'node_modules/typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', join(REPO, 'www/tsconfig.json')], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

test('no `any` in index.d.ts', () => {
  const text = readFileSync(join(PKG, 'index.d.ts'), 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
  assert.doesNotMatch(text, /\bany\b/);
});

test('package.json points at the entry, the types and the wasm', () => {
  const pkg = JSON.parse(readFileSync(join(PKG, 'package.json'), 'utf8'));
  assert.equal(pkg.type, 'module');
  assert.equal(pkg.exports['.'].types, './index.d.ts');
  assert.equal(pkg.exports['.'].default, './index.js');
  for (const file of pkg.files) assert.doesNotThrow(() => readFileSync(join(PKG, file)), file);
});
