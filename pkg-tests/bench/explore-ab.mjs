// The compiler's time per keystroke in Chromium, two builds of the package side by side:
// the playground's two `explore` calls (the WGSL panel with the check, then every other
// product) on a freshly edited 1,057-line example, alternating A and B in one page so
// that the machine's load, which swings a wall-clock benchmark by tens of milliseconds
// here, falls on both alike. Prints each build's median and the median of the per-pair
// ratios B/A. Both are warmed up first (Chromium tiers the wasm up over the first runs).
//
//   node pkg-tests/bench/explore-ab.mjs PKG_A PKG_B [WARMUP] [RUNS]
//
// PKG_A and PKG_B are built package folders (`REFRACT_PKG_DIR=… npm run build`).

import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../lib/serve.mjs';
import { launch } from '../lib/browser.mjs';

const [a, b, warmup = '40', runs = '80'] = process.argv.slice(2);
if (!a || !b) {
  console.error('usage: node pkg-tests/bench/explore-ab.mjs PKG_A PKG_B [WARMUP] [RUNS]');
  process.exit(2);
}
const root = mkdtempSync(join(tmpdir(), 'refract-ab-'));
cpSync(resolve(a), join(root, 'a'), { recursive: true });
cpSync(resolve(b), join(root, 'b'), { recursive: true });
cpSync(fileURLToPath(new URL('../../www/src/examples/renderer.wgsl', import.meta.url)), join(root, 'renderer.wgsl'));
writeFileSync(join(root, 'index.html'), `<!doctype html><script type="module">
import initA, * as A from './a/index.js';
import initB, * as B from './b/index.js';
await initA();
await initB();
const source = await (await fetch('./renderer.wgsl')).text();
const first = ['wgsl'];
const rest = ['spvasm', 'hlsl', 'gen', 'irBefore', 'ir', 'ast', 'reflect'];
const keystroke = (m, i) => {
  const text = '// edit ' + i + '\\n' + source;
  const t = performance.now();
  for (const products of [first, rest]) {
    const r = m.explore(text, { products });
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics[0]));
  }
  return performance.now() - t;
};
window.bench = (warmup, runs) => {
  for (let i = 0; i < warmup; i++) { keystroke(A, i); keystroke(B, i); }
  const ta = [], tb = [];
  for (let i = 0; i < runs; i++) {
    // Alternate which goes first, so neither always follows the other.
    if (i % 2) { ta.push(keystroke(A, warmup + i)); tb.push(keystroke(B, warmup + i)); }
    else { tb.push(keystroke(B, warmup + i)); ta.push(keystroke(A, warmup + i)); }
  }
  return { ta, tb };
};
window.ready = true;
</script>
`);

const server = await serve(root);
const browser = await launch();
try {
  const page = await browser.context.newPage();
  await page.goto(new URL('index.html', server.url).href);
  await page.waitForFunction(() => window.ready);
  const { ta, tb } = await page.evaluate(([w, r]) => window.bench(w, r), [Number(warmup), Number(runs)]);
  const median = (v) => [...v].sort((x, y) => x - y)[v.length >> 1];
  console.log(`explore() per keystroke in Chromium (${browser.context.browser()?.version() ?? ''}), ${runs} alternating pairs after ${warmup} warm-up each`);
  console.log(`  A ${a}: median ${median(ta).toFixed(1)} ms`);
  console.log(`  B ${b}: median ${median(tb).toFixed(1)} ms`);
  console.log(`  B/A per pair, median: ${median(tb.map((t, k) => t / ta[k])).toFixed(3)}`);
} finally {
  await browser.close();
  await server.close();
  rmSync(root, { recursive: true, force: true });
}
