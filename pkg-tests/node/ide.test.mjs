// The editor services of DESIGN §9 (hover, definition, completions, signatureHelp) against
// the built package: their exact shapes, UTF-16 offsets on non-ASCII text, broken code,
// bad arguments, no trap at any offset of broken texts, and their speed on the
// playground's 1,000-line example.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { refract, examples, PKG } from '../lib/refract.mjs';

const { hover, definition, completions, signatureHelp } = refract;
// The raw layer under index.js, which throws on a trap instead of answering nothing: the
// robustness test calls it, so a trap cannot hide.
const glue = await import(join(PKG, 'refract.js'));

const SHADER = `// Particles — größe ✓ 😀
struct Particle {
  pos: vec3f,
  vel: vec3<f32>,
}
@group(0) @binding(0) var<storage, read_write> particles: array<Particle>;
fn speed(größe: Particle, scale: f32) -> f32 {
  let 𝒳 = größe.vel * scale;
  return length(𝒳);
}
`;

/** The UTF-16 offset of `needle` in SHADER, plus `plus`. */
function at(needle, plus = 0) {
  const i = SHADER.indexOf(needle);
  assert.ok(i >= 0, needle);
  return i + plus;
}

function assertSpan(span) {
  assert.deepEqual(Object.keys(span).sort(), ['column', 'end', 'line', 'start']);
  for (const k of Object.keys(span)) assert.ok(Number.isInteger(span[k]) && span[k] >= 0, k);
}

test('hover: the declaration, type and definition, in UTF-16 offsets', () => {
  const h = hover(SHADER, at('𝒳);'));
  assert.deepEqual(Object.keys(h).sort(), ['definition', 'kind', 'signatures', 'span', 'type']);
  assertSpan(h.span);
  assert.equal(SHADER.slice(h.span.start, h.span.end), '𝒳');
  assert.equal(h.kind, 'let');
  assert.deepEqual(h.signatures, ['let 𝒳: vec3<f32>']);
  assert.equal(h.type, 'vec3<f32>');
  assert.equal(SHADER.slice(h.definition.start, h.definition.end), '𝒳');
  assert.equal(h.definition.start, at('𝒳 ='));
  assert.deepEqual([h.definition.line, h.definition.column], [8, 7]);

  const p = hover(SHADER, at('größe.vel', 3));
  assert.equal(p.kind, 'parameter');
  assert.deepEqual(p.signatures, ['größe: Particle']);
  assert.equal(SHADER.slice(p.span.start, p.span.end), 'größe');

  const m = hover(SHADER, at('vel * scale'));
  assert.equal(m.kind, 'member');
  assert.equal(m.description, 'offset 16, size 12, align 16');

  const b = hover(SHADER, at('length('));
  assert.equal(b.kind, 'builtin');
  assert.ok(b.signatures.length >= 1 && b.signatures.every((s) => s.startsWith('length(')));
  assert.equal(typeof b.description, 'string');
  assert.equal(b.definition, undefined);

  const v = hover(SHADER, at('particles:'));
  assert.deepEqual(v.signatures, ['@group(0) @binding(0) var<storage, read_write> particles: array<Particle>']);
  assert.equal(hover(SHADER, at('Particles —', 3)), null, 'in a comment');
});

test('definition: a span with line and column, null for builtins', () => {
  const d = definition(SHADER, at('Particle>'));
  assertSpan(d);
  assert.equal(SHADER.slice(d.start, d.end), 'Particle');
  assert.deepEqual([d.line, d.column], [2, 8]);
  // From just after the name, as a cursor at the end of a word.
  const e = definition(SHADER, at('scale;') + 5);
  assert.equal(SHADER.slice(e.start, e.end), 'scale');
  assert.equal(definition(SHADER, at('length(')), null);
  assert.equal(definition(SHADER, at('f32 {')), null);
});

test('completions: names in scope with their kinds; members after a dot', () => {
  const list = completions(SHADER, at('return'));
  const byLabel = new Map(list.map((c) => [c.label, c]));
  for (const c of list) {
    assert.equal(typeof c.label, 'string');
    assert.equal(typeof c.kind, 'string');
    assert.ok(Object.keys(c).every((k) => ['label', 'kind', 'detail'].includes(k)));
  }
  assert.deepEqual(byLabel.get('𝒳'), { label: '𝒳', kind: 'let', detail: 'vec3<f32>' });
  assert.equal(byLabel.get('größe').kind, 'parameter');
  assert.equal(byLabel.get('particles').kind, 'var');
  assert.equal(byLabel.get('speed').detail, 'fn speed(größe: Particle, scale: f32) -> f32');
  assert.equal(byLabel.get('textureSample').kind, 'builtin');
  assert.equal(byLabel.get('vec4f').kind, 'type');
  assert.equal(byLabel.get('loop').kind, 'keyword');

  // Typing a member access that does not parse yet.
  const typing = SHADER.replace('return length(𝒳);', 'let q = größe.\n  return length(𝒳);');
  const members = completions(typing, typing.indexOf('größe.\n') + 6);
  assert.deepEqual(members.map((c) => [c.label, c.kind, c.detail]), [
    ['pos', 'member', 'vec3<f32>'],
    ['vel', 'member', 'vec3<f32>'],
  ]);
  const vec = 'fn f(v: vec3f) -> f32 { return v.';
  assert.deepEqual(completions(vec, vec.length).map((c) => c.label), ['x', 'y', 'z', 'xy', 'xyz', 'r', 'g', 'b', 'rg', 'rgb']);
  assert.ok(completions('@', 1).some((c) => c.label === 'compute' && c.kind === 'attribute'));
});

test('signatureHelp: overloads and the active parameter of an unclosed call', () => {
  const text = `${SHADER}fn g() { let x = speed(Particle(), `;
  const help = signatureHelp(text, text.length);
  assert.deepEqual(Object.keys(help).sort(), ['activeParameter', 'activeSignature', 'signatures']);
  assert.equal(help.activeParameter, 1);
  assert.equal(help.activeSignature, 0);
  const [sig] = help.signatures;
  assert.equal(sig.label, 'speed(größe: Particle, scale: f32) -> f32');
  assert.deepEqual(sig.parameters.map((p) => sig.label.slice(p.start, p.end)), ['größe: Particle', 'scale: f32']);
  assert.deepEqual(sig.parameters.map((p) => p.label), ['größe: Particle', 'scale: f32']);

  const builtin = 'fn g() { let x = clamp(1.0, ';
  const b = signatureHelp(builtin, builtin.length);
  assert.equal(b.activeParameter, 1);
  assert.ok(b.signatures[0].label.startsWith('clamp('));
  assert.equal(typeof b.signatures[0].description, 'string');
  assert.equal(signatureHelp(SHADER, at('return')), null);
});

test('bad arguments answer nothing and never throw', () => {
  for (const [source, offset] of [[42, 0], [null, 0], ['fn f() {}', '3'], ['fn f() {}', NaN], ['fn f() {}', -1],
    ['fn f() {}', undefined], [undefined, undefined], ['fn f() {}', 1e300], ['fn f() {}', Infinity], ['x\uD800y', 2]]) {
    assert.equal(hover(source, offset), null);
    assert.equal(definition(source, offset), null);
    assert.deepEqual(signatureHelp(source, offset), null);
    assert.ok(Array.isArray(completions(source, offset)));
  }
  assert.deepEqual(completions(42, 0), []);
});

test('no trap at any offset of broken and truncated texts', () => {
  const texts = [SHADER, SHADER.replaceAll(';', ''), SHADER.replaceAll('}', ''), SHADER.replaceAll('(', ''), '', '@', 'fn f(', 'a.b.c.', '\uD800.'];
  for (let cut = 0; cut < SHADER.length; cut += 23) texts.push(SHADER.slice(0, cut));
  for (const text of texts) {
    for (let o = 0; o <= text.length + 1; o++) {
      glue.hover(text, o);
      glue.definition(text, o);
      glue.signatureHelp(text, o);
      if (o % 3 === 0) glue.completions(text, o);
    }
  }
});

test('fast enough for every keystroke on the 1,000-line example', (t) => {
  const source = examples['renderer.wgsl'];
  assert.ok(source.split('\n').length > 1000);
  // A keystroke changes the text, so each round types one character somewhere and asks
  // for completions there (a fresh analysis), then hovers and asks for signature help on
  // the same text (the kept analysis).
  const times = [];
  let seed = 7;
  for (let round = 0; round < 20; round++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const o = seed % source.length;
    const text = `${source.slice(0, o)}x${source.slice(o)}`;
    const start = performance.now();
    completions(text, o + 1);
    hover(text, o);
    signatureHelp(text, o + 1);
    definition(text, o);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[times.length >> 1];
  t.diagnostic(`per keystroke on renderer.wgsl: median ${median.toFixed(1)} ms, max ${times.at(-1).toFixed(1)} ms`);
  // Generous for a loaded two-core machine; the median is a few milliseconds.
  assert.ok(median < 100, `median ${median} ms`);
  // The example's names resolve: a hover on every 50th identifier-looking word answers.
  let answered = 0;
  let asked = 0;
  for (const m of source.matchAll(/\b[a-z_]\w*\b/g)) {
    if (m.index % 50 !== 0) continue;
    asked += 1;
    if (hover(source, m.index)) answered += 1;
  }
  t.diagnostic(`hover answered ${answered} of ${asked} words`);
  assert.ok(answered > asked * 0.7);
});
