// The package's API, as DESIGN §9 states it, exercised from Node on our examples and on a
// sample of the corpus: every target refract implements (BUILT_TARGETS) must work, and the
// others must say they are not built yet with E0004 and nothing else.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  refract, REPO, BUILT_TARGETS, PENDING_TARGETS, NOT_YET, examples, corpusSample,
  assertCheckResult, assertCompileResult, assertDiagnostic,
} from '../lib/refract.mjs';

const { check, compile, reflect, passes, version, initSync } = refract;

describe('exports', () => {
  test('the functions of DESIGN §9 are exported', () => {
    for (const name of ['default', 'initSync', 'version', 'check', 'compile', 'reflect', 'passes', 'explain',
      'hover', 'definition', 'completions', 'signatureHelp', 'bindGroupLayouts']) {
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
      assert.equal(r.ok, true, JSON.stringify(r.diagnostics));
      assert.deepEqual(r.diagnostics, [], 'our examples are warning-free');
    });
  }

  test('a syntax error is reported on its token', () => {
    const source = 'fn main() {\n  let x = ;\n}\n';
    const r = check(source);
    assertCheckResult(r, source);
    assert.equal(r.ok, false);
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
    const primary = r.diagnostics[0].labels.find((l) => l.primary);
    const bytes = Buffer.from(source, 'utf8');
    assert.equal(bytes.subarray(primary.start, primary.end).toString('utf8'), ';');
    assert.equal(primary.line, 2);
    assert.equal(primary.column, [...before].length + 1);
  });

  test('a semantic error is reported on its token, with its own code', () => {
    const source = 'fn f() -> i32 {\n  let x: u32 = 1u;\n  return x;\n}\n';
    const r = check(source);
    assertCheckResult(r, source);
    assert.equal(r.ok, false);
    const [d] = r.diagnostics;
    assert.match(d.code, /^E1\d{3}$/, `a sema code (E1000–E1999), not a syntax one: ${d.code}`);
    const primary = d.labels.find((l) => l.primary);
    assert.equal(primary.line, 3);
    assert.equal(source.slice(primary.start, primary.end), 'x');
  });

  test('a warning leaves the module valid', () => {
    const source = '@compute @workgroup_size(1) fn main() {\n  return;\n  let x = 1;\n}\n';
    const r = check(source);
    assertCheckResult(r, source);
    assert.equal(r.ok, true);
    assert.ok(r.diagnostics.length > 0 && r.diagnostics.every((d) => d.severity !== 'error'),
      JSON.stringify(r.diagnostics));
  });
});

describe('compile', () => {
  for (const target of BUILT_TARGETS) {
    test(`every example compiles to ${target}`, () => {
      for (const [name, source] of Object.entries(examples)) {
        const r = compile(source, { to: target });
        assertCompileResult(r, target, source);
        assert.equal(r.ok, true, `${name}: ${JSON.stringify(r.diagnostics)}`);
      }
    });
  }

  for (const target of PENDING_TARGETS) {
    test(`${target} is reported as not built yet`, () => {
      const r = compile(examples['triangle.wgsl'], { to: target });
      assertCompileResult(r, target);
      assert.equal(r.ok, false);
      assert.deepEqual(r.diagnostics.map((d) => d.code), [NOT_YET]);
    });
  }

  test('spirv words and the spvasm disassembly describe the same module', () => {
    for (const [name, source] of Object.entries(examples)) {
      const words = compile(source, { to: 'spirv' }).words;
      const text = compile(source, { to: 'spvasm' }).code;
      // The header: magic, version 1.x, then the id bound the disassembly reports.
      assert.equal(words[0], 0x07230203, name);
      assert.equal(words[1] >>> 16, 1, `${name}: SPIR-V 1.x`);
      assert.match(text, /OpCapability Shader/, name);
      assert.match(text, /OpEntryPoint/, name);
      assert.ok(text.includes(`Bound: ${words[3]}`), `${name}: bound ${words[3]}`);
    }
  });

  test('ir output is the textual IR; an empty pipeline is -O0', () => {
    for (const [name, source] of Object.entries(examples)) {
      const ir = compile(source, { to: 'ir' });
      assert.ok(ir.ok, name);
      assert.match(ir.code, /^func @/m, name);
      const o0 = compile(source, { to: 'ir', opt: 0 });
      assert.ok(o0.ok, name);
      const none = compile(source, { to: 'ir', passes: [] });
      assert.equal(none.code, o0.code, `${name}: no passes is -O0`);
    }
  });

  test('ast output is JSON: kind first, spans as byte ranges into the source', () => {
    const source = examples['triangle.wgsl'];
    const r = compile(source, { to: 'ast' });
    assert.ok(r.ok);
    const ast = JSON.parse(r.code);
    assert.deepEqual(Object.keys(ast), ['directives', 'decls', 'comments']);
    const fn = ast.decls.find((d) => d.kind === 'fn');
    assert.equal(Object.keys(fn)[0], 'kind');
    assert.equal(Object.keys(fn).at(-1), 'span');
    const bytes = Buffer.from(source, 'utf8');
    assert.match(bytes.subarray(fn.span[0], fn.span[1]).toString('utf8'), new RegExp(`^@\\w+\\s+fn ${fn.name}\\b`));
  });

  test('ast is made even when the module does not type-check', () => {
    const r = compile('fn f() { let x: u32 = 1.5; }', { to: 'ast' });
    assert.equal(r.ok, true);
    assert.ok(!compile('fn f() { let x: u32 = 1.5; }', { to: 'wgsl' }).ok);
  });

  const roundTrips = (source) => {
    const texts = [source];
    for (let i = 0; i < 3; i++) {
      const r = compile(texts.at(-1), { to: 'wgsl' });
      assert.ok(r.ok, `round trip ${i + 1}: ${JSON.stringify(r.diagnostics)}`);
      texts.push(r.code);
    }
    return texts;
  };

  test('round-tripped WGSL is valid and the round trip converges', () => {
    for (const [name, source] of Object.entries(examples)) {
      const [, , second, third] = roundTrips(source);
      assert.equal(third, second, name);
    }
  });

  // DESIGN §5: the first round trip is already a fixpoint.
  test('a second round trip gives the same text (DESIGN §5)', () => {
    for (const [name, source] of Object.entries(examples)) {
      const [, once, twice] = roundTrips(source);
      const a = once.split('\n');
      const b = twice.split('\n');
      const line = a.findIndex((l, i) => l !== b[i]);
      assert.ok(once === twice, `${name}: line ${line + 1} was \`${a[line]}\`, is \`${b[line]}\``);
    }
  });

  test('options: opt levels, an explicit pipeline, an entry point', () => {
    const source = examples['triangle.wgsl'];
    for (const options of [
      { to: 'ir', opt: 0 }, { to: 'ir', opt: 1 }, { to: 'ir', opt: 2 },
      { to: 'ir', passes: passes() }, { to: 'ir', passes: [] },
      { to: 'wgsl', entryPoint: 'fs_main' }, { to: 'spvasm', entryPoint: 'vs_main' },
      { to: 'spirv', passes: [] },
    ]) {
      const r = compile(source, options);
      assertCompileResult(r, options.to, source);
      assert.ok(r.ok, `${JSON.stringify(options)}: ${JSON.stringify(r.diagnostics)}`);
    }
    const one = compile(source, { to: 'wgsl', entryPoint: 'fs_main' }).code;
    assert.match(one, /fn fs_main/);
    assert.doesNotMatch(one, /fn vs_main/);
  });

  test('override values: by name or @id, numbers or booleans, checked as the CLI checks them', () => {
    const source = `override scale: f32 = 1.0;
@id(7) override count: u32 = 4u;
override flip: bool = false;
@group(0) @binding(0) var<storage, read_write> out: array<f32, 4>;
@compute @workgroup_size(1) fn main() {
  out[0] = scale * f32(count);
  if flip { out[1] = 1.0; }
}`;
    const given = compile(source, { to: 'wgsl', overrides: { scale: 2.5, 7: 3, flip: true } });
    assertCompileResult(given, 'wgsl', source);
    assert.ok(given.ok, JSON.stringify(given.diagnostics));
    assert.match(given.code, /override scale: f32 = 2.5f?;/);
    assert.match(given.code, /override count: u32 = 3u;/);
    assert.match(given.code, /override flip: bool = true;/);
    // The same values reach SPIR-V as the spec constants' defaults, as the CLI's do.
    const spv = compile(source, { to: 'spvasm', overrides: { scale: 2.5, 7: 3, flip: true } });
    assert.ok(spv.ok, JSON.stringify(spv.diagnostics));
    assert.match(spv.code, /OpSpecConstant %\w+ 3\n/);
    assert.match(spv.code, /OpSpecConstantTrue/);
    for (const [overrides, code] of [[{ nope: 1 }, 'E4004'], [{ count: -1 }, 'E4005'], [{ count: 0.5 }, 'E4005']]) {
      const r = compile(source, { to: 'wgsl', overrides });
      assertCompileResult(r, 'wgsl', source);
      assert.equal(r.ok, false, JSON.stringify(overrides));
      assert.deepEqual(r.diagnostics.map((d) => d.code), [code], JSON.stringify(r.diagnostics));
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
      for (const target of ['wgsl', 'spirv', 'spvasm', 'ir', 'ast']) {
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
