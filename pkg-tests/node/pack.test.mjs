// The package as npm users get it: `npm pack` in pkg/ makes a tarball holding exactly what
// package.json's `files` lists (plus package.json itself), with the fields a registry and
// bundlers read; installed into an empty project, it loads and compiles from Node by its
// name, and Vite bundles it by its name, shipping the .wasm.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO, PKG } from '../lib/refract.mjs';

let work;
let tarball;
let listed;
before(() => {
  work = mkdtempSync(join(tmpdir(), 'refract-pack-'));
  const r = spawnSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: PKG, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const [info] = JSON.parse(r.stdout);
  tarball = join(work, info.filename);
  listed = info.files.map((f) => f.path).sort();
});
after(() => rmSync(work, { recursive: true, force: true }));

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8' });
  assert.equal(r.status, 0, `${cmd} ${args.join(' ')}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

test('the tarball holds the files package.json lists, and nothing else', () => {
  const pkg = JSON.parse(readFileSync(join(PKG, 'package.json'), 'utf8'));
  assert.deepEqual(listed, [...pkg.files, 'package.json'].sort());
  for (const field of ['name', 'version', 'description', 'license', 'types', 'exports', 'files']) {
    assert.ok(pkg[field], `package.json lacks ${field}`);
  }
  assert.equal(pkg.sideEffects, false);
  assert.match(pkg.version, /^\d+\.\d+\.\d+/);
  assert.equal(pkg.exports['.'].types, './index.d.ts');
  assert.ok(readFileSync(join(PKG, 'README.md'), 'utf8').includes('npm install'), 'the README tells npm users how to install');
});

test('installed into an empty project, it loads and compiles from Node by its name', () => {
  const app = join(work, 'node-app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], app);
  writeFileSync(join(app, 'main.js'), `
import init, { check, compile, version, reflect, bindGroupLayouts } from 'refract-wgsl';
await init();
const src = '@group(0) @binding(0) var<storage, read_write> b: array<u32>;\\n' +
  '@compute @workgroup_size(1) fn main() { b[0] = 1u; }';
const spirv = compile(src, { to: 'spirv' });
console.log(JSON.stringify({
  version: version(),
  ok: check(src).ok,
  magic: spirv.ok ? spirv.words[0] : null,
  layouts: bindGroupLayouts(reflect(src)),
}));
`);
  const out = JSON.parse(run(process.execPath, ['main.js'], app));
  const pkg = JSON.parse(readFileSync(join(PKG, 'package.json'), 'utf8'));
  assert.equal(out.version, pkg.version);
  assert.equal(out.ok, true);
  assert.equal(out.magic, 0x07230203);
  assert.equal(out.layouts[0].entries[0].buffer.type, 'storage');
});

test('Vite bundles the installed package by its name and ships the .wasm', async () => {
  const app = join(work, 'vite-app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'vite-app', private: true, type: 'module' }));
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], app);
  writeFileSync(join(app, 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>');
  writeFileSync(join(app, 'main.js'), "import init, { check } from 'refract-wgsl';\nawait init();\nconsole.log(check('fn f() {}').ok);\n");
  const { build } = await import(join(REPO, 'node_modules/vite/dist/node/index.js'));
  await build({ root: app, logLevel: 'silent', build: { outDir: join(app, 'dist'), target: 'es2022' } });
  const assets = readdirSync(join(app, 'dist/assets'));
  assert.ok(assets.some((f) => f.endsWith('.wasm')), `no .wasm among ${assets}`);
  assert.ok(assets.some((f) => f.endsWith('.js')), `no .js among ${assets}`);
});
