// The package and the CLI are thin layers over the same Rust API, so they must agree
// exactly: the same diagnostics (DESIGN §9's JSON shape, key for key) and the same output,
// on our examples, broken variants of them and a sample of the corpus.
//
// The CLI is the one `refractCli()` finds (pkg-tests/lib/refract.mjs).

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { refract, BUILT_TARGETS, examples, corpusSample, refractCli } from '../lib/refract.mjs';

const cli = refractCli();

function run(args, input) {
  const r = spawnSync(cli, [...args, '-'], { input, maxBuffer: 1 << 28 });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr.toString('utf8') };
}

function agreeOnCheck(source, what) {
  const js = refract.check(source);
  const native = run(['check', '--format', 'json'], source);
  assert.equal(native.status, js.ok ? 0 : 1, `${what}: exit status`);
  assert.deepEqual(JSON.parse(native.stdout.toString('utf8')).diagnostics, js.diagnostics, what);
}

function agreeOnCompile(source, target, what) {
  const js = refract.compile(source, { to: target });
  const native = run(['compile', '--to', target, '--format', 'json'], source);
  assert.equal(native.status, js.ok ? 0 : 1, `${what}: exit status; ${native.stderr}`);
  assert.deepEqual(JSON.parse(native.stderr).diagnostics, js.diagnostics, `${what}: diagnostics`);
  if (!js.ok) return;
  if (target === 'spirv') {
    const words = new Uint32Array(native.stdout.buffer, native.stdout.byteOffset, native.stdout.byteLength / 4);
    assert.deepEqual([...js.words], [...words], `${what}: words`);
  } else {
    assert.equal(js.code, native.stdout.toString('utf8'), `${what}: output`);
  }
}

/** Broken variants: a token dropped, text cut in half, a stray character. */
function broken(source) {
  return [
    source.replace(';', ''),
    source.slice(0, source.length >> 1),
    source.replace('fn ', 'fn $'),
    `${source}\n}`,
  ];
}

// Over every target the package builds (all of them, HLSL included).
describe('package and CLI agree', () => {
  test('check: examples and broken variants', () => {
    for (const [name, source] of Object.entries(examples)) {
      agreeOnCheck(source, name);
      broken(source).forEach((b, i) => agreeOnCheck(b, `${name} broken #${i}`));
    }
  });

  test('compile to every target: examples and broken variants', () => {
    for (const [name, source] of Object.entries(examples)) {
      for (const target of BUILT_TARGETS) {
        agreeOnCompile(source, target, `${name} → ${target}`);
        agreeOnCompile(broken(source)[0], target, `${name} broken → ${target}`);
      }
    }
  });

  test('check and compile: a corpus sample', () => {
    const sample = corpusSample(100);
    assert.ok(sample.length > 100);
    for (const [path, source] of sample) {
      agreeOnCheck(source, path);
      agreeOnCompile(source, 'wgsl', path);
      agreeOnCompile(source, 'spirv', path);
    }
  });

  test('run: the compute examples on the Gen simulator, with patterned buffers', () => {
    const dir = mkdtempSync(join(tmpdir(), 'refract-run-'));
    try {
      let ran = 0;
      for (const [name, source] of Object.entries(examples)) {
        const entries = refract.reflect(source).entryPoints ?? [];
        for (const { name: entry, stage } of entries) {
          if (stage !== 'compute') continue;
          const what = `${name} ${entry}`;
          const zeros = refract.run(source, { entryPoint: entry, dispatch: [2] });
          const native = run(['run', '--entry', entry, '--dispatch', '2', '--format', 'json'], source);
          if (!zeros.ok) {
            // Texture operations are not simulated: both say so, the same way (`run` has
            // no output to keep apart, so its JSON diagnostics go to stdout).
            assert.equal(native.status, 1, `${what}: exit status`);
            assert.deepEqual(JSON.parse(native.stdout.toString('utf8')).diagnostics, zeros.diagnostics, what);
            continue;
          }
          // Every binding filled with a pattern of words of its own size.
          const buffers = {};
          const args = ['run', '--entry', entry, '--dispatch', '2,1,1'];
          for (const [key, { bytes }] of Object.entries(zeros.buffers)) {
            const data = new Uint8Array(bytes.length);
            for (let i = 0; i < data.length; i++) data[i] = (i * 37 + 11) % 7 === 0 ? 0x3f : (i * 13) & 0xff;
            buffers[key] = data;
            const file = join(dir, `${name}-${entry}-${key.replace(':', '-')}.bin`);
            writeFileSync(file, data);
            args.push('--buffer', `${key}=${file}`);
          }
          const js = refract.run(source, { entryPoint: entry, dispatch: 2, buffers });
          const out = run(args, source);
          assert.equal(out.status, 0, `${what}: ${out.stderr}`);
          assert.ok(js.ok, `${what}: ${JSON.stringify(js.diagnostics)}`);
          const expected = JSON.parse(out.stdout.toString('utf8'));
          assert.deepEqual(Object.keys(js.buffers), Object.keys(expected), what);
          for (const [key, values] of Object.entries(expected)) {
            // JSON writes NaN and infinities as null; the package keeps them.
            const mine = js.buffers[key].values.map((x) => (Number.isFinite(x) ? x : null));
            assert.deepEqual(mine, values, `${what} ${key}`);
          }
          ran++;
        }
      }
      assert.ok(ran >= 3, `only ${ran} compute entry points ran`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('non-ASCII sources: same byte offsets, lines and columns', () => {
    const source = '// é😀 ünïcödé\nfn f() { let 名前 = ; }\n';
    agreeOnCheck(source, 'unicode');
    for (const target of BUILT_TARGETS) agreeOnCompile(source, target, `unicode → ${target}`);
  });
});
