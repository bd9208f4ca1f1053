// How the playground shares a keystroke's products among its compiler workers
// (www/src/plan.ts): every product made exactly once, the panel on screen first on worker
// 0, and the split chosen by its cost, checked against every assignment counted out here.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { REPO } from '../lib/refract.mjs';

const source = readFileSync(join(REPO, 'www/src/plan.ts'), 'utf8');
const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
const { plan, planCost, shareCost, StageCosts } = await import(`data:text/javascript,${encodeURIComponent(js)}`);

const PRODUCTS = ['wgsl', 'spvasm', 'hlsl', 'gen', 'irBefore', 'ir', 'ast', 'reflect'];
/** Milliseconds per stage measured on the 1,057-line example in Chromium. */
const MEASURED = { call: 0.5, parse: 3.4, sema: 8.8, lower: 3.9, passes: 3.8, wgsl: 8.4, spvasm: 5.3, ast: 3.1, irBefore: 1.6, ir: 1.5, reflect: 0.5, hlsl: 12.1, gen: 33.0 };
const costOf = (table) => (stage) => table[stage] ?? 0;
const score = ({ finish, work }) => finish + work / 10;

function assertComplete(shares, first, others) {
  assert.deepEqual(shares[0].first, first, 'the panel on screen is made first, on worker 0');
  const all = shares.flatMap((s, w) => (w === 0 ? s.rest : [...s.first, ...s.rest]));
  assert.deepEqual([...all].sort(), [...others].sort(), 'every other product exactly once');
  for (const s of shares.slice(1)) assert.deepEqual(s.rest, [], 'a helper worker makes its share in one call');
}

/** The best score of any assignment of `others` to two workers, counted out here. */
function bestOfAll(onScreen, others, cost) {
  let best = Infinity;
  for (let mask = 0; mask < 1 << others.length; mask++) {
    const shares = [
      { first: onScreen, rest: others.filter((_, k) => !(mask & (1 << k))) },
      { first: others.filter((_, k) => mask & (1 << k)), rest: [] },
    ];
    best = Math.min(best, score(planCost(shares, cost)));
  }
  return best;
}

test('one worker makes everything: the panel on screen, then the rest', () => {
  const others = PRODUCTS.filter((p) => p !== 'wgsl');
  const shares = plan(['wgsl'], others, 1, costOf(MEASURED));
  assert.equal(shares.length, 1);
  assertComplete(shares, ['wgsl'], others);
});

test('two workers: the best split of all, and the last panel much sooner, for every panel on screen', () => {
  const cost = costOf(MEASURED);
  for (const onScreen of [['wgsl'], ['spvasm'], ['irBefore', 'ir'], ['ast'], ['reflect']]) {
    const others = PRODUCTS.filter((p) => !onScreen.includes(p));
    const shares = plan(onScreen, others, 2, cost);
    assertComplete(shares, onScreen, others);
    const chosen = planCost(shares, cost);
    assert.ok(Math.abs(score(chosen) - bestOfAll(onScreen, others, cost)) < 1e-9, `${onScreen}: not the best assignment`);
    const alone = planCost(plan(onScreen, others, 1, cost), cost);
    assert.ok(chosen.finish < alone.finish * 0.8, `${onScreen}: ${chosen.finish} ms on two workers against ${alone.finish} ms on one`);
  }
});

test('products that cost nothing are not worth a second front end', () => {
  const cost = costOf({ ...MEASURED, spvasm: 0, ast: 0, irBefore: 0, ir: 0, reflect: 0, hlsl: 0, gen: 0 });
  const others = PRODUCTS.filter((p) => p !== 'wgsl');
  const shares = plan(['wgsl'], others, 2, cost);
  assertComplete(shares, ['wgsl'], others);
  assert.deepEqual(shares[1].first, [], 'the second worker is not asked');
});

test('a split saving less than a tenth of the work it adds is not made', () => {
  // One small product besides the one on screen: a second worker would finish it 0.5 ms
  // sooner for a whole front end (12.7 ms) more.
  const cost = costOf(MEASURED);
  const shares = plan(['wgsl'], ['reflect'], 2, cost);
  assert.deepEqual(shares, [{ first: ['wgsl'], rest: ['reflect'] }, { first: [], rest: [] }]);
});

test('a share pays for the front end its products need, and each call', () => {
  const cost = costOf(MEASURED);
  assert.equal(shareCost(['ast', 'reflect'], cost, 1), 0.5 + 3.4 + 8.8 + 3.1 + 0.5);
  assert.equal(shareCost(['irBefore'], cost, 1), 0.5 + 3.4 + 8.8 + 3.9 + 1.6);
  assert.equal(shareCost(['ir'], cost, 2), 1 + 3.4 + 8.8 + 3.9 + 3.8 + 1.5);
  assert.equal(shareCost([], cost, 0), 0, 'a worker not called costs nothing');
  assert.equal(shareCost([], cost, 1), 0.5 + 3.4 + 8.8, 'the check alone parses and checks');
});

test('stage costs follow the reports a third of the way; a call costs its total less its stages', () => {
  const costs = new StageCosts({ sema: 9 });
  costs.report({ sema: 12, wgsl: 6, total: 20 });
  assert.equal(costs.cost('sema'), 10);
  assert.equal(costs.cost('wgsl'), 6, 'a stage first reported takes its figure');
  assert.equal(costs.cost('call'), 2);
  assert.equal(costs.cost('total'), 0);
  assert.equal(costs.cost('unknown'), 0);
});
