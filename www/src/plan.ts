// How one keystroke's products are shared among the playground's compiler workers.
//
// A keystroke wants every panel's product of the new text. One worker makes them one
// after another, so the last panel waits for the sum of the work. With a core to spare,
// a second worker makes part of them at the same time, and the last panel waits only for
// the slower worker. The workers share no memory, so each runs the front end its share
// needs on the text itself: the parsing and checking always, lowering only for a share
// with an IR product, the passes only for one with a product made after them. That work
// is done twice, so the split pays only where the products outweigh it; the plan weighs
// exactly that.
//
// Rules:
// - Worker 0 makes the check and the products of the panel on screen first, in a call of
//   their own, so what the user looks at is never later than with one worker. The other
//   products go wherever the plan puts them, worker 0's share in a second call.
// - The plan minimizes when the last worker finishes plus a tenth of the total work, by
//   the costs it is given (what each stage and each call's own overhead took lately, in
//   milliseconds): a millisecond sooner is worth ten more of the other core's, so a split
//   is made only where it saves the user at least a tenth of the work it adds. It tries
//   every assignment: there are at most eight products and a worker or two, so at most
//   256.
// - A worker given nothing is not called, and is not waited for.
//
// Pure and free of the page, so Node tests it (pkg-tests/node/plan.test.mjs).

import type { Product } from './protocol';

/** The front-end stages a product needs beyond parsing and checking. */
const NEEDS_LOWERING: ReadonlySet<string> = new Set(['irBefore', 'ir', 'wgsl', 'spvasm', 'passSteps']);
const NEEDS_PASSES: ReadonlySet<string> = new Set(['ir', 'wgsl', 'spvasm', 'passSteps']);

/** What one worker makes for a keystroke: `first` (with the check, worker 0 only) in one
 * call, then `rest` in another. */
export interface Share {
  first: Product[];
  rest: Product[];
}

/** What a share costs beyond its stages: each `explore` call's own work (the arguments in,
 * the results out, the message), learned as a call's total less its stages. */
export const CALL = 'call';

/** The milliseconds a worker spends making `products` from a text it has not seen, in
 * `calls` calls of `explore` (none: nothing to do). */
export function shareCost(products: readonly Product[], cost: (stage: string) => number, calls: number): number {
  if (calls === 0) return 0;
  let ms = calls * cost(CALL) + cost('parse') + cost('sema');
  if (products.some((p) => NEEDS_LOWERING.has(p))) ms += cost('lower');
  if (products.some((p) => NEEDS_PASSES.has(p))) ms += cost('passes');
  for (const p of products) ms += cost(p);
  return ms;
}

/** The calls a worker's share takes: worker 0 always checks, in a first call, and makes
 * the rest in a second; a helper makes its share in one call, or is not called. */
export function callsOf(share: Share, worker: number): number {
  if (worker === 0) return 1 + (share.rest.length > 0 ? 1 : 0);
  return share.first.length + share.rest.length > 0 ? 1 : 0;
}

/** What a plan costs: when its last worker finishes, and the work of all of them. */
export function planCost(shares: readonly Share[], cost: (stage: string) => number): { finish: number; work: number } {
  let finish = 0;
  let work = 0;
  shares.forEach((share, w) => {
    const ms = shareCost([...share.first, ...share.rest], cost, callsOf(share, w));
    finish = Math.max(finish, ms);
    work += ms;
  });
  return { finish, work };
}

/** Shares `first` (the panel on screen) and `others` among `workers` workers. */
export function plan(
  first: readonly Product[],
  others: readonly Product[],
  workers: number,
  cost: (stage: string) => number,
): Share[] {
  const n = Math.max(1, workers);
  const assign = (assignment: number): Share[] => {
    const shares: Share[] = Array.from({ length: n }, (_, w) => ({ first: w === 0 ? [...first] : [], rest: [] }));
    // The assignment's base-n digits name each product's worker.
    for (let k = 0, code = assignment; k < others.length; k++, code = Math.floor(code / n)) {
      const w = code % n;
      (w === 0 ? shares[0].rest : shares[w].first).push(others[k]);
    }
    return shares;
  };
  let best = assign(0);
  let bestScore = Infinity;
  const combinations = n ** others.length;
  for (let assignment = 0; assignment < combinations; assignment++) {
    const shares = assign(assignment);
    const { finish, work } = planCost(shares, cost);
    const score = finish + work / 10;
    if (score < bestScore) {
      best = shares;
      bestScore = score;
    }
  }
  return best;
}

/** Milliseconds per stage, as lately measured: each report moves the estimate a third of
 * the way, so one slow keystroke (a garbage collection, the JIT) does not swing the plan. */
export class StageCosts {
  private readonly ms = new Map<string, number>();

  constructor(initial: Record<string, number>) {
    for (const [stage, ms] of Object.entries(initial)) this.ms.set(stage, ms);
  }

  cost = (stage: string): number => this.ms.get(stage) ?? 0;

  /** One call's timings: its stages, and its `total`, whose part outside the stages is
   * the call's own cost ({@link CALL}). */
  report(timings: Record<string, number>) {
    let stages = 0;
    for (const [stage, ms] of Object.entries(timings)) {
      if (stage === 'total' || !Number.isFinite(ms)) continue;
      stages += ms;
      this.learn(stage, ms);
    }
    const total = timings.total;
    if (total !== undefined && Number.isFinite(total)) this.learn(CALL, Math.max(0, total - stages));
  }

  private learn(stage: string, ms: number) {
    const old = this.ms.get(stage);
    this.ms.set(stage, old === undefined ? ms : old + (ms - old) / 3);
  }
}
