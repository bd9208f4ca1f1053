#!/usr/bin/env node
// The WGSL round trip measured against Chromium's WebGPU compiler (Tint inside Dawn).
//
// For every in-scope corpus file (the rules of tests/common/corpus.rs), `refract compile
// FILE --to wgsl` gives the round-tripped text; Debian's Chromium, driven headless through
// playwright-core (never a downloaded browser), then runs createShaderModule +
// getCompilationInfo on the original and on the output. The figure is the rate
// "output accepted where the original is accepted".
//
// WebGPU headless: the base flags of pkg-tests/lib/browser.mjs are enough with Chromium 156 here. Chromium picks
// its built-in SwiftShader (Vulkan on the CPU) adapter by itself when no GPU is present;
// no --use-angle / --use-vulkan flag is needed. `navigator.gpu` only exists in a secure
// context, so the page is served as http://localhost/ (a route answered in-process, no
// server), never about:blank or data:. The device is requested with every feature the
// adapter offers (subgroups, clip-distances, dual-source blending when present); `enable
// f16;` modules fail on both sides when the adapter lacks shader-f16, which the rate
// ignores since it only counts files Chromium accepts as written.
//
// Usage (from the repository root, after `cargo build --release`):
//   node scripts/dev/chromium-roundtrip.mjs [--refract target/release/refract]
//        [--every N] [--limit N] [--jobs N] [--out DIR] [--min-rate 0.99]
// --every N keeps every Nth in-scope file (a fast subset), --limit N the first N of those;
// --out DIR writes the outputs Chromium rejects, with the message, for a closer look.
// Prints `chromium-roundtrip: …` and exits 1 when the rate is below --min-rate.

import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
// Debian's Chromium through playwright-core, with the flags the browser tests use
// (--no-sandbox --enable-unsafe-webgpu and the quiet, offline ones).
import { launch } from '../../pkg-tests/lib/browser.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function parseArgs(argv) {
  const opts = {
    refract: join(root, 'target/release/refract'),
    every: 1,
    limit: Infinity,
    jobs: 4,
    out: null,
    minRate: 0.99,
    batch: 100,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--refract') opts.refract = resolve(next());
    else if (a === '--every') opts.every = Math.max(1, Number(next()));
    else if (a === '--limit') opts.limit = Number(next());
    else if (a === '--jobs') opts.jobs = Math.max(1, Number(next()));
    else if (a === '--out') opts.out = resolve(next());
    else if (a === '--min-rate') opts.minRate = Number(next());
    else if (a === '--batch') opts.batch = Math.max(1, Number(next()));
    else throw new Error(`unknown option ${a}`);
  }
  return opts;
}

/** The shared folder: $REFRACT_SHARED or <repo>/../shared. */
function corpusDir() {
  const shared = process.env.REFRACT_SHARED ?? join(root, '../shared');
  const dir = join(shared, 'corpus');
  if (!existsSync(join(dir, 'MANIFEST.tsv'))) {
    throw new Error(`the shared folder is missing: expected ${dir}/MANIFEST.tsv (set REFRACT_SHARED)`);
  }
  return dir;
}

/** The text between each whole-word `keyword` and the next `;`. */
function directiveBodies(source, keyword) {
  const bodies = [];
  const word = /[\p{L}\p{N}_]/u;
  let i = source.indexOf(keyword);
  while (i >= 0) {
    const before = source[i - 1];
    const after = source[i + keyword.length];
    if (!(before && word.test(before)) && !(after && word.test(after))) {
      const rest = source.slice(i + keyword.length);
      const end = rest.indexOf(';');
      if (end >= 0) bodies.push(rest.slice(0, end));
    }
    i = source.indexOf(keyword, i + 1);
  }
  return bodies;
}

/** Every in-scope corpus file, in manifest order: { rel, path, source }. */
async function inScope(dir) {
  const manifest = await readFile(join(dir, 'MANIFEST.tsv'), 'utf8');
  const notStandard = new Set(
    (await readFile(join(dir, 'not-standard.tsv'), 'utf8')).split('\n').map((l) => l.split('\t')[0]),
  );
  const files = [];
  for (const line of manifest.split('\n').slice(1)) {
    const cols = line.split('\t');
    if (cols.length < 4 || cols[3] !== 'plain-wgsl' || notStandard.has(cols[0])) continue;
    const path = join(dir, cols[0]);
    const source = await readFile(path, 'utf8');
    if (directiveBodies(source, 'enable').some((b) => b.includes('chromium_'))) continue;
    if (directiveBodies(source, 'requires').some((b) => b.includes('texel_buffers'))) continue;
    files.push({ rel: cols[0], path, source });
  }
  return files;
}

/** Runs `refract ARGS…`: { code, stdout, stderr }. */
function run(refract, args) {
  return new Promise((resolveRun) => {
    execFile(
      refract,
      args,
      { maxBuffer: 64 << 20, timeout: 20_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        resolveRun({ code, stdout, stderr });
      },
    );
  });
}

async function mapLimit(items, jobs, f) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await f(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  return results;
}

// Runs in the page: compiles each text and returns null (accepted) or the first error.
// A lost device (a crash in the GPU process) is reported as such and replaced.
const PAGE_COMPILE = async (codes) => {
  const g = globalThis;
  if (!g.__device || g.__deviceLost) {
    const adapter = await navigator.gpu.requestAdapter();
    if (!adapter) throw new Error('no WebGPU adapter');
    g.__device = await adapter.requestDevice({ requiredFeatures: [...adapter.features] });
    g.__deviceLost = false;
    g.__device.lost.then(() => {
      g.__deviceLost = true;
    });
    g.__adapter = `${adapter.info?.vendor ?? ''} ${adapter.info?.architecture ?? ''}`.trim();
  }
  const device = g.__device;
  const out = [];
  for (const code of codes) {
    if (g.__deviceLost) {
      out.push('device lost');
      continue;
    }
    device.pushErrorScope('validation');
    const module = device.createShaderModule({ code });
    const info = await module.getCompilationInfo();
    const scoped = await device.popErrorScope();
    const error = info.messages.find((m) => m.type === 'error');
    if (error) out.push(`${error.lineNum}:${error.linePos} ${error.message}`);
    else if (scoped) out.push(scoped.message);
    else out.push(null);
  }
  return out;
};

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!existsSync(opts.refract)) {
    throw new Error(`no refract binary at ${opts.refract} (cargo build --release, or --refract PATH)`);
  }
  const started = Date.now();
  const all = await inScope(corpusDir());
  const files = all.filter((_, i) => i % opts.every === 0).slice(0, opts.limit);

  // Exit 1 is "the input is invalid"; `refract check` tells a rejected original from a
  // compile that fails on valid input (a bug, counted as such).
  const compiled = await mapLimit(files, opts.jobs, async (f) => {
    const r = await run(opts.refract, ['compile', f.path, '--to', 'wgsl']);
    if (r.code === 1 && (await run(opts.refract, ['check', f.path])).code === 0) r.code = '1 on valid input';
    return r;
  });
  const pairs = [];
  let rejected = 0;
  const compileFailures = [];
  files.forEach((f, i) => {
    const r = compiled[i];
    if (r.code === 1) rejected++;
    else if (r.code !== 0) compileFailures.push(`${f.rel}: exit ${r.code} ${r.stderr.split('\n')[0]}`);
    else pairs.push({ rel: f.rel, original: f.source, output: r.stdout });
  });
  const compileSeconds = (Date.now() - started) / 1000;

  const { context, close } = await launch();
  let adapter = '';
  const verdicts = [];
  try {
    const page = await context.newPage();
    await page.route('**/*', (route) =>
      route.fulfill({ body: '<!doctype html><title>refract round trip</title>', contentType: 'text/html' }),
    );
    await page.goto('http://localhost/');
    const hasGpu = await page.evaluate(() => Boolean(navigator.gpu));
    if (!hasGpu) throw new Error('navigator.gpu is missing: WebGPU is not available in this Chromium');
    for (let i = 0; i < pairs.length; i += opts.batch) {
      const chunk = pairs.slice(i, i + opts.batch);
      const codes = chunk.flatMap((p) => [p.original, p.output]);
      const res = await page.evaluate(PAGE_COMPILE, codes);
      chunk.forEach((p, k) => verdicts.push({ ...p, originalError: res[2 * k], outputError: res[2 * k + 1] }));
    }
    adapter = await page.evaluate(() => globalThis.__adapter ?? '');
  } finally {
    await close();
  }

  const originalOk = verdicts.filter((v) => v.originalError === null);
  const failures = originalOk.filter((v) => v.outputError !== null);
  const gained = verdicts.filter((v) => v.originalError !== null && v.outputError === null).length;
  const accepted = originalOk.length - failures.length;
  const rate = originalOk.length ? accepted / originalOk.length : 0;
  const seconds = (Date.now() - started) / 1000;
  for (const f of failures) console.log(`  rejected: ${f.rel}: ${f.outputError}`);
  for (const f of compileFailures) console.log(`  compile failed: ${f}`);
  if (opts.out) {
    await mkdir(opts.out, { recursive: true });
    for (const f of failures) {
      const key = f.rel.replaceAll('/', '_');
      await writeFile(join(opts.out, key), f.output);
      await writeFile(join(opts.out, `${key}.err`), `${f.outputError}\n`);
    }
  }
  console.log(
    `chromium-roundtrip: ${files.length} in-scope files (every ${opts.every}), ${rejected} rejected by refract check, ` +
      `${compileFailures.length} compile failures, ${pairs.length} round-tripped; Chromium (${adapter}) accepts ` +
      `${originalOk.length} originals and ${accepted} of their outputs: ${(100 * rate).toFixed(2)} % ` +
      `(threshold ${(100 * opts.minRate).toFixed(1)} %); ${gained} outputs accepted where the original is not; ` +
      `${compileSeconds.toFixed(0)} s compiling, ${seconds.toFixed(0)} s in all`,
  );
  if (compileFailures.length > 0 || rate < opts.minRate || originalOk.length === 0) process.exit(1);
}

main().catch((e) => {
  console.error(`chromium-roundtrip: ${e.stack ?? e}`);
  process.exit(2);
});
