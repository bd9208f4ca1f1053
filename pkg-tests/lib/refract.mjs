// Shared helpers of the package tests: the built package (initialized once per process),
// test inputs (our examples and a fixed sample of the shared corpus), and exact checks of
// DESIGN §9's result and diagnostic shapes.

import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const PKG = join(REPO, 'pkg');
const entry = join(PKG, 'index.js');
if (!existsSync(entry)) {
  throw new Error(`the package is not built: ${entry} is missing (run \`npm run build\`)`);
}
export const refract = await import(entry);
await refract.default();

export const TARGETS = ['wgsl', 'hlsl', 'spirv', 'spvasm', 'gen', 'gen-ir', 'ir', 'ast'];
/** The targets refract implements: every valid example must compile to them. */
export const BUILT_TARGETS = ['wgsl', 'hlsl', 'spirv', 'spvasm', 'gen', 'gen-ir', 'ir', 'ast'];
/** The targets whose back ends do not exist yet: refract says so with E0004. When one
 * lands, move it to BUILT_TARGETS; the tests fail until then. */
export const PENDING_TARGETS = TARGETS.filter((t) => !BUILT_TARGETS.includes(t));
export const NOT_YET = 'E0004';

/** True when the result is refract saying the stage is not built yet (E0004). */
export function notYet(result) {
  return !result.ok && result.diagnostics.some((d) => d.code === NOT_YET);
}

/** Our own example shaders: name → source. */
export const examples = Object.fromEntries(
  readdirSync(join(REPO, 'www/src/examples'))
    .filter((f) => f.endsWith('.wgsl'))
    .sort()
    .map((f) => [f, readFileSync(join(REPO, 'www/src/examples', f), 'utf8')]),
);

/** The native CLI the package is compared with: `$REFRACT_CLI`, else the newer of
 * target/ci/refract and target/release/refract (the suite script builds target/ci/refract).
 * A missing CLI is an error, not a skip, and so is one older than the Rust sources (or the
 * explanation texts it embeds): a stale binary would report disagreements that are not
 * there. */
export function refractCli() {
  if (process.env.REFRACT_CLI) return process.env.REFRACT_CLI;
  const built = ['target/ci/refract', 'target/release/refract'].map((p) => join(REPO, p)).filter(existsSync);
  const cli = built.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!cli) throw new Error('no refract CLI: build it with `cargo build --profile ci` or set REFRACT_CLI');
  if (statSync(cli).mtimeMs < newestSourceMtime()) {
    throw new Error(`${cli} is older than the Rust sources: rebuild it with \`cargo build --profile ci\` or set REFRACT_CLI`);
  }
  return cli;
}

function newestSourceMtime() {
  let newest = statSync(join(REPO, 'Cargo.lock')).mtimeMs;
  for (const entry of readdirSync(join(REPO, 'src'), { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && /\.(rs|md)$/.test(entry.name)) {
      newest = Math.max(newest, statSync(join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/** The shared folder, found as the cargo tests find it; missing is an error, not a skip. */
export function sharedDir() {
  const dir = process.env.REFRACT_SHARED ?? resolve(REPO, '../shared');
  if (!existsSync(join(dir, 'corpus/MANIFEST.tsv'))) {
    throw new Error(`the shared folder is missing: expected ${dir}/corpus (set REFRACT_SHARED)`);
  }
  return dir;
}

/** Every `step`-th in-scope corpus file (DESIGN's scope rules): [path, source]. */
export function corpusSample(step) {
  const corpus = join(sharedDir(), 'corpus');
  const excluded = new Set(
    readFileSync(join(corpus, 'not-standard.tsv'), 'utf8').split('\n').map((l) => l.split('\t')[0]),
  );
  const rows = readFileSync(join(corpus, 'MANIFEST.tsv'), 'utf8').split('\n').slice(1);
  const files = [];
  for (const row of rows) {
    const [path, , , kind] = row.split('\t');
    if (kind !== 'plain-wgsl' || excluded.has(path)) continue;
    const text = readFileSync(join(corpus, path), 'utf8');
    if (/chromium_/.test(text) || /requires[^;]*texel_buffers/.test(text)) continue;
    files.push([path, text]);
  }
  return files.filter((_, i) => i % step === 0);
}

const SEVERITIES = ['error', 'warning', 'note'];

/** Asserts `d` is exactly a DESIGN §9 diagnostic for `source`: the keys, their types, and
 * labels inside the source (UTF-8 byte offsets, 1-based line and column). */
// The UTF-8 length of the last source asked about: a result can hold a diagnostic per
// declaration of a huge source, and measuring the source once per diagnostic would make
// checking the results quadratic.
let measuredSource = '';
let measuredBytes = 0;
function utf8Length(source) {
  if (source !== measuredSource) {
    measuredSource = source;
    measuredBytes = Buffer.byteLength(source.toWellFormed(), 'utf8');
  }
  return measuredBytes;
}

export function assertDiagnostic(d, source = '') {
  assert.deepEqual(Object.keys(d).sort(), ['code', 'labels', 'message', 'notes', 'severity']);
  assert.ok(SEVERITIES.includes(d.severity), `severity ${d.severity}`);
  assert.match(d.code, /^E\d{4}$/);
  assert.equal(typeof d.message, 'string');
  assert.ok(d.message.length > 0);
  assert.ok(Array.isArray(d.notes) && d.notes.every((n) => typeof n === 'string'));
  assert.ok(Array.isArray(d.labels));
  const bytes = utf8Length(source);
  for (const l of d.labels) {
    assert.deepEqual(Object.keys(l).sort(), ['column', 'end', 'line', 'message', 'primary', 'start']);
    for (const k of ['start', 'end', 'line', 'column']) assert.ok(Number.isInteger(l[k]), `${k} = ${l[k]}`);
    assert.ok(l.start <= l.end && l.end <= bytes, `label ${l.start}..${l.end} in ${bytes} bytes`);
    assert.ok(l.line >= 1 && l.column >= 1);
    assert.equal(typeof l.message, 'string');
    assert.equal(typeof l.primary, 'boolean');
  }
}

/** Asserts `r` is exactly a `CompileResult` for `target`. */
export function assertCompileResult(r, target, source = '') {
  assert.equal(typeof r.ok, 'boolean');
  assert.ok(Array.isArray(r.diagnostics));
  for (const d of r.diagnostics) assertDiagnostic(d, source);
  if (r.ok) {
    assert.ok(!r.diagnostics.some((d) => d.severity === 'error'), 'ok with an error');
    if (target === 'spirv') {
      assert.deepEqual(Object.keys(r).sort(), ['diagnostics', 'ok', 'words']);
      assert.ok(r.words instanceof Uint32Array);
      assert.equal(r.words[0], 0x07230203, 'SPIR-V magic number');
    } else {
      assert.deepEqual(Object.keys(r).sort(), ['code', 'diagnostics', 'ok']);
      assert.equal(typeof r.code, 'string');
    }
  } else {
    assert.deepEqual(Object.keys(r).sort(), ['diagnostics', 'ok']);
    assert.ok(r.diagnostics.some((d) => d.severity === 'error'), 'failed without an error');
  }
}

/** Asserts `r` is exactly a `check` result. */
export function assertCheckResult(r, source = '') {
  assert.deepEqual(Object.keys(r).sort(), ['diagnostics', 'ok']);
  assert.equal(typeof r.ok, 'boolean');
  for (const d of r.diagnostics) assertDiagnostic(d, source);
  assert.equal(r.ok, !r.diagnostics.some((d) => d.severity === 'error'));
}
