// The package's API, as DESIGN §9 states it, exercised from Node on our examples and on a
// sample of the corpus. Where a stage is not built yet, refract must say so with E0004 and
// nothing else; the checks tighten by themselves as stages land.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  refract, REPO, TARGETS, examples, corpusSample, notYet,
  assertCheckResult, assertCompileResult, assertDiagnostic,
} from '../lib/refract.mjs';

const { check, compile, reflect, passes, version, initSync } = refract;

describe('exports', () => {
  test('the functions of DESIGN §9 are exported', () => {
    for (const name of ['default', 'initSync', 'version', 'check', 'compile', 'reflect', 'passes']) {
      assert.equal(typeof refract[name], 'function', name);
    }
  });

  test('version() is the crate version', () => {
    const cargo = readFileSync(join(REPO, 'Cargo.toml'), 'utf8');
    assert.equal(version(), cargo.match(/^version = "(.*)"/m)[1]);
  });

  test('passes() is a list of distinct pass names', () => {
    const list = passes();
    assert.ok(Array.isArray(list));
    assert.ok(list.every((p) => typeof p === 'string' && /^[a-z0-9-]+$/.test(p)), list.join(','));
    assert.equal(new Set(list).size, list.length);
  });

  test('init() and initSync() again are no-ops', async () => {
    await refract.default();
    initSync(new Uint8Array([0, 1, 2])); // not even parsed: the module is already loaded
    assert.equal(typeof version(), 'string');
  });
});

describe('check', () => {
  for (const [name, source] of Object.entries(examples)) {
    test(`example ${name} is valid`, () => {
      const r = check(source);
      assertCheckResult(r, source);
      if (notYet(r)) return;
      assert.equal(r.ok, true, JSON.stringify(r.diagnostics));
    });
  }

  test('a syntax error is reported on its token', () => {
    const source = 'fn main() {\n  let x = ;\n}\n';
    const r = check(source);
    assertCheckResult(r, source);
    assert.equal(r.ok, false);
    if (notYet(r)) return;
    const primary = r.diagnostics[0].labels.find((l) => l.primary);
    assert.ok(primary, 'an error about source text has a primary label');
    assert.equal(primary.line, 2);
    assert.equal(source.slice(primary.start, primary.end), ';');
  });

  test('columns count Unicode scalar values, offsets count UTF-8 bytes', () => {
    // "é" is 2 bytes and "😀" 4 bytes (2 UTF-16 units), but each is one column.
    const before = 'fn f() { let é = 1; /* 😀 */ let y = ';
    const source = `// header\n${before}; }\n`;
    const r = check(source);
    assertCheckResult(r, source);
    assert.equal(r.ok, false);
    if (notYet(r)) return;
    const primary = r.diagnostics[0].labels.find((l) => l.primary);
    const bytes = Buffer.from(source, 'utf8');
    assert.equal(bytes.subarray(primary.start, primary.end).toString('utf8'), ';');
    assert.equal(primary.line, 2);
    assert.equal(primary.column, [...before].length + 1);
  });
});

describe('compile', () => {
  for (const target of TARGETS) {
    test(`every example compiles to ${target}`, () => {
      for (const [name, source] of Object.entries(examples)) {
        const r = compile(source, { to: target });
        assertCompileResult(r, target, source);
        if (notYet(r)) continue;
        assert.equal(r.ok, true, `${name}: ${JSON.stringify(r.diagnostics)}`);
      }
    });
  }

  test('ast output is JSON', () => {
    const r = compile(examples['triangle.wgsl'], { to: 'ast' });
    if (notYet(r)) return assertCompileResult(r, 'ast');
    assert.doesNotThrow(() => JSON.parse(r.code));
  });

  test('round-tripped WGSL compiles again to the same text (a fixpoint)', () => {
    for (const [name, source] of Object.entries(examples)) {
      const once = compile(source, { to: 'wgsl' });
      if (notYet(once)) return assertCompileResult(once, 'wgsl');
      assert.ok(once.ok, name);
      const twice = compile(once.code, { to: 'wgsl' });
      assert.ok(twice.ok, name);
      assert.equal(twice.code, once.code, name);
    }
  });

  test('options: opt levels, an explicit pipeline, an entry point', () => {
    const source = examples['triangle.wgsl'];
    for (const options of [
      { to: 'ir', opt: 0 }, { to: 'ir', opt: 1 }, { to: 'ir', opt: 2 },
      { to: 'ir', passes: passes() }, { to: 'ir', passes: [] },
      { to: 'wgsl', entryPoint: 'fs_main' },
    ]) {
      const r = compile(source, options);
      assertCompileResult(r, options.to, source);
      if (!notYet(r)) assert.ok(r.ok, `${JSON.stringify(options)}: ${JSON.stringify(r.diagnostics)}`);
    }
  });

  test('an unknown pass name is a diagnostic', () => {
    const r = compile(examples['triangle.wgsl'], { to: 'ir', passes: ['no-such-pass'] });
    assertCompileResult(r, 'ir');
    assert.equal(r.ok, false);
  });

  test('an unknown entry point is a diagnostic', () => {
    const r = compile(examples['triangle.wgsl'], { to: 'wgsl', entryPoint: 'nope' });
    assertCompileResult(r, 'wgsl');
    assert.equal(r.ok, false);
  });
});

describe('reflect', () => {
  test('examples reflect to plain JSON data beside ok and diagnostics', () => {
    for (const [name, source] of Object.entries(examples)) {
      const r = reflect(source);
      assert.equal(typeof r.ok, 'boolean');
      for (const d of r.diagnostics) assertDiagnostic(d, source);
      if (notYet(r)) continue;
      assert.ok(r.ok, `${name}: ${JSON.stringify(r.diagnostics)}`);
      assert.ok(Object.keys(r).length > 2, 'reflection data');
      assert.deepEqual(JSON.parse(JSON.stringify(r)), r, 'plain JSON data');
    }
  });

  test('invalid source reflects to diagnostics', () => {
    const r = reflect('fn (');
    assert.deepEqual(Object.keys(r).sort(), ['diagnostics', 'ok']);
    assert.equal(r.ok, false);
    for (const d of r.diagnostics) assertDiagnostic(d, 'fn (');
  });
});

describe('corpus sample', () => {
  const sample = corpusSample(50);
  test(`${sample.length} corpus files: check and compile never throw and keep the shapes`, () => {
    assert.ok(sample.length > 150);
    for (const [path, source] of sample) {
      assertCheckResult(check(source), source);
      for (const target of ['wgsl', 'spirv', 'ir']) {
        const r = compile(source, { to: target });
        try {
          assertCompileResult(r, target, source);
        } catch (e) {
          e.message = `${path} → ${target}: ${e.message}`;
          throw e;
        }
      }
    }
  });
});
