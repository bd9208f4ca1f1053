// The editor's hover, completion, signature help and go-to-definition, answered by
// refract's editor services (`hover`, `completions`, `signatureHelp`, `definition`) in a
// worker of their own, so they never wait behind a compile and never block typing.
// Signature help opens when `(` or `,` is typed and follows the cursor while it is open
// (Escape closes it); F12 or Ctrl/⌘-click on a name moves to its declaration.
//
// Offsets: the editor and refract's editor services both count UTF-16 units, so positions
// pass through unchanged. Everything shown is built with `textContent`: a name or a type
// from the user's text is never parsed as HTML.

import { EditorView, hoverTooltip, keymap, showTooltip, ViewPlugin, type Tooltip, type ViewUpdate } from '@codemirror/view';
import { StateEffect, StateField, type Extension } from '@codemirror/state';
import { autocompletion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import type { Hover, SignatureHelp, SymbolKind } from 'refract-wgsl';
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

/** The signature tooltip: the active overload's label with the argument under the
 * cursor marked, then its description. */
function signatureDom(help: SignatureHelp): HTMLElement {
  const dom = document.createElement('div');
  dom.className = 'cm-refract-hover cm-refract-signature';
  dom.dataset.testid = 'signature-help';
  const signature = help.signatures[help.activeSignature];
  const code = document.createElement('pre');
  const parameter = signature.parameters[help.activeParameter];
  if (parameter) {
    const active = document.createElement('span');
    active.className = 'cm-refract-active-parameter';
    active.textContent = signature.label.slice(parameter.start, parameter.end);
    code.append(signature.label.slice(0, parameter.start), active, signature.label.slice(parameter.end));
  } else {
    code.textContent = signature.label;
  }
  dom.append(code);
  const facts = [
    help.signatures.length > 1 ? `overload ${help.activeSignature + 1} of ${help.signatures.length}` : '',
    signature.description ?? '',
  ].filter((f) => f !== '');
  if (facts.length > 0) {
    const line = document.createElement('div');
    line.className = 'cm-refract-hover-facts';
    line.textContent = facts.join(' · ');
    dom.append(line);
  }
  return dom;
}

const setSignature = StateEffect.define<Tooltip | null>();

/** The open signature tooltip, if any; it moves with edits before it. */
const signatureField = StateField.define<Tooltip | null>({
  create: () => null,
  update(tooltip, tr) {
    for (const effect of tr.effects) if (effect.is(setSignature)) return effect.value;
    return tooltip && tr.docChanged ? { ...tooltip, pos: tr.changes.mapPos(tooltip.pos) } : tooltip;
  },
  provide: (field) => showTooltip.from(field),
});

/** Asks for signature help after `(` or `,` is typed, and again on every edit or cursor
 * move while it is wanted: until an answer says the cursor is in no call, or Escape. Each
 * question supersedes the last, so only the answer for the text on screen is shown. */
class SignaturePlugin {
  private asked = 0;
  private wanted = false;
  constructor(readonly view: EditorView) {}

  update(update: ViewUpdate) {
    if (!update.docChanged && !update.selectionSet) return;
    const pos = update.state.selection.main.head;
    const typed = update.transactions.some((tr) => tr.isUserEvent('input.type'));
    if (typed && /[(,]/.test(update.state.sliceDoc(Math.max(0, pos - 1), pos))) this.wanted = true;
    if (this.wanted) this.request();
  }

  /** Escape: no tooltip until the next `(` or `,`. */
  close(): boolean {
    const open = this.view.state.field(signatureField) !== null;
    this.wanted = false;
    this.asked++;
    if (open) this.view.dispatch({ effects: setSignature.of(null) });
    return open;
  }

  private request() {
    const source = this.view.state.doc.toString();
    const pos = this.view.state.selection.main.head;
    const asked = ++this.asked;
    void ask('signatureHelp', source, pos).then((answer) => {
      if (asked !== this.asked) return;
      const help = answer?.signatureHelp ?? null;
      if (!help || help.signatures.length === 0) this.wanted = false;
      const tooltip: Tooltip | null = help && help.signatures.length > 0
        ? { pos, above: true, create: () => ({ dom: signatureDom(help) }) }
        : null;
      this.view.dispatch({ effects: setSignature.of(tooltip) });
    });
  }
}

const signaturePlugin = ViewPlugin.fromClass(SignaturePlugin);

const closeSignature = keymap.of([
  { key: 'Escape', run: (view) => view.plugin(signaturePlugin)?.close() ?? false },
]);

/** Moves the cursor to the declaration of the name at `pos`, if it has one. */
async function goToDefinition(view: EditorView, pos: number): Promise<boolean> {
  const source = view.state.doc.toString();
  const span = (await ask('definition', source, pos))?.definition;
  if (!span || view.state.doc.toString() !== source) return false;
  view.dispatch({
    selection: { anchor: span.start, head: span.end },
    effects: EditorView.scrollIntoView(span.start, { y: 'center' }),
    userEvent: 'select.definition',
  });
  view.focus();
  return true;
}

const definitionKeys = keymap.of([
  {
    key: 'F12',
    run: (view) => {
      void goToDefinition(view, view.state.selection.main.head);
      return true;
    },
  },
]);

const definitionClick = EditorView.domEventHandlers({
  mousedown(event, view) {
    if (!(event.ctrlKey || event.metaKey) || event.button !== 0) return false;
    const pos = view.posAtCoords({ x: event.clientX, y: event.clientY });
    if (pos === null) return false;
    event.preventDefault();
    void goToDefinition(view, pos);
    return true;
  },
});

/** Hover tooltips, completion, signature help and go-to-definition for the WGSL editor. */
export function ideExtensions(): Extension[] {
  return [
    hover,
    autocompletion({ override: [complete], activateOnTyping: true }),
    signatureField,
    signaturePlugin,
    closeSignature,
    definitionKeys,
    definitionClick,
  ];
}
