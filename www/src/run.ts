// The Run panel: dispatches a compute entry point on the Gen back end's SIMD simulator, in
// a worker of its own (worker.ts; a long run never holds up the page or the compiles), with
// buffers made from the reflection, and shows each buffer afterwards as a table. Where
// the browser has WebGPU the same dispatch runs there too (gpu.ts) and the panel says
// whether the two agree. Everything from the compiler or the user is set as text.

import type { Diagnostic, RunBuffer, RunResult } from 'refract-wgsl';
import type { RunRequest, WorkerMessage } from './protocol';
import { gpuRun, type GpuInput } from './gpu';
import {
  ELEM_BYTES, compareWords, elementType, initialBytes, parseNumbers, runtimeSized, wordText, wordTypes,
  type Elem, type Fill, type Reflection,
} from './run-buffers';

/** Rows a buffer's table shows; the rest are counted. */
const ROWS = 256;
/** Floats within this many units in the last place count as agreeing (the simulator
 * rounds `+ - * /` and `sqrt` correctly and fuses `mad`; a GPU may not fuse). */
const ULP_TOLERANCE = 4;

interface Choice {
  fill: Fill;
  /** The element count typed, or '' for the automatic one. */
  elements: string;
  numbers: string;
}

type EntryPoint = Reflection['entryPoints'][number];
type BindingInfo = Reflection['bindings'][number];

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = ''): HTMLElementTagNameMap[K] => {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text) e.textContent = text;
  return e;
};

const count = (n: number) => n.toLocaleString('en-US');

export class RunPanel {
  private reflection: Reflection | null = null;
  private shape = '';
  private entry = '';
  private readonly counts: [number, number, number] = [1, 1, 1];
  private readonly choices = new Map<string, Choice>();
  private worker: Worker | null = null;
  /** Whether the worker has loaded refract (a message sent before is lost). */
  private workerReady = false;
  private queued: RunRequest | null = null;
  private nextId = 1;
  private waiting: {
    id: number;
    initial: Map<string, Uint8Array>;
    gpu: ReturnType<typeof gpuRun>;
    names: Map<string, string>;
    /** Per binding of mixed words, the type of each word (for comparing). */
    types: Map<string, ReturnType<typeof wordTypes>>;
  } | null = null;

  private readonly entrySelect = el('select');
  private readonly sizeNote = el('span', 'run-size muted');
  private readonly button = el('button', 'button primary', 'Run');
  private readonly inputs = el('div', 'run-inputs');
  private readonly statusLine = el('span', 'run-status');
  private readonly gpuLine = el('span', 'run-gpu');
  private readonly banner = el('div', 'banner');
  private readonly results = el('div', 'run-results');

  constructor(private readonly root: HTMLElement, private readonly source: () => string, private readonly describe: (d: Diagnostic) => HTMLElement) {
    root.classList.add('run');
    const controls = el('div', 'run-controls');
    const entryLabel = el('label', 'control', '');
    entryLabel.append(el('span', '', 'Entry point'), this.entrySelect);
    this.entrySelect.dataset.testid = 'run-entry';
    this.entrySelect.addEventListener('change', () => {
      this.entry = this.entrySelect.value;
      this.renderInputs();
    });
    const counts = el('label', 'control');
    counts.append(el('span', '', 'Workgroups'));
    (['x', 'y', 'z'] as const).forEach((axis, i) => {
      const input = el('input', 'number');
      input.type = 'number';
      input.min = '0';
      input.value = '1';
      input.title = `workgroups along ${axis}`;
      input.setAttribute('aria-label', `workgroups along ${axis}`);
      input.dataset.testid = `run-count-${axis}`;
      input.addEventListener('input', () => {
        const n = Number(input.value);
        this.counts[i] = Number.isInteger(n) && n >= 0 ? n : 1;
        this.renderSizeNote();
      });
      counts.append(input);
    });
    this.button.type = 'button';
    this.button.dataset.testid = 'run';
    this.button.title = 'Run the entry point on refract’s simulator (and on WebGPU where the browser has it)';
    this.button.addEventListener('click', () => this.run());
    controls.append(this.button, entryLabel, counts, this.sizeNote);
    const summary = el('div', 'run-summary');
    this.statusLine.dataset.testid = 'run-status';
    this.gpuLine.dataset.testid = 'run-webgpu';
    summary.append(this.statusLine, this.gpuLine);
    this.banner.hidden = true;
    this.results.dataset.testid = 'run-results';
    root.append(controls, this.inputs, summary, this.banner, this.results);
    this.renderInputs();
  }

  /** A new reflection of the editor's text (from the compiler workers). The inputs are
   * rebuilt only when what they offer changes; the choices made are kept by binding. */
  reflect(json: string | null) {
    if (json === null) return; // the text does not check: keep the last controls
    let r: Reflection;
    try {
      r = JSON.parse(json) as Reflection;
    } catch {
      return;
    }
    const computes = r.entryPoints.filter((e) => e.stage === 'compute');
    const used = new Set(computes.flatMap((e) => e.bindings.map((b) => `${b.group}:${b.binding}`)));
    const shape = JSON.stringify([computes, r.bindings.filter((b) => used.has(`${b.group}:${b.binding}`)), r.structs]);
    this.reflection = r;
    if (shape === this.shape) return;
    this.shape = shape;
    this.renderInputs();
  }

  private computeEntries(): EntryPoint[] {
    return this.reflection?.entryPoints.filter((e) => e.stage === 'compute') ?? [];
  }

  private current(): EntryPoint | null {
    return this.computeEntries().find((e) => e.name === this.entry) ?? null;
  }

  private bindingsOf(entry: EntryPoint): BindingInfo[] {
    const all = this.reflection?.bindings ?? [];
    return entry.bindings
      .map((b) => all.find((x) => x.group === b.group && x.binding === b.binding))
      .filter((b): b is BindingInfo => b !== undefined)
      .sort((a, b) => a.group - b.group || a.binding - b.binding);
  }

  private invocations(entry: EntryPoint): number {
    const size = (entry.workgroupSize ?? [1, 1, 1]).map((d) => (typeof d === 'number' ? d : 1));
    return size.reduce((a, b) => a * b, 1) * this.counts.reduce((a, b) => a * b, 1);
  }

  private renderSizeNote() {
    const entry = this.current();
    if (!entry) {
      this.sizeNote.textContent = '';
      return;
    }
    const size = (entry.workgroupSize ?? []).map((d) => (typeof d === 'number' ? String(d) : d.override));
    this.sizeNote.textContent = `@workgroup_size(${size.join(', ')}) · ${count(this.invocations(entry))} invocations`;
    for (const row of this.inputs.querySelectorAll<HTMLInputElement>('input[data-auto]')) {
      row.placeholder = `${this.autoElements(row.dataset.auto ?? '')}`;
    }
  }

  /** The element count a buffer gets when none is typed: a fixed-size buffer's own; a
   * runtime-sized array's element per invocation of the dispatch. */
  private autoElements(key: string): number {
    const entry = this.current();
    const b = entry && this.bindingsOf(entry).find((x) => `${x.group}:${x.binding}` === key);
    if (!entry || !b || !this.reflection) return 0;
    const elem = elementType(b.type, this.reflection.structs);
    const min = Math.ceil((b.minBindingSize ?? 0) / ELEM_BYTES[elem]);
    if (!runtimeSized(b.type, this.reflection.structs)) return min;
    return Math.min(1 << 20, Math.max(min, min * this.invocations(entry)));
  }

  private choice(key: string): Choice {
    let c = this.choices.get(key);
    if (!c) {
      c = { fill: 'zeros', elements: '', numbers: '' };
      this.choices.set(key, c);
    }
    return c;
  }

  private renderInputs() {
    const entries = this.computeEntries();
    if (!entries.some((e) => e.name === this.entry)) this.entry = entries[0]?.name ?? '';
    this.entrySelect.replaceChildren(...entries.map((e) => {
      const option = el('option', '', e.name);
      option.value = e.name;
      return option;
    }));
    this.entrySelect.value = this.entry;
    this.entrySelect.disabled = entries.length === 0;
    this.button.disabled = entries.length === 0 || this.waiting !== null;
    const entry = this.current();
    if (!entry) {
      this.inputs.replaceChildren(el('p', 'muted run-empty', this.reflection
        ? 'This module has no compute entry point. Run dispatches one on refract’s Gen simulator, in your browser, with no GPU needed.'
        : 'Run dispatches a compute entry point on refract’s Gen simulator once the module checks.'));
      this.renderSizeNote();
      return;
    }
    const table = el('table', 'run-table');
    const head = el('tr');
    for (const h of ['Binding', 'Type', 'Initial contents', 'Elements']) head.append(el('th', '', h));
    table.append(el('thead'));
    table.tHead!.append(head);
    const body = el('tbody');
    for (const b of this.bindingsOf(entry)) {
      const key = `${b.group}:${b.binding}`;
      const row = el('tr');
      row.dataset.binding = key;
      const buffer = b.resource === 'storage-buffer' || b.resource === 'uniform-buffer';
      const kind = b.resource === 'uniform-buffer' ? 'uniform' : b.resource === 'storage-buffer' ? `storage, ${b.access ?? 'read'}` : b.resource;
      const name = el('td', 'mono');
      name.append(el('span', 'key', key), el('span', '', ` ${b.name}`));
      const type = el('td', 'mono type');
      const words = buffer ? ` · ${elementType(b.type, this.reflection!.structs)} words` : '';
      type.append(el('span', '', b.type), el('span', 'muted', `${kind}${words}`));
      row.append(name, type);
      if (!buffer) {
        const note = el('td', 'muted', 'the simulator runs buffers only');
        note.colSpan = 2;
        row.append(note);
        body.append(row);
        continue;
      }
      const elem = elementType(b.type, this.reflection!.structs);
      const c = this.choice(key);
      const fillCell = el('td');
      const fill = el('div', 'fill');
      const select = el('select');
      select.dataset.testid = `run-fill-${key}`;
      select.setAttribute('aria-label', `initial contents of ${key}`);
      for (const [value, text] of [['zeros', 'zeros'], ['pattern', 'pattern 0, 1, 2, …'], ['numbers', 'numbers…']]) {
        const option = el('option', '', text);
        option.value = value;
        select.append(option);
      }
      select.value = c.fill;
      select.title = `as ${elem} words`;
      const numbers = el('input', 'numbers');
      numbers.type = 'text';
      numbers.spellcheck = false;
      numbers.placeholder = elem.startsWith('f') ? '1.5, -2, 0.25' : elem === 'u32' || elem === 'i32' ? '1 2 3 (0.5f: f32 bits)' : '1 2 3';
      numbers.value = c.numbers;
      numbers.hidden = c.fill !== 'numbers';
      numbers.dataset.testid = `run-numbers-${key}`;
      numbers.setAttribute('aria-label', `numbers for ${key}, as ${elem}`);
      numbers.addEventListener('input', () => (c.numbers = numbers.value));
      select.addEventListener('change', () => {
        c.fill = select.value as Fill;
        numbers.hidden = c.fill !== 'numbers';
        if (!numbers.hidden) numbers.focus();
      });
      fill.append(select, numbers);
      fillCell.append(fill);
      const elements = el('input', 'number elements');
      elements.type = 'number';
      elements.min = '0';
      elements.value = c.elements;
      elements.dataset.auto = key;
      elements.dataset.testid = `run-elements-${key}`;
      elements.title = 'elements of the buffer (empty: its minimum size, or one per invocation for a runtime-sized array)';
      elements.setAttribute('aria-label', `elements of ${key}`);
      elements.addEventListener('input', () => (c.elements = elements.value));
      const sizeCell = el('td');
      sizeCell.append(elements);
      row.append(fillCell, sizeCell);
      body.append(row);
    }
    table.append(body);
    this.inputs.replaceChildren(table);
    this.renderSizeNote();
  }

  private setStatus(text: string, state: string) {
    this.statusLine.textContent = text;
    this.root.dataset.state = state;
  }

  private startWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if (message.type === 'ready') {
        this.workerReady = true;
        if (this.queued) worker.postMessage(this.queued);
        this.queued = null;
      } else if (message.type === 'ran' && message.id === this.waiting?.id) void this.show(message.result, message.unused, message.ms);
      else if (message.type === 'failed') this.fail(`the simulator failed to load: ${message.message}`);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.fail('the simulator stopped unexpectedly');
    };
    this.worker = worker;
    return worker;
  }

  private fail(text: string) {
    this.worker?.terminate();
    this.worker = null;
    this.workerReady = false;
    this.queued = null;
    this.waiting = null;
    this.button.disabled = false;
    this.setStatus(text, 'error');
  }

  /** Builds the buffers and sends the dispatch. */
  private run() {
    const entry = this.current();
    if (!entry || this.waiting || !this.reflection) return;
    const buffers: Record<string, ArrayBuffer> = {};
    const initial = new Map<string, Uint8Array>();
    const names = new Map<string, string>();
    const types = new Map<string, ReturnType<typeof wordTypes>>();
    const gpuInputs: GpuInput[] = [];
    for (const b of this.bindingsOf(entry)) {
      if (b.resource !== 'storage-buffer' && b.resource !== 'uniform-buffer') continue;
      const key = `${b.group}:${b.binding}`;
      const elem = elementType(b.type, this.reflection.structs);
      const c = this.choice(key);
      const parsed = c.fill === 'numbers' ? parseNumbers(c.numbers, elem) : { values: [] };
      if ('error' in parsed) {
        this.setStatus(`binding ${key}: ${parsed.error}`, 'error');
        return;
      }
      const typed = Number(c.elements);
      const elements = c.elements.trim() !== '' && Number.isInteger(typed) && typed >= 0 ? typed
        : c.fill === 'numbers' ? 0 : this.autoElements(key);
      const bytes = initialBytes(c.fill, elem, elements, b.minBindingSize ?? 0, parsed.values);
      buffers[key] = bytes;
      initial.set(key, new Uint8Array(bytes.slice(0)));
      names.set(key, b.name);
      types.set(key, wordTypes(b.type, this.reflection.structs));
      gpuInputs.push({ group: b.group, binding: b.binding, uniform: b.resource === 'uniform-buffer', bytes: bytes.slice(0) });
    }
    const source = this.source();
    const dispatch: [number, number, number] = [...this.counts];
    const id = this.nextId++;
    // The GPU starts at once; its answer is compared when the simulator's is in.
    const gpu = gpuRun(source, entry.name, dispatch, gpuInputs).catch((e: unknown) => ({ error: `WebGPU: ${String(e)}` }));
    this.waiting = { id, initial, gpu, names, types };
    this.button.disabled = true;
    this.setStatus(`running ${entry.name} over ${dispatch.join(' × ')} workgroups…`, 'running');
    this.gpuLine.textContent = '';
    this.gpuLine.dataset.state = '';
    const request: RunRequest = { type: 'run', id, source, entryPoint: entry.name, dispatch, buffers };
    const worker = this.startWorker();
    if (this.workerReady) worker.postMessage(request);
    else this.queued = request;
  }

  private async show(result: RunResult, unused: string[], ms: number) {
    const waiting = this.waiting!;
    this.waiting = null;
    this.button.disabled = this.computeEntries().length === 0;
    if (!result.ok) {
      this.banner.hidden = false;
      this.banner.replaceChildren(...result.diagnostics.slice(0, 5).map(this.describe));
      this.results.replaceChildren();
      this.setStatus('the entry point did not run', 'error');
      this.gpuLine.textContent = '';
      return;
    }
    this.banner.hidden = true;
    const { instructions, laneInstructions } = result.stats;
    const lanes = instructions > 0 ? ` (${(laneInstructions / instructions).toFixed(1)} lanes on average)` : '';
    this.setStatus(
      `compiled and ran in ${ms.toFixed(1)} ms · ${count(instructions)} instructions · ${count(laneInstructions)} lane-instructions${lanes}`,
      'done',
    );
    const cards = Object.entries(result.buffers).map(([key, buffer]) =>
      this.card(key, waiting.names.get(key) ?? '', buffer, waiting.initial.get(key), buffer.type === 'u32' ? (waiting.types.get(key) ?? null) : null));
    if (unused.length > 0) cards.push(el('p', 'muted', `Not used by the compiled kernel: ${unused.join(', ')}.`));
    this.results.replaceChildren(...cards);
    this.gpuLine.textContent = navigator.gpu ? 'WebGPU: running…' : '';
    const gpu = await waiting.gpu;
    if (waiting.id === this.nextId - 1) this.compare(result.buffers, gpu, waiting.types); // else a newer run is on show
  }

  /** One buffer after the dispatch: index and value, rows that changed marked. The words
   * of a structure of mixed members (\`u32\` to the simulator) show as their members' types,
   * named in a third column. */
  private card(key: string, name: string, buffer: RunBuffer, before: Uint8Array | undefined, types: ReturnType<typeof wordTypes>): HTMLElement {
    const card = el('section', types ? 'run-buffer wide' : 'run-buffer');
    card.dataset.binding = key;
    const head = el('header');
    const words = buffer.values.length;
    const mixed = types ? ' · a structure of mixed members' : '';
    head.append(el('span', 'mono', `${key} ${name}`), el('span', 'muted', `${buffer.type} × ${count(words)} · ${count(buffer.bytes.length)} bytes${mixed}`));
    const table = el('table', 'values');
    const top = el('tr');
    top.append(el('th', '', '#'), el('th', '', types ? 'value' : buffer.type));
    if (types) top.append(el('th', '', 'as'));
    table.append(el('thead'));
    table.tHead!.append(top);
    const body = el('tbody');
    const size = ELEM_BYTES[buffer.type];
    for (let i = 0; i < Math.min(ROWS, words); i++) {
      const row = el('tr');
      if (before && !sameWord(before, buffer.bytes, i, size)) row.className = 'changed';
      const type = types ? (types(i) ?? 'u32') : null;
      row.append(el('td', 'index', String(i)), el('td', '', type ? wordText(buffer.bytes, type, i) : String(buffer.values[i])));
      if (types) row.append(el('td', 'type', types(i) ?? 'pad'));
      body.append(row);
    }
    table.append(body);
    card.append(head, table);
    if (words > ROWS) card.append(el('p', 'more muted', `and ${count(words - ROWS)} more`));
    return card;
  }

  private compare(sim: Record<string, RunBuffer>, gpu: Awaited<ReturnType<typeof gpuRun>>, types: Map<string, ReturnType<typeof wordTypes>>) {
    const line = this.gpuLine;
    if (gpu === null) {
      line.textContent = 'WebGPU not available here; simulator only';
      line.dataset.state = 'unavailable';
      return;
    }
    if ('error' in gpu) {
      line.textContent = gpu.error;
      line.dataset.state = 'error';
      return;
    }
    let worst = 0;
    let compared = 0;
    for (const [key, buffer] of Object.entries(sim)) {
      const other = gpu.buffers.get(key);
      if (!other) continue;
      compared++;
      const elem: Elem = buffer.type;
      const wordType = elem === 'u32' ? (types.get(key) ?? null) : null;
      const d = compareWords(buffer.bytes, other, elem, wordType, ULP_TOLERANCE);
      if (!d) continue;
      if (d.index < 0) {
        worst = Math.max(worst, d.maxUlps);
        continue;
      }
      // A word of a mixed structure is shown as its member's type.
      const shown = wordType?.(d.index) ?? elem;
      const ulps = Number.isFinite(d.maxUlps) ? `; floats at most ${count(d.maxUlps)} ULP apart` : '';
      const theirs = d.index < other.length / ELEM_BYTES[elem] ? wordText(other, shown, d.index) : 'nothing';
      line.textContent = `WebGPU differs at binding ${key} index ${d.index}: simulator ${wordText(buffer.bytes, shown, d.index)}, WebGPU ${theirs}${ulps}`;
      line.dataset.state = 'differs';
      this.results.querySelector(`[data-binding="${CSS.escape(key)}"] tbody tr:nth-child(${d.index + 1})`)?.classList.add('differs');
      return;
    }
    line.textContent = compared === 0 ? 'WebGPU ran it (no storage buffer to compare)'
      : worst === 0 ? `WebGPU agrees (bit for bit, ${compared} buffer${compared === 1 ? '' : 's'})`
      : `WebGPU agrees (floats within ${worst} ULP)`;
    line.dataset.state = 'agrees';
  }
}

function sameWord(a: Uint8Array, b: Uint8Array, i: number, size: number): boolean {
  for (let k = i * size; k < (i + 1) * size; k++) if (a[k] !== b[k]) return false;
  return true;
}

declare global {
  interface Navigator {
    gpu?: unknown;
  }
}
