// `explore`, the playground's call: many products of one text from one run of the front
// end. Each product must be exactly what the single call returns (`compile` per target,
// `compile` at -O0 for `irBefore`, `reflect` for the reflection), and `ok`/`diagnostics`
// exactly `check`'s, on our examples, broken and ill-typed variants, and a corpus sample.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { refract, TARGETS, examples, corpusSample, assertCheckResult, assertCompileResult } from '../lib/refract.mjs';

const { explore, compile, check, reflect, passes } = refract;
const PRODUCTS = [...TARGETS, 'irBefore', 'reflect'];

function words(r) {
  return r.words ? { ...r, words: [...r.words] } : r;
}

/** What the single calls give for `product` with the `explore` options `options`. */
function single(source, product, options) {
  const { products: _p, ...rest } = options;
  if (product === 'irBefore') {
    const { passes: _passes, ...noPasses } = rest;
    return compile(source, { ...noPasses, to: 'ir', opt: 0 });
  }
  if (product === 'reflect') {
    const r = reflect(source);
    if (!r.ok) return r;
    const { ok: _ok, diagnostics, ...data } = r;
    return { ok: true, code: JSON.stringify(data, null, 2), diagnostics };
  }
  return compile(source, { ...rest, to: product });
}

function agree(source, options, what) {
  const r = explore(source, options);
  assert.deepEqual(Object.keys(r).sort(), ['diagnostics', 'ok', 'products', 'timings'], what);
  const checked = check(source);
  assertCheckResult({ ok: r.ok, diagnostics: r.diagnostics }, source);
  assert.deepEqual({ ok: r.ok, diagnostics: r.diagnostics }, checked, `${what}: check`);
  assert.deepEqual(Object.keys(r.products), options.products, `${what}: products in order`);
  for (const product of options.products) {
    const got = r.products[product];
    assertCompileResult(got, product, source);
    const want = single(source, product, options);
    if (product === 'reflect' && got.ok) {
      assert.deepEqual(JSON.parse(got.code), JSON.parse(want.code), `${what}: reflect`);
      assert.deepEqual(got.diagnostics, want.diagnostics, `${what}: reflect`);
    } else {
      assert.deepEqual(words(got), words(want), `${what}: ${product}`);
    }
  }
  for (const [stage, ms] of Object.entries(r.timings)) {
    assert.ok(Number.isFinite(ms) && ms >= 0, `${what}: timing ${stage} = ${ms}`);
  }
  return r;
}

/** Variants that fail at each stage: syntax, types, an unknown pass, an unknown entry. */
function variants(source) {
  return [
    [source, {}],
    [source.replace(';', ''), {}],
    [source.replace(/\bvec4f\(/, 'vec4f(true, '), {}],
    [`${source}\nfn extra() -> i32 { return 1u; }\n`, {}],
    [source, { passes: [] }],
    [source, { passes: ['dce', 'mem2reg'] }],
    [source, { passes: ['no-such-pass'] }],
    [source, { entryPoint: 'no_such_entry' }],
    [source, { opt: 0 }],
  ];
}

describe('explore', () => {
  test('examples and their variants: every product equals its single call', () => {
    for (const [name, source] of Object.entries(examples)) {
      for (const [i, [text, options]] of variants(source).entries()) {
        agree(text, { products: PRODUCTS, ...options }, `${name} variant #${i}`);
      }
    }
  });

  test('a valid example: every built product is made, with stage timings', () => {
    const r = agree(examples['pbr.wgsl'], { products: PRODUCTS }, 'pbr');
    for (const p of ['wgsl', 'spirv', 'spvasm', 'ir', 'ast', 'irBefore', 'reflect']) {
      assert.equal(r.products[p].ok, true, p);
    }
    for (const stage of ['parse', 'sema', 'lower', 'passes']) assert.ok(stage in r.timings, stage);
  });

  test('a subset of products, in the order asked for', () => {
    const products = ['spvasm', 'ast'];
    const r = agree(examples['blur.wgsl'], { products, passes: passes() }, 'blur');
    assert.deepEqual(Object.keys(r.products), products);
  });

  test("the worker's two calls per text: the open panel, then the rest on the same text", () => {
    // The second call reuses the front end's work on the identical text; a changed text or
    // pipeline must never get another's products.
    const source = examples['renderer.wgsl'];
    const rest = PRODUCTS.filter((p) => p !== 'wgsl');
    let previous = null;
    for (const [i, [text, options]] of [
      [source, {}],
      [`// edited\n${source}`, {}],
      [`// edited\n${source}`, { passes: ['mem2reg'] }],
      [source.replace(';', ''), {}],
      [source, {}],
    ].entries()) {
      const first = agree(text, { products: ['wgsl'], ...options }, `text #${i}, first call`);
      assert.equal('parse' in first.timings, text !== previous, `text #${i}: parsed only when new`);
      previous = text;
      const second = agree(text, { products: rest, ...options }, `text #${i}, second call`);
      assert.ok(!('parse' in second.timings), `text #${i}: the same text is not parsed again`);
    }
  });

  test('a corpus sample', () => {
    const sample = corpusSample(50);
    for (const [path, source] of sample) agree(source, { products: PRODUCTS }, path);
  });

  test('passSteps: the IR after each step, its time, and whether it changed anything', () => {
    const names = new Set(passes());
    for (const name of ['pbr.wgsl', 'blur.wgsl']) {
      for (const opt of [1, 2]) {
        const source = examples[name];
        const what = `${name} -O${opt}`;
        const r = explore(source, { products: ['passSteps', 'irBefore'], opt }).products;
        const steps = r.passSteps;
        assert.equal(steps.ok, true, what);
        assert.deepEqual(Object.keys(steps).sort(), ['code', 'diagnostics', 'ok', 'steps'], what);
        // Stable ids (arena indices) where `compile` numbers densely: the same text once
        // ids are set aside.
        const ids = (text) => text.replace(/([%^@])\d+/g, '$1#');
        assert.equal(ids(steps.code), ids(r.irBefore.code), `${what}: code is the IR as lowered`);
        assert.ok(steps.steps.length >= 3, `${what}: ${steps.steps.length} steps`);
        // Every depth-0 step leaves the IR its successor starts from; one that changed
        // nothing leaves the IR it was given; the last leaves `compile`'s.
        let ir = steps.code;
        for (const step of steps.steps) {
          assert.deepEqual(Object.keys(step).sort(), ['changed', 'depth', 'ir', 'ms', 'pass'], what);
          assert.ok(Number.isInteger(step.depth) && step.depth >= 0, `${what}: depth ${step.depth}`);
          assert.ok(Number.isFinite(step.ms) && step.ms >= 0, `${what}: ${step.pass} took ${step.ms} ms`);
          if (step.depth === 0) assert.ok(names.has(step.pass), `${what}: ${step.pass} is a pass`);
          if (step.depth > 0) continue;
          if (!step.changed) assert.equal(step.ir, ir, `${what}: ${step.pass} changed nothing`);
          ir = step.ir;
        }
        assert.equal(ids(ir), ids(compile(source, { to: 'ir', opt }).code), `${what}: the last step leaves compile's IR`);
        assert.ok(steps.steps.some((s) => s.changed), `${what}: some step changed the module`);
        assert.ok(steps.steps.some((s) => s.ms > 0), `${what}: the clock ran`);
      }
    }
    const broken = explore('fn f() -> i32 { return 1u; }', { products: ['passSteps'] }).products.passSteps;
    assert.equal(broken.ok, false);
    assert.deepEqual(broken, compile('fn f() -> i32 { return 1u; }', { to: 'ir' }));
  });

  test('bad options and bad sources are results, never exceptions', () => {
    for (const [source, options] of [
      [1, { products: ['wgsl'] }],
      ['fn f() {}', null],
      ['fn f() {}', { products: ['glsl'] }],
      ['fn f() {}', { products: 'wgsl' }],
      ['fn f() {}', { products: ['wgsl'], opt: 7 }],
    ]) {
      const r = explore(source, options);
      assert.equal(r.ok, false, JSON.stringify(options));
      assert.deepEqual(r.products, {});
      assert.deepEqual(r.diagnostics.map((d) => d.code), ['E0002'], JSON.stringify(r.diagnostics));
    }
  });
});
