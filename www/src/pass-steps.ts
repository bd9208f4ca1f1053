// The IR panel's pass-by-pass view: the steps of the pipeline as a list (each pass with
// its time, and whether it changed the module), and for the chosen step a diff of the IR
// it was given against the IR it left. Arrow keys step through the list. Everything is
// rendered as text.

import type { Diagnostic, PassStep, PassStepsResult } from 'refract-wgsl';
import { diffLines, type DiffOp } from './diff';

/** Lines of context kept around each change. */
const CONTEXT = 3;
/** Diff lines drawn at most; the rest is counted. */
const MAX_LINES = 4000;

/** The IR each step was given: the previous step's, except for a group, which was given
 * what its first step was (its steps, one level deeper, are listed before it). */
export function givenIr(start: string, steps: PassStep[]): string[] {
  const given: string[] = [];
  let current = start;
  // The IR before the first step of the run of steps now open at each depth.
  const runStart: (string | undefined)[] = [];
  let previousDepth = -1;
  for (const step of steps) {
    const d = step.depth;
    if (d > previousDepth) for (let k = previousDepth + 1; k <= d; k++) runStart[k] = current;
    if (d < previousDepth) {
      given.push(runStart[d + 1] ?? current);
      runStart.length = d + 1;
    } else {
      given.push(current);
    }
    current = step.ir;
    previousDepth = d;
  }
  return given;
}

/** The order to list the steps in: a group before its steps (the report has it after
 * them, as it ends last), each level in the order it ran. */
export function listOrder(steps: PassStep[]): number[] {
  // Steps waiting for their group, by depth.
  const waiting: number[][][] = [];
  for (let k = 0; k < steps.length; k++) {
    const d = steps[k].depth;
    const children = waiting[d + 1] ?? [];
    waiting[d + 1] = [];
    (waiting[d] ??= []).push([k, ...children.flat()]);
  }
  // Steps deeper than any group that closed (a malformed report) are listed last.
  return waiting.flatMap((runs) => runs.flat());
}

export class PassStepsView {
  readonly root: HTMLElement;
  private readonly list: HTMLOListElement;
  private readonly summary: HTMLElement;
  private readonly diff: HTMLElement;
  private readonly banner: HTMLElement;
  private steps: PassStep[] = [];
  private given: string[] = [];
  /** The steps' indices in list order, and the chosen one's place in it. */
  private order: number[] = [];
  private chosen = 0;
  /** The pass chosen last, kept across texts: typing keeps the same step in view. */
  private chosenPass: string | null = null;
  private visible = false;
  private pending: PassStepsResult | null = null;
  resultId = 0;

  constructor(parent: HTMLElement, private readonly describe: (d: Diagnostic) => HTMLElement) {
    this.root = document.createElement('div');
    this.root.className = 'pass-steps-view';
    this.banner = document.createElement('div');
    this.banner.className = 'banner';
    this.banner.hidden = true;
    this.list = document.createElement('ol');
    this.list.className = 'pass-steps';
    this.list.dataset.testid = 'pass-steps';
    this.list.tabIndex = 0;
    this.list.setAttribute('aria-label', 'Passes, in the order they ran');
    this.list.addEventListener('keydown', (event) => {
      const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
      if (step === 0 || this.steps.length === 0) return;
      event.preventDefault();
      const at = Math.min(this.order.length - 1, Math.max(0, this.chosen + step));
      this.choose(at);
    });
    const right = document.createElement('div');
    right.className = 'pass-diff-column';
    this.summary = document.createElement('div');
    this.summary.className = 'pass-diff-summary';
    this.summary.dataset.testid = 'pass-diff-summary';
    this.diff = document.createElement('div');
    this.diff.className = 'pass-diff';
    this.diff.dataset.testid = 'pass-diff';
    right.append(this.summary, this.diff);
    const body = document.createElement('div');
    body.className = 'pass-steps-body';
    body.append(this.list, right);
    this.root.append(this.banner, body);
    parent.append(this.root);
  }

  setVisible(visible: boolean) {
    this.visible = visible;
    if (visible && this.pending) this.render(this.pending);
  }

  show(result: PassStepsResult, id: number) {
    if (id < this.resultId) return;
    this.resultId = id;
    this.pending = result;
    if (this.visible) this.render(result);
  }

  private render(result: PassStepsResult) {
    this.pending = null;
    if (!result.ok) {
      this.banner.hidden = false;
      this.banner.replaceChildren(...result.diagnostics.slice(0, 3).map(this.describe));
      this.root.classList.add('stale');
      return;
    }
    this.banner.hidden = true;
    this.root.classList.remove('stale');
    this.steps = result.steps;
    this.given = givenIr(result.code, result.steps);
    this.order = listOrder(result.steps);
    const items = this.order.map((k, at) => {
      const step = result.steps[k];
      const item = document.createElement('li');
      item.className = `pass-step${step.changed ? ' changed' : ' unchanged'}`;
      item.style.setProperty('--depth', String(step.depth));
      item.dataset.pass = step.pass;
      item.dataset.step = String(k);
      const name = document.createElement('span');
      name.className = 'pass-name';
      name.textContent = step.pass;
      const time = document.createElement('span');
      time.className = 'pass-time';
      time.textContent = `${step.ms.toFixed(2)} ms`;
      item.title = step.changed ? `${step.pass}: changed the module` : `${step.pass}: no change`;
      item.append(name, time);
      item.addEventListener('click', () => this.choose(at));
      return item;
    });
    this.list.replaceChildren(...items);
    if (result.steps.length === 0) {
      this.summary.textContent = 'no passes ran (-O0 or an empty pipeline)';
      this.diff.replaceChildren();
      return;
    }
    // The same pass as before if it still runs, else the first that changed something.
    const steps = result.steps;
    let at = this.chosenPass === null ? -1 : this.order.findIndex((k) => steps[k].pass === this.chosenPass);
    if (at < 0) at = Math.max(0, this.order.findIndex((k) => steps[k].changed));
    this.choose(at, false);
  }

  /** Chooses the step at place `at` of the list. */
  private choose(at: number, remember = true) {
    this.chosen = at;
    const k = this.order[at];
    if (remember) this.chosenPass = this.steps[k].pass;
    this.list.querySelectorAll('.pass-step.chosen').forEach((e) => {
      e.classList.remove('chosen');
      e.removeAttribute('aria-current');
    });
    const item = this.list.children[at] as HTMLElement | undefined;
    item?.classList.add('chosen');
    item?.setAttribute('aria-current', 'step');
    item?.scrollIntoView({ block: 'nearest' });
    this.renderDiff(k);
  }

  private renderDiff(k: number) {
    const step = this.steps[k];
    const ops = diffLines(splitLines(this.given[k]), splitLines(step.ir));
    const removed = ops.filter((o) => o.kind === 'del').length;
    const added = ops.filter((o) => o.kind === 'add').length;
    this.summary.textContent = removed + added === 0
      ? `${step.pass} (${step.ms.toFixed(2)} ms): no change`
      : `${step.pass} (${step.ms.toFixed(2)} ms): −${removed} line${removed === 1 ? '' : 's'}, +${added} line${added === 1 ? '' : 's'}`;
    this.diff.replaceChildren(...hunks(ops));
  }
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The changed lines with their context, and a marker for each run of unchanged lines
 * left out. */
function hunks(ops: DiffOp[]): HTMLElement[] {
  const keep = new Uint8Array(ops.length);
  ops.forEach((op, i) => {
    if (op.kind === 'same') return;
    for (let j = Math.max(0, i - CONTEXT); j <= Math.min(ops.length - 1, i + CONTEXT); j++) keep[j] = 1;
  });
  const out: HTMLElement[] = [];
  let skipped = 0;
  let drawn = 0;
  const gap = () => {
    if (skipped === 0) return;
    const line = document.createElement('div');
    line.className = 'diff-gap';
    line.textContent = `⋯ ${skipped} unchanged line${skipped === 1 ? '' : 's'}`;
    out.push(line);
    skipped = 0;
  };
  for (let i = 0; i < ops.length; i++) {
    if (!keep[i]) {
      skipped++;
      continue;
    }
    if (drawn === MAX_LINES) {
      const more = document.createElement('div');
      more.className = 'diff-gap';
      more.textContent = `⋯ ${ops.length - i} more lines not drawn`;
      out.push(more);
      break;
    }
    gap();
    const op = ops[i];
    const line = document.createElement('div');
    line.className = `diff-line diff-${op.kind}`;
    line.textContent = `${op.kind === 'del' ? '−' : op.kind === 'add' ? '+' : ' '} ${op.line}`;
    out.push(line);
    drawn++;
  }
  gap();
  return out;
}
