// The editor's hover and completion, answered by refract's editor services (`hover`,
// `completions`) in a worker of their own, so they never wait behind a compile and never
// block typing.
//
// Offsets: the editor and refract's editor services both count UTF-16 units, so positions
// pass through unchanged. Everything shown is built with `textContent`: a name or a type
// from the user's text is never parsed as HTML.

import { hoverTooltip, type Tooltip } from '@codemirror/view';
import type { Extension } from '@codemirror/state';
import { autocompletion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import type { Hover, SymbolKind } from 'refract-wgsl';
import type { IdeRequest, IdeResponse, WorkerMessage } from './protocol';

let worker: Worker | null = null;
let ready: Promise<Worker> | null = null;
let nextId = 1;
const waiting = new Map<number, (answer: IdeResponse | null) => void>();

/** The services' worker, started on first use and answered once it has loaded refract. */
function start(): Promise<Worker> {
  if (ready) return ready;
  ready = new Promise((resolve) => {
    const w = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    worker = w;
    w.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if (message.type === 'ready') resolve(w);
      else if (message.type === 'ide') {
        waiting.get(message.id)?.(message);
        waiting.delete(message.id);
      }
    };
    // A crashed worker answers nothing; the next question starts a new one.
    w.onerror = (event) => {
      event.preventDefault();
      w.terminate();
      if (worker === w) {
        worker = null;
        ready = null;
      }
      for (const answer of waiting.values()) answer(null);
      waiting.clear();
    };
  });
  return ready;
}

async function ask(query: IdeRequest['query'], source: string, offset: number): Promise<IdeResponse | null> {
  const w = await start();
  return new Promise((resolve) => {
    const id = nextId++;
    waiting.set(id, resolve);
    const request: IdeRequest = { type: 'ide', id, query, source, offset };
    w.postMessage(request);
  });
}

/** A hover's tooltip: the signatures as code, then the type and the description. */
function hoverDom(h: Hover): HTMLElement {
  const dom = document.createElement('div');
  dom.className = 'cm-refract-hover';
  dom.dataset.testid = 'hover';
  for (const signature of h.signatures) {
    const code = document.createElement('pre');
    code.textContent = signature;
    dom.append(code);
  }
  const facts = [h.kind, h.type && !h.signatures.some((s) => s.includes(h.type!)) ? `type ${h.type}` : '', h.description ?? '']
    .filter((f) => f !== '');
  const line = document.createElement('div');
  line.className = 'cm-refract-hover-facts';
  line.textContent = facts.join(' · ');
  dom.append(line);
  return dom;
}

const hover = hoverTooltip(
  async (view, pos): Promise<Tooltip | null> => {
    const source = view.state.doc.toString();
    const answer = await ask('hover', source, pos);
    const h = answer?.hover;
    // The text may have changed while the worker answered.
    if (!h || view.state.doc.toString() !== source) return null;
    return { pos: h.span.start, end: h.span.end, above: true, create: () => ({ dom: hoverDom(h) }) };
  },
  { hoverTime: 250 },
);

/** CodeMirror's icon for each kind. */
const ICONS: Record<SymbolKind, string> = {
  var: 'variable',
  let: 'variable',
  parameter: 'variable',
  const: 'constant',
  override: 'constant',
  function: 'function',
  builtin: 'function',
  struct: 'class',
  alias: 'type',
  type: 'type',
  member: 'property',
  swizzle: 'property',
  enumerant: 'enum',
  attribute: 'keyword',
  keyword: 'keyword',
  expression: 'variable',
};

const WORD = /[\p{L}\p{N}_]*$/u;

async function complete(context: CompletionContext): Promise<CompletionResult | null> {
  const word = context.matchBefore(WORD);
  const from = word?.from ?? context.pos;
  const before = context.state.sliceDoc(Math.max(0, from - 1), from);
  // Open by itself only on a word, or after `.` and `@`.
  if (!context.explicit && from === context.pos && before !== '.' && before !== '@') return null;
  const answer = await ask('completions', context.state.doc.toString(), context.pos);
  if (!answer || context.aborted) return null;
  return {
    from,
    options: answer.completions.map((c) => ({
      label: c.label,
      type: ICONS[c.kind],
      ...(c.detail ? { detail: c.detail } : {}),
    })),
    validFor: /^[\p{L}\p{N}_]*$/u,
  };
}

/** Hover tooltips and completion for the WGSL editor. */
export function ideExtensions(): Extension[] {
  return [hover, autocompletion({ override: [complete], activateOnTyping: true })];
}
