// The compiler's own cost per keystroke, in Node, on the 1,055-line example
// (www/src/examples/renderer.wgsl): the CPU time of the playground's `explore` calls, all
// products at once, the worker's two calls (the WGSL panel with the check, then every
// other product on the same text), and each product alone (the check always included).
// CPU time, unlike the wall-clock latency of bench/latency.mjs, stays meaningful on a
// loaded machine. Every run edits the text (a different comment at its top), as a
// keystroke does: `explore` keeps the front end's work only for the identical text, so no
// run reuses another's. Needs a built package (`npm run build`).
//
//   node pkg-tests/bench/compile-cpu.mjs [RUNS]

import { readFileSync } from 'node:fs';
import { refract } from '../lib/refract.mjs';

const runs = Number(process.argv[2] ?? 30);
const source = readFileSync(new URL('../../www/src/examples/renderer.wgsl', import.meta.url), 'utf8');
const PRODUCTS = ['wgsl', 'spvasm', 'irBefore', 'ir', 'ast', 'reflect'];

/** Median CPU and wall time of `calls` (a list of product lists, one `explore` call each
 * on the same text), each run on a freshly edited text. */
function measure(...calls) {
  const cpu = [];
  const wall = [];
  for (let i = 0; i < runs + 5; i++) {
    const text = `// edit ${i}\n${source}`;
    const c = process.cpuUsage();
    const t = performance.now();
    for (const products of calls) {
      const r = refract.explore(text, { products });
      if (!r.ok) throw new Error(JSON.stringify(r.diagnostics[0]));
    }
    const w = performance.now() - t;
    const d = process.cpuUsage(c);
    if (i >= 5) { // warm-up
      cpu.push((d.user + d.system) / 1000);
      wall.push(w);
    }
  }
  const median = (v) => v.sort((a, b) => a - b)[v.length >> 1].toFixed(1);
  return `CPU ${median(cpu).padStart(6)} ms, wall ${median(wall).padStart(6)} ms`;
}

console.log(`explore() on a ${source.split('\n').length}-line shader, median of ${runs} (refract ${refract.version()}, Node ${process.version})`);
console.log(`  every product, one call:         ${measure(PRODUCTS)}`);
const rest = PRODUCTS.filter((p) => p !== 'wgsl');
console.log(`  wgsl, then the rest (2 calls):   ${measure(['wgsl'], rest)}`);
for (const p of PRODUCTS) console.log(`  ${p.padEnd(31)}  ${measure([p])}`);
