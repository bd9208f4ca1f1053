// Compares the compiler's CPU time across builds of the package: every product of
// `explore` on the 1,055-line example (www/src/examples/renderer.wgsl), as in
// compile-cpu.mjs, for each package folder given. The builds run interleaved, call by call
// (in alternating order), so a noisy neighbour slows them alike; each round gives every
// build the median of RUNS calls, and each build's ratio to the first one is taken per
// round. Prints per build the median ratio and its range over the rounds.
//
//   node pkg-tests/bench/compare-cpu.mjs ROUNDS RUNS BASE_PKG_DIR OTHER_PKG_DIR…
// (scripts/wasm-size.sh runs it on its variants.)

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [rounds, runs, ...dirs] = process.argv.slice(2);
if (!(Number(rounds) > 0 && Number(runs) > 0 && dirs.length > 0)) {
  console.error('usage: node pkg-tests/bench/compare-cpu.mjs ROUNDS RUNS BASE_PKG_DIR OTHER_PKG_DIR…');
  process.exit(2);
}
const source = readFileSync(new URL('../../www/src/examples/renderer.wgsl', import.meta.url), 'utf8');
const PRODUCTS = ['wgsl', 'spvasm', 'irBefore', 'ir', 'ast', 'reflect'];
const median = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];

const builds = [];
for (const dir of dirs) {
  // Each folder's own glue: the query keeps Node from sharing one module instance.
  const m = await import(`${pathToFileURL(resolve(dir, 'index.js'))}?${builds.length}`);
  await m.default();
  builds.push(m);
}

let edit = 0;
/** One keystroke: a freshly edited text, so no build reuses the front end's last work. */
function keystroke(m) {
  const text = `// edit ${edit++}\n${source}`;
  const before = process.cpuUsage();
  const r = m.explore(text, { products: PRODUCTS });
  const used = process.cpuUsage(before);
  if (!r.ok) throw new Error(JSON.stringify(r.diagnostics[0]));
  return (used.user + used.system) / 1000;
}

for (const m of builds) for (let i = 0; i < 8; i++) keystroke(m); // warm-up
const perRound = builds.map(() => []);
for (let r = 0; r < Number(rounds); r++) {
  const samples = builds.map(() => []);
  for (let k = 0; k < Number(runs); k++) {
    const order = builds.map((_, i) => i);
    if ((k + r) % 2) order.reverse();
    for (const i of order) samples[i].push(keystroke(builds[i]));
  }
  samples.forEach((s, i) => perRound[i].push(median(s)));
}
const pct = (x) => `${x >= 1 ? '+' : ''}${((x - 1) * 100).toFixed(1)} %`;
console.log(`explore() CPU, every product, ${rounds} rounds of ${runs} interleaved calls (Node ${process.version})`);
dirs.forEach((dir, i) => {
  const ratios = perRound[i].map((x, r) => x / perRound[0][r]).sort((a, b) => a - b);
  console.log(
    `${dir}\t${median(perRound[i]).toFixed(1)} ms\t${pct(median(ratios))}\t[${pct(ratios[0])}, ${pct(ratios[ratios.length - 1])}]`,
  );
});
