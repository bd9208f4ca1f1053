// Keystroke-to-all-panels-updated latency of the playground in Chromium, on the 1,055-line
// example (www/src/examples/renderer.wgsl). Needs a built playground (`npm run build:www`).
//
//   node pkg-tests/bench/latency.mjs [KEYSTROKES]
//
// Each keystroke types one character into a comment at the top of the shader (so the
// shader stays valid), then waits until every panel has its result. Reported per
// keystroke: the time from the edit to the problems list and the open panel (the WGSL
// tab, or the one named by --tab) showing the result, to every panel having its result,
// and to the next frame after that; and the compiler's time per stage. The page shares a
// keystroke's products among its workers (two from four cores, else one; www/src/main.ts
// and plan.ts), which run at the same time: a stage's time is the longest any worker spent on it, and the
// compiler's time on the critical path is the slowest worker's (summed over its calls:
// the open panel's products first, then the others').
//
//   node pkg-tests/bench/latency.mjs [KEYSTROKES] [--tab ast|ir|spirv|wgsl] [--warmup N] [--workers 1|2]
//
// --workers opens the page with `?workers=N` (default: the page's choice, two workers from
// four cores, else one).
//
// The first N keystrokes (default 20) are typed but not counted: Chromium runs the wasm
// with its baseline compiler first and swaps in optimized code function by function
// over the first seconds of use (a run's first keystroke takes ~0.8 s, the next ten
// 3-5 times the steady cost on this machine), and the figure is the latency of a user
// typing, not of V8's tier-up. Their median is printed on its own line.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve } from '../lib/serve.mjs';
import { launch } from '../lib/browser.mjs';

const args = process.argv.slice(2);
const tabAt = args.indexOf('--tab');
const tab = tabAt >= 0 ? args.splice(tabAt, 2)[1] : 'wgsl';
const warmupAt = args.indexOf('--warmup');
const warmup = warmupAt >= 0 ? Number(args.splice(warmupAt, 2)[1]) : 20;
const workersAt = args.indexOf('--workers');
const workersAsked = workersAt >= 0 ? args.splice(workersAt, 2)[1] : null;
const keystrokes = Number(args[0] ?? 40);
const dist = fileURLToPath(new URL('../../www/dist/', import.meta.url));
const source = readFileSync(new URL('../../www/src/examples/renderer.wgsl', import.meta.url), 'utf8');

const server = await serve(dist);
const browser = await launch();
try {
  const page = await browser.context.newPage();
  await page.goto(server.url + (workersAsked ? `?workers=${workersAsked}` : ''));
  await page.waitForFunction(() => window.refractPlayground?.updates > 0);
  await page.evaluate((s) => window.refractPlayground.setSource(s), source);
  await page.waitForFunction((s) => window.refractPlayground.source() === s && !window.refractPlayground.busy, source);
  await page.click(`[data-testid="tab-${tab}"]`);
  await page.click('[data-testid="editor"] .cm-content');
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('End');

  const samples = [];
  const warming = [];
  for (let i = 0; i < keystrokes + warmup; i++) {
    const frames = await page.evaluate(() => window.refractPlayground.frames);
    await page.keyboard.type(String.fromCharCode(97 + (i % 26)));
    await page.waitForFunction((f) => !window.refractPlayground.busy && window.refractPlayground.frames > f, frames);
    const s = await page.evaluate(() => {
      const p = window.refractPlayground;
      return { dom: p.lastLatency, all: p.lastAllLatency, frame: p.lastFrameLatency, timings: p.lastTimings, phases: p.lastPhases, workers: p.lastWorkerTotals };
    });
    (i >= warmup ? samples : warming).push(s); // the first keystrokes warm up the JIT
  }

  const stat = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    return { median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
  };
  const fmt = ({ median, p95, max }) => `median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms`;
  const lines = source.split('\n').length;
  const workers = await page.evaluate(() => window.refractPlayground.workers);
  console.log(`playground latency, ${lines}-line shader, ${samples.length} keystrokes, ${tab} tab open, ${workers} compiler worker${workers === 1 ? '' : 's'} (Chromium ${browser.context.browser()?.version() ?? ''})`);
  if (warming.length > 0) {
    console.log(`  (the ${warming.length} warm-up keystrokes before them, every panel: ${fmt(stat(warming.map((s) => s.all)))})`);
  }
  console.log(`  keystroke → problems + open panel in the DOM: ${fmt(stat(samples.map((s) => s.dom)))}`);
  console.log(`  keystroke → every panel updated:             ${fmt(stat(samples.map((s) => s.all)))}`);
  console.log(`  keystroke → every panel, next frame painted: ${fmt(stat(samples.map((s) => s.frame)))}`);
  const stages = Object.keys(samples[0].timings).filter((k) => k !== 'total');
  const medians = stages.map((k) => [k, stat(samples.map((s) => s.timings[k] ?? 0)).median]);
  const worker = stat(samples.map((s) => s.timings.total)).median;
  console.log(`  compiler, slowest worker's explore() calls (open panel first, then the rest), median: ${worker.toFixed(1)} ms, by stage:`);
  for (const [k, v] of medians.sort((a, b) => b[1] - a[1])) console.log(`    ${k.padEnd(9)} ${v.toFixed(2)} ms`);
  for (const phase of ['send', 'roundTrip', 'render']) {
    console.log(`  page phase ${phase.padEnd(9)}: ${fmt(stat(samples.map((s) => s.phases[phase])))}`);
  }
  const summed = stat(samples.map((s) => s.workers.reduce((a, b) => a + b, 0))).median;
  console.log(`  compiler, summed over the workers (the machine's work), median: ${summed.toFixed(1)} ms; per worker: ${samples[0].workers.map((_, w) => stat(samples.map((s) => s.workers[w])).median.toFixed(1)).join(', ')} ms`);
  const outside = stat(samples.map((s) => s.all - s.timings.total)).median;
  console.log(`  outside the compiler (messages, DOM), median: ${outside.toFixed(1)} ms`);
} finally {
  await browser.close();
  await server.close();
}
