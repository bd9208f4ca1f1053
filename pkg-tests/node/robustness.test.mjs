// Bad input never throws (DESIGN §9): garbage, huge and deeply nested sources, invalid
// UTF-16, values that are not strings, malformed options. Each call must return a result of
// the documented shape; a thrown exception or an internal error (E0006) fails the test.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { refract, TARGETS, assertCheckResult, assertCompileResult, assertDiagnostic } from '../lib/refract.mjs';

const { check, compile, reflect } = refract;

/** A deterministic pseudo-random generator (xorshift32), so failures reproduce. */
function rng(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x;
  };
}

const TOKENS = ['fn', 'let', 'var', '{', '}', '(', ')', '[', ']', '<', '>', ';', ':', ',', '@', 'vec4f',
  'struct', 'if', 'else', 'loop', 'for', 'return', '=', '+', '->', '0x', '1.5e', '//', '/*', '*/', '\n',
  'é', '😀', '\0', '\uD800', '\uDFFF', 'u32', 'array<', 'ptr<function,', 'break if', 'switch', 'case'];

function garbage(seed, length) {
  const next = rng(seed);
  let s = '';
  while (s.length < length) {
    const r = next();
    s += r % 3 === 0 ? String.fromCharCode(r % 0xffff) : TOKENS[r % TOKENS.length];
    s += ' ';
  }
  return s;
}

function noInternalError(result, what) {
  for (const d of result.diagnostics) {
    assert.notEqual(d.code, 'E0006', `${what}: internal error: ${d.message}`);
  }
}

/** Every entry point on one source: shapes hold and nothing throws. */
function everything(source, what) {
  const c = check(source);
  assertCheckResult(c, source);
  noInternalError(c, what);
  for (const target of TARGETS) {
    const r = compile(source, { to: target });
    assertCompileResult(r, target, source);
    noInternalError(r, `${what} → ${target}`);
  }
  const r = reflect(source);
  for (const d of r.diagnostics) assertDiagnostic(d, source);
  noInternalError(r, `${what} → reflect`);
}

describe('hostile sources', () => {
  test('200 random token soups', () => {
    for (let seed = 1; seed <= 200; seed++) everything(garbage(seed, 300), `seed ${seed}`);
  });

  test('empty, whitespace, NUL and BOM', () => {
    for (const s of ['', ' ', '\n\n', '\0', '\uFEFF', '\uFEFFfn main() {}', '\r\n\r']) everything(s, JSON.stringify(s));
  });

  test('invalid UTF-16: lone surrogates anywhere', () => {
    for (const s of ['\uD800', '\uDC00', 'fn f() {}\uD83D', '// \uDE00\nfn', '\uDBFF\uDBFF\uDFFF', 'let x = "\uD800";']) {
      everything(s, JSON.stringify(s));
    }
  });

  test('deep nesting: parentheses, braces, brackets, templates, unary operators', () => {
    const n = 100_000;
    const cases = {
      parens: `const x = ${'('.repeat(n)}1${')'.repeat(n)};`,
      braces: `fn f() ${'{'.repeat(n)}${'}'.repeat(n)}`,
      brackets: `const x = a${'[0'.repeat(n)}${']'.repeat(n)};`,
      templates: `alias T = ${'array<'.repeat(n)}f32${'>'.repeat(n)};`,
      unary: `const x = ${'-'.repeat(n)}1;`,
      ifs: `fn f() { ${'if true { '.repeat(n)}${'}'.repeat(n)} }`,
      comments: `${'/*'.repeat(n)}${'*/'.repeat(n)} fn f() {}`,
      unclosed: '('.repeat(n),
    };
    for (const [name, source] of Object.entries(cases)) everything(source, name);
  });

  test('a huge source: just under 16 MiB, the longest refract reads', () => {
    const line = 'fn f_0() -> f32 { return 1.0 + 2.0 * 3.0; } // padding padding padding\n';
    const source = line.repeat(Math.floor((16 << 20) / line.length));
    // Every copy after the first redeclares `f_0` (236,297 errors): the report holds the
    // first 100 by position and one E0007 saying the rest are not shown.
    const limited = (r, what) => {
      assert.equal(r.ok, false, what);
      assert.equal(r.diagnostics.length, 101, what);
      assert.ok(r.diagnostics.slice(0, 100).every((d) => d.code === 'E1000'), what);
      assert.deepEqual(r.diagnostics.slice(0, 100).map((d) => d.labels.find((l) => l.primary).line),
        Array.from({ length: 100 }, (_, k) => k + 2), what);
      const last = r.diagnostics.at(-1);
      assert.equal(last.code, 'E0007', what);
      assert.equal(last.severity, 'error', what);
      assert.match(last.message, /only the first 100 are reported; 236197 more errors were found/, what);
    };
    const c = check(source);
    assertCheckResult(c, source);
    noInternalError(c, 'huge');
    limited(c, 'check');
    const r = compile(source, { to: 'spirv' });
    assertCompileResult(r, 'spirv', source);
    noInternalError(r, 'huge');
    limited(r, 'compile');
  });

  test('a source past 16 MiB is refused at once with E0009, in every entry point (issue 25)', () => {
    const source = `// ${'x'.repeat((16 << 20) - 3)}\n`;
    assert.equal(source.length, (16 << 20) + 1);
    const refused = (r, what) => {
      assert.equal(r.ok, false, what);
      assert.deepEqual(r.diagnostics.map((d) => d.code), ['E0009'], what);
    };
    const c = check(source);
    assertCheckResult(c, source);
    refused(c, 'check');
    for (const to of ['spirv', 'wgsl']) {
      const r = compile(source, { to });
      assertCompileResult(r, to, source);
      refused(r, to);
    }
    refused(reflect(source), 'reflect');
    // One byte less is read: a comment, so a valid empty module.
    assert.equal(check(source.slice(0, -1)).ok, true);
  });

  test('a compile past a documented limit is ok: false with its diagnostic (issue 25)', () => {
    const doubling = (levels) => {
      let s = 'const c0 = 1u;\n';
      for (let i = 1; i <= levels; i++) s += `const c${i} = array(c${i - 1}, c${i - 1});\n`;
      return s + '@group(0) @binding(0) var<storage, read_write> b: u32;\n'
        + `@compute @workgroup_size(1) fn main() { let i = b; b = c${levels}${'[i]'.repeat(levels)}; }\n`;
    };
    const cases = {
      'constants built by doubling (the budget on constant values)': [doubling(25), 'E1309'],
      'a switch past 16,383 selectors': ['@group(0) @binding(0) var<storage, read_write> b: u32;\n'
        + '@compute @workgroup_size(1) fn main() { switch b {\n'
        + Array.from({ length: 16_384 }, (_, i) => `case ${i}u {}\n`).join('') + 'default {} } }\n', 'E1010'],
      'a type past 2^32 bytes': ['var<private> v: array<array<u32, 1 << 29>, 22>;\n'
        + '@compute @workgroup_size(1) fn main() { _ = v[0][0]; }\n', 'E1120'],
    };
    for (const [what, [source, code]] of Object.entries(cases)) {
      for (const to of ['spirv', 'wgsl']) {
        const r = compile(source, { to });
        assertCompileResult(r, to, source);
        assert.equal(r.ok, false, `${what} → ${to}`);
        assert.ok(r.diagnostics.some((d) => d.code === code), `${what} → ${to}: ${JSON.stringify(r.diagnostics)}`);
      }
      const c = check(source);
      assert.equal(c.ok, false, what);
      assert.ok(c.diagnostics.some((d) => d.code === code), what);
    }
  });

  test("the issue's families at four times its sizes answer with diagnostics", () => {
    const cases = {
      'repeated @compute': ['@compute '.repeat(400_000) + '@workgroup_size(1) fn main() {}\n', 'E1501'],
      'stray @': ['@'.repeat(2_000_000), 'E0205'],
      'stray statements': [`fn f() {${'x;'.repeat(800_000)}}\n`, 'E0215'],
    };
    for (const [what, [source, code]] of Object.entries(cases)) {
      const started = performance.now();
      const r = compile(source, { to: 'spirv' });
      assert.equal(r.ok, false, what);
      assert.equal(r.diagnostics[0].code, code, what);
      assert.equal(r.diagnostics.at(-1).code, 'E0007', what);
      assert.ok(performance.now() - started < 10_000, `${what}: ${performance.now() - started} ms`);
    }
  });

  test("the issue's other families at four times its sizes: a diagnostic or a compile, in under 10 s", () => {
    const structs = (levels) => {
      let s = 'struct S0 { a: f32 }\n';
      for (let i = 1; i <= levels; i++) s += `struct S${i} { a: S${i - 1}, b: S${i - 1} }\n`;
      return s + `var<private> v: S${levels};\n@compute @workgroup_size(1) fn main() { _ = v; }\n`;
    };
    const constants = (levels) => {
      let s = 'const c0 = 1u;\n';
      for (let i = 1; i <= levels; i++) s += `const c${i} = array(c${i - 1}, c${i - 1});\n`;
      return s + '@group(0) @binding(0) var<storage, read_write> b: u32;\n'
        + `@compute @workgroup_size(1) fn main() { let i = b; b = c${levels}${'[i]'.repeat(levels)}; }\n`;
    };
    const cases = (n) => '@group(0) @binding(0) var<storage, read_write> b: u32;\n'
      + '@compute @workgroup_size(1) fn main() { switch b {\n'
      + Array.from({ length: n }, (_, i) => `case ${i}u { b = ${i}u; }\n`).join('') + 'default {} } }\n';
    const directives = (n) => Array.from({ length: n }, (_, i) => `diagnostic(off, r${i});\n`).join('')
      + '@compute @workgroup_size(1) fn main() {'
      + Array.from({ length: n / 4 }, (_, i) => ` @diagnostic(off, derivative_uniformity) { let x${i} = ${i}; }`).join('')
      + ' }\n';
    // [source, targets, the error's code or null for a valid program]
    const families = {
      'structures doubling at each level (124 levels)': [structs(124), ['spirv', 'wgsl'], 'E1120'],
      'constants built by doubling (100 levels)': [constants(100), ['spirv', 'wgsl'], 'E1309'],
      'a switch of 160,000 cases': [cases(160_000), ['spirv', 'wgsl'], 'E1010'],
      'a switch of 16,382 cases, the most the limit allows': [cases(16_382), ['spirv', 'wgsl', 'gen'], null],
      // 320,000 warnings (E1805): the report keeps the first 100 and one note (E0008)
      // counts the rest, so JavaScript is handed 101 diagnostics, not 320,000.
      '320,000 diagnostic directives': [directives(320_000), ['spirv', 'wgsl'], null],
    };
    for (const [what, [source, targets, code]] of Object.entries(families)) {
      for (const to of targets) {
        const started = performance.now();
        const r = compile(source, { to });
        const ms = performance.now() - started;
        assertCompileResult(r, to, source);
        noInternalError(r, `${what} → ${to}`);
        assert.ok(r.diagnostics.length <= 102, `${what} → ${to}: ${r.diagnostics.length} diagnostics`);
        if (code === null) {
          assert.equal(r.ok, true, `${what} → ${to}: ${JSON.stringify(r.diagnostics.slice(0, 3))}`);
        } else {
          assert.equal(r.ok, false, `${what} → ${to}`);
          assert.equal(r.diagnostics[0].code, code, `${what} → ${to}`);
        }
        assert.ok(ms < 10_000, `${what} → ${to}: ${ms} ms`);
      }
    }
    const started = performance.now();
    const c = check(directives(320_000));
    assert.ok(performance.now() - started < 10_000, `check: ${performance.now() - started} ms`);
    assert.equal(c.ok, true);
    assert.equal(c.diagnostics.length, 101);
    assert.equal(c.diagnostics.at(-1).code, 'E0008');
    assert.equal(c.diagnostics.at(-1).severity, 'note');
  });

  test('a very long line and a very long identifier', () => {
    everything(`const ${'x'.repeat(1 << 20)} = 1;`, 'long identifier');
    everything(`const x = ${'1 + '.repeat(1 << 16)}1;`, 'long expression');
  });
});

describe('misuse that is still not an exception', () => {
  const notStrings = [undefined, null, 42, 1n, true, {}, [], ['fn'], Symbol('s'), () => 'fn', new String('fn f() {}')];

  test('a source that is not a string is a usage diagnostic', () => {
    for (const value of notStrings) {
      for (const r of [check(value), reflect(value), compile(value, { to: 'wgsl' })]) {
        assert.equal(r.ok, false);
        assert.equal(r.diagnostics.length, 1);
        assertDiagnostic(r.diagnostics[0]);
        assert.equal(r.diagnostics[0].code, 'E0002');
      }
    }
  });

  test('malformed compile options are a usage diagnostic', () => {
    const bad = [undefined, null, 'wgsl', 7, {}, { to: 'glsl' }, { to: 42 }, { to: 'wgsl', opt: 3 },
      { to: 'wgsl', opt: 1.5 }, { to: 'wgsl', opt: '1' }, { to: 'wgsl', passes: 'dce' },
      { to: 'wgsl', passes: [1, 2] }, { to: 'wgsl', entryPoint: 5 }, { to: 'wgsl', overrides: [1] },
      { to: 'wgsl', overrides: 'x=1' }, { to: 'wgsl', overrides: { x: '1' } }, new Proxy({}, {})];
    for (const options of bad) {
      const r = compile('fn f() {}', options);
      assert.equal(r.ok, false, String(options));
      assert.equal(r.diagnostics[0].code, 'E0002', JSON.stringify(r.diagnostics));
      assertDiagnostic(r.diagnostics[0]);
    }
  });

  test('unknown option keys are ignored; null means absent', () => {
    const r = compile('fn f() {}', { to: 'wgsl', opt: null, passes: null, entryPoint: null, overrides: null, colour: 'blue' });
    assertCompileResult(r, 'wgsl', 'fn f() {}');
    assert.ok(!r.diagnostics.some((d) => d.code === 'E0002'), JSON.stringify(r.diagnostics));
  });
});
