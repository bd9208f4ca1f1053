// The playground page: a WGSL editor, the problems list and one panel per product of the
// compiler, all refreshed as you type. Compiling happens in workers (worker.ts; plan.ts
// shares a keystroke's products among them); this file only sends and renders. The Run
// panel (run.ts) dispatches compute entry points on refract's simulator. Everything from
// the compiler or the user is rendered as text (textContent, CodeMirror's own text
// rendering), never as HTML.

import { EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection } from '@codemirror/view';
import { EditorState, type Extension } from '@codemirror/state';
import { defaultKeymap, history as undoHistory, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, foldGutter, foldKeymap, foldService, indentOnInput, syntaxHighlighting, HighlightStyle } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic as LintDiagnostic } from '@codemirror/lint';
import { searchKeymap, highlightSelectionMatches } from '@codemirror/search';
import { tags } from '@lezer/highlight';
import type { CompileResult, Diagnostic, PassStepsResult } from 'refract-wgsl';
import { wgsl } from './wgsl-language';
import { ideExtensions } from './ide';
import { assemblyLanguage, hlslLanguage, jsonLanguage } from './output-languages';
import { examples } from './examples';
import { decodeShare, encodeShare } from './share';
import { PRODUCTS, type CompileRequest, type EditorDiagnostic, type Product, type ProductsMessage, type WorkerMessage } from './protocol';
import { plan, StageCosts } from './plan';
import { RunPanel } from './run';
import { PassStepsView } from './pass-steps';
import './style.css';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** What the page exposes for tests and the latency benchmark. */
interface PlaygroundStats {
  ready: boolean;
  version: string;
  /** Results applied to the page so far. */
  updates: number;
  /** The id of the last request whose results are all on the page. */
  lastApplied: number;
  /** The id of the last request sent to the workers. */
  lastSent: number;
  /** True while an edit has not been compiled and shown yet. */
  busy: boolean;
  /** Milliseconds from an edit (from its key going down, for a typed edit) to the
   * problems and the panel on screen showing its result (DOM updated), for the last
   * update. */
  lastLatency: number;
  /** Milliseconds from an edit to every product made and given to its panel. */
  lastAllLatency: number;
  /** The same, measured after the next frame was produced (the page painted). */
  lastFrameLatency: number;
  /** Updates whose frame latency has been measured. */
  frames: number;
  /** Where the last update's time went on the page: edit → request sent, request sent →
   * result received (worker and messaging), and rendering the result. */
  lastPhases: { send: number; roundTrip: number; render: number };
  /** The compiler's time for the last update, per stage and `total`: the longest any one
   * worker spent on it (the workers run at the same time). */
  lastTimings: Record<string, number>;
  /** Each worker's time in the compiler for the last update (0 for one not asked). */
  lastWorkerTotals: number[];
  /** How many compiler workers the page runs. */
  workers: number;
  /** The editor's current text. */
  source: () => string;
  /** The full text an output view holds (its `data-testid`, or its panel's); the DOM has
   * only the visible lines. */
  panelText: (testid: string) => string | null;
  /** Replaces the editor's text, as a user's edit would. */
  setSource: (text: string) => void;
  /** Puts the cursor at a UTF-16 offset of the text and scrolls it into view (tests). */
  reveal: (offset: number) => void;
  /** Where the character at a UTF-16 offset is on screen, once it is drawn (tests). */
  coords: (offset: number) => { x: number; y: number } | null;
  /** The editor's main selection, in UTF-16 offsets (tests). */
  selection: () => { from: number; to: number };
}

declare global {
  interface Window {
    refractPlayground: PlaygroundStats;
  }
}

// ---- panels ------------------------------------------------------------------------

interface Panel {
  name: string;
  title: string;
  tab: HTMLButtonElement;
  root: HTMLElement;
  /** A target that appears only once refract implements it. */
  optional: boolean;
  available: boolean;
  /** Its views on screen, and the compiler products they show. */
  views: { setVisible(visible: boolean): void; resultId: number }[];
  products: Product[];
}

const panels = new Map<string, Panel>();

function makePanel(name: string, title: string, optional: boolean): Panel {
  const tab = document.createElement('button');
  tab.type = 'button';
  tab.className = 'tab';
  tab.textContent = title;
  tab.setAttribute('role', 'tab');
  tab.dataset.testid = `tab-${name}`;
  tab.addEventListener('click', () => selectPanel(name));
  const root = document.createElement('section');
  root.className = 'panel';
  root.dataset.testid = `panel-${name}`;
  root.setAttribute('role', 'tabpanel');
  root.setAttribute('aria-label', title);
  $('tabs').append(tab);
  $('panels').append(root);
  const panel: Panel = { name, title, tab, root, optional, available: !optional, views: [], products: [] };
  tab.hidden = optional;
  root.hidden = true;
  panels.set(name, panel);
  return panel;
}

let selected = 'wgsl';

function selectPanel(name: string) {
  selected = name;
  for (const panel of panels.values()) {
    const on = panel.name === name;
    panel.tab.classList.toggle('active', on);
    panel.tab.setAttribute('aria-selected', String(on));
    panel.root.hidden = !on;
    for (const v of panel.views) v.setVisible(on);
  }
  const bar = document.getElementById('pass-chips');
  if (bar) bar.hidden = !PASS_PANELS.has(name);
  // Its products may have been skipped for the newest text: ask for them first.
  const panel = panels.get(name);
  if (panel && panel.views.some((v) => v.resultId < stats.lastSent)) scheduleCompile();
}

/** The products of the panel on screen, which worker 0 makes first. */
function productsOnScreen(): Product[] {
  return panels.get(selected)?.products ?? [];
}

/** The panels whose output depends on the pass pipeline, which show the pass bar. */
const PASS_PANELS = new Set(['wgsl', 'hlsl', 'spirv', 'gen', 'ir']);

/** An output view: a read-only editor with the code when the compile succeeded, else its
 * diagnostics in a banner. On failure the last good code stays visible, marked stale, so
 * the view does not flash while typing. CodeMirror renders only the visible lines and
 * renders text as text. A hidden view keeps its newest text and shows it when opened, so
 * a large output (the AST of a long shader) costs nothing while it is not looked at. */
class OutputView {
  readonly root: HTMLElement;
  private readonly banner: HTMLElement;
  private readonly view: EditorView;
  /** The text to show: the newest good output. */
  private code = '';
  /** The text the editor holds. */
  private shown = '';
  private hasCode = false;
  private visible = false;
  /** The request whose result this view holds. */
  resultId = 0;

  constructor(parent: HTMLElement, language: Extension, testid?: string) {
    this.root = document.createElement('div');
    this.root.className = 'output empty';
    if (testid) this.root.dataset.testid = testid;
    this.banner = document.createElement('div');
    this.banner.className = 'banner';
    this.banner.hidden = true;
    const code = document.createElement('div');
    code.className = 'code';
    this.root.append(this.banner, code);
    parent.append(this.root);
    this.view = new EditorView({
      parent: code,
      state: EditorState.create({
        extensions: [
          EditorState.readOnly.of(true),
          EditorView.editable.of(false),
          EditorView.contentAttributes.of({ tabindex: '0', 'aria-readonly': 'true' }),
          lineNumbers(),
          foldGutter(),
          foldByIndent,
          highlightSelectionMatches(),
          keymap.of([...searchKeymap, ...foldKeymap]),
          language,
          syntaxHighlighting(highlight),
          outputTheme,
          editorTheme,
        ],
      }),
    });
    outputViews.set(this.root, this);
  }

  /** The text on show, or to be shown when the view is opened. */
  text(): string {
    return this.code;
  }

  setVisible(visible: boolean) {
    this.visible = visible;
    if (visible) this.flush();
  }

  private flush() {
    if (this.shown === this.code) return;
    this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: this.code } });
    this.shown = this.code;
  }

  show(result: CompileResult, id: number) {
    // Workers answer independently: a product of an older text may arrive after a newer
    // one made by the other worker.
    if (id < this.resultId) return;
    this.resultId = id;
    if (result.ok) {
      this.code = result.code ?? '';
      this.hasCode = true;
      this.root.classList.remove('stale', 'empty');
      this.banner.hidden = true;
      this.root.dataset.state = 'ok';
    } else {
      this.root.dataset.state = 'error';
      this.banner.hidden = false;
      // "Not built yet" is refract's state, not a problem in the user's code.
      this.banner.classList.toggle('notice', result.diagnostics.every((d) => d.code === 'E0004'));
      this.banner.replaceChildren(...result.diagnostics.slice(0, 3).map(describe));
      if (result.diagnostics.length > 3) {
        const more = document.createElement('div');
        more.textContent = `and ${result.diagnostics.length - 3} more`;
        this.banner.append(more);
      }
      if (this.hasCode) this.root.classList.add('stale');
      else {
        this.code = '';
        this.root.classList.add('empty');
      }
    }
    if (this.visible) this.flush();
  }
}

/** Folding by indentation, for every output (the AST's JSON, the IR, code): a line folds
 * the lines after it that are indented deeper. */
const foldByIndent = foldService.of((state, lineStart) => {
  const line = state.doc.lineAt(lineStart);
  const indentOf = (text: string) => text.length - text.trimStart().length;
  if (line.text.trim() === '') return null;
  const indent = indentOf(line.text);
  let end = line.number;
  for (let n = line.number + 1; n <= state.doc.lines; n++) {
    const next = state.doc.line(n).text;
    if (next.trim() === '') continue;
    if (indentOf(next) <= indent) break;
    end = n;
  }
  return end > line.number ? { from: line.to, to: state.doc.line(end).to } : null;
});

const outputViews = new WeakMap<Element, OutputView>();

function describe(d: Diagnostic): HTMLElement {
  const line = document.createElement('div');
  line.className = `banner-line ${d.severity}`;
  const code = document.createElement('span');
  code.className = 'code-tag';
  code.textContent = d.code;
  const where = d.labels.find((l) => l.primary);
  const text = document.createElement('span');
  text.textContent = where ? `${d.message} (line ${where.line}, column ${where.column})` : d.message;
  line.append(code, text);
  return line;
}


// ---- IR panel with its pass pipeline -------------------------------------------------

let allPasses: string[] = [];
/** The passes ticked, in pipeline order; null while every pass is: refract's default
 * pipeline (`-O1`, which also runs some passes twice). */
let chosenPasses: string[] | null = null;

/** The pass bar under the tabs: one chip per pass, ticked when it runs. The pipeline is
 * the playground's, not the IR panel's: the IR after passes, WGSL and SPIR-V are all made
 * with it. */
function renderPassChips(container: HTMLElement) {
  container.replaceChildren();
  const label = document.createElement('span');
  label.className = 'passes-label';
  label.textContent = 'Passes';
  container.append(label);
  if (allPasses.length === 0) {
    const none = document.createElement('span');
    none.className = 'muted';
    none.textContent = 'this build of refract has no passes yet';
    container.append(none);
    return;
  }
  const chosen = new Set(chosenPasses ?? allPasses);
  for (const name of allPasses) {
    const chip = document.createElement('label');
    chip.className = 'chip';
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.checked = chosen.has(name);
    box.dataset.pass = name;
    box.addEventListener('change', () => {
      const boxes = container.querySelectorAll<HTMLInputElement>('input[data-pass]');
      const ticked = [...boxes].filter((b) => b.checked).map((b) => b.dataset.pass ?? '');
      chosenPasses = ticked.length === allPasses.length ? null : ticked;
      renderPipelineNote();
      scheduleCompile();
    });
    const text = document.createElement('span');
    text.textContent = name;
    chip.append(box, text);
    container.append(chip);
  }
  const note = document.createElement('span');
  note.className = 'pipeline-note';
  note.id = 'pipeline-note';
  container.append(note);
  renderPipelineNote();
}

function renderPipelineNote() {
  const note = document.getElementById('pipeline-note');
  if (!note) return;
  note.replaceChildren();
  if (chosenPasses === null) {
    note.textContent = 'default pipeline (-O1)';
    return;
  }
  note.textContent = chosenPasses.length === 0 ? 'no passes (-O0)' : 'custom pipeline';
  const reset = document.createElement('button');
  reset.type = 'button';
  reset.className = 'link';
  reset.textContent = 'reset';
  reset.addEventListener('click', () => {
    chosenPasses = null;
    renderPassChips($('pass-chips'));
    scheduleCompile();
  });
  note.append(' · ', reset);
}

// ---- editor -------------------------------------------------------------------------

const highlight = HighlightStyle.define([
  { tag: tags.keyword, color: '#c792ea' },
  { tag: [tags.typeName], color: '#82aaff' },
  { tag: tags.modifier, color: '#89ddff' },
  { tag: tags.meta, color: '#f78c6c' },
  { tag: [tags.number, tags.bool], color: '#f5c26b' },
  { tag: [tags.lineComment, tags.blockComment], color: '#6b7a90', fontStyle: 'italic' },
  { tag: tags.function(tags.variableName), color: '#7fdbca' },
  { tag: tags.operator, color: '#a6b3cc' },
  { tag: tags.punctuation, color: '#8b95a7' },
]);

const editorTheme = EditorView.theme(
  {
    '&': { height: '100%', backgroundColor: 'var(--bg-editor)', color: 'var(--text)' },
    '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.55' },
    '.cm-content': { caretColor: '#e6edf7' },
    '.cm-gutters': { backgroundColor: 'var(--bg-editor)', color: '#4d5a70', border: 'none' },
    '.cm-activeLine': { backgroundColor: '#ffffff08' },
    '.cm-activeLineGutter': { backgroundColor: '#ffffff08', color: '#a6b3cc' },
    '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: '#3a4d7a88' },
    '.cm-cursor': { borderLeftColor: '#e6edf7' },
    '.cm-tooltip': { backgroundColor: '#1b2233', border: '1px solid #2c3650', color: 'var(--text)' },
    '.cm-refract-hover': { padding: '4px 8px', maxWidth: '640px' },
    '.cm-refract-hover pre': { margin: '0', fontFamily: 'var(--mono)', whiteSpace: 'pre-wrap' },
    '.cm-refract-hover-facts': { color: '#8b95a7', marginTop: '2px' },
    '.cm-refract-active-parameter': { color: '#f5c26b', fontWeight: '600', textDecoration: 'underline' },
    '.cm-tooltip-autocomplete ul li[aria-selected]': { backgroundColor: '#3a4d7a' },
    '.cm-completionDetail': { color: '#8b95a7', marginLeft: '1em' },
    '.cm-diagnostic-error': { borderLeftColor: 'var(--error)' },
    '.cm-diagnostic-warning': { borderLeftColor: 'var(--warning)' },
    '.cm-matchingBracket': { backgroundColor: '#ffffff18', outline: 'none' },
  },
  { dark: true },
);

const outputTheme = EditorView.theme({
  '&': { backgroundColor: 'var(--bg-panel)' },
  '.cm-gutters': { backgroundColor: 'var(--bg-panel)' },
  '.cm-content': { caretColor: 'transparent' },
});

let editTime: number | null = null; // the oldest edit not yet shown
/** When the last key went down: an edit it causes counts its latency from there, so the
 * editor's own handling of the key is in the figure. */
let keyTime = -Infinity;
let programmaticEdit = false; // the next doc change comes from an example or a link
const STORAGE_KEY = 'refract-playground-source';

const view = new EditorView({
  parent: document.querySelector<HTMLElement>('[data-testid="editor"]') ?? document.body,
  state: EditorState.create({
    doc: '',
    extensions: [
      lineNumbers(),
      highlightActiveLineGutter(),
      undoHistory(),
      drawSelection(),
      indentOnInput(),
      bracketMatching(),
      highlightActiveLine(),
      highlightSelectionMatches(),
      lintGutter(),
      EditorState.tabSize.of(2),
      keymap.of([
        { key: 'Shift-Alt-f', run: () => (requestFormat(), true) },
        ...defaultKeymap, ...historyKeymap, ...searchKeymap, indentWithTab,
      ]),
      wgsl,
      ...ideExtensions(),
      syntaxHighlighting(highlight),
      editorTheme,
      EditorView.updateListener.of((update) => {
        if (update.docChanged) {
          const now = performance.now();
          // A key pressed within the last 100 ms caused this edit (typing, not a paste,
          // an undo from the menu or a loaded example).
          editTime ??= now - keyTime < 100 ? keyTime : now;
          if (!programmaticEdit) onUserEdit();
          scheduleCompile();
        }
      }),
    ],
  }),
});

view.contentDOM.addEventListener('keydown', (event) => (keyTime = event.timeStamp), { capture: true });

function setSource(text: string) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

/** Loads an example or a shared text: not a user edit, so the example menu keeps its
 * choice and nothing is saved. */
function loadSource(text: string) {
  programmaticEdit = true;
  try {
    setSource(text);
  } finally {
    programmaticEdit = false;
  }
}

let saveTimer: ReturnType<typeof setTimeout> | undefined;

function onUserEdit() {
  $<HTMLSelectElement>('examples').value = '';
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    try {
      localStorage.setItem(STORAGE_KEY, view.state.doc.toString());
    } catch {
      // Storage may be full or disabled; the playground works without it.
    }
  }, 500);
}

// ---- diagnostics list ---------------------------------------------------------------

function renderProblems(list: EditorDiagnostic[]) {
  const items = list.map(({ diagnostic: d, from, to }) => {
    const item = document.createElement('li');
    item.className = `problem ${d.severity}`;
    item.tabIndex = 0;
    const icon = document.createElement('span');
    icon.className = 'icon';
    icon.textContent = d.severity === 'error' ? '✕' : d.severity === 'warning' ? '!' : 'i';
    // The code opens its explanation (`refract explain`) under the problem, as text. The
    // explanations are loaded on the first click: most sessions never open one.
    const code = document.createElement('button');
    code.className = 'code-tag explain-link';
    code.textContent = d.code;
    code.title = `explain ${d.code}`;
    code.dataset.testid = 'explain';
    code.addEventListener('click', async (e) => {
      e.stopPropagation();
      const open = item.querySelector('.explanation');
      if (open) {
        open.remove();
        return;
      }
      const { explain } = await import('refract-wgsl');
      const pre = document.createElement('pre');
      pre.className = 'explanation';
      pre.dataset.testid = 'explanation';
      pre.textContent = explain(d.code) ?? `${d.code} has no explanation yet.`;
      item.append(pre);
    });
    const message = document.createElement('span');
    message.className = 'message';
    message.textContent = d.message;
    const where = d.labels.find((l) => l.primary);
    const place = document.createElement('span');
    place.className = 'place';
    place.textContent = where ? `${where.line}:${where.column}` : '';
    item.append(icon, code, message, place);
    for (const note of d.notes) {
      const n = document.createElement('div');
      n.className = 'note';
      n.textContent = `note: ${note}`;
      item.append(n);
    }
    const go = () => {
      if (!where) return;
      const end = view.state.doc.length;
      // Select the offending text, so the eye lands on it.
      view.dispatch({ selection: { anchor: Math.min(from, end), head: Math.min(to, end) }, scrollIntoView: true });
      view.focus();
    };
    item.addEventListener('click', go);
    item.addEventListener('keydown', (e) => e.key === 'Enter' && go());
    return item;
  });
  $('problem-list').replaceChildren(...items);
  const errors = list.filter((d) => d.diagnostic.severity === 'error').length;
  const count = $('problem-count');
  count.textContent = String(list.length);
  count.classList.toggle('has-errors', errors > 0);
  if (list.length === 0) {
    const ok = document.createElement('li');
    ok.className = 'problem none';
    ok.textContent = 'No problems found.';
    $('problem-list').replaceChildren(ok);
  }
}

/** Editor markers: one per label. The primary label carries the diagnostic; secondary
 * labels are informational marks that explain it. */
function toLint(list: EditorDiagnostic[]): LintDiagnostic[] {
  const length = view.state.doc.length;
  const clamp = (x: number) => Math.min(Math.max(x, 0), length);
  return list.flatMap(({ diagnostic: d, places }) =>
    places.map((place) => ({
      from: clamp(place.from),
      to: clamp(Math.max(place.to, place.from)),
      severity: place.primary ? (d.severity === 'note' ? 'info' : d.severity) : 'info',
      source: d.code,
      message: place.primary
        ? [d.message, place.message, ...d.notes.map((n) => `note: ${n}`)].filter((m) => m !== '').join('\n')
        : place.message || d.message,
    } satisfies LintDiagnostic)),
  );
}

// ---- the workers -------------------------------------------------------------------

/** How many compiler workers: two where the machine has cores to spare for a second one,
 * sharing a keystroke's products (plan.ts), each running the front end on the text itself.
 * That takes four cores: on two, the page's own thread, the browser's compositing and a
 * second worker share the one core left and every worker slows down (measured: the
 * page and the browser spend more CPU per keystroke than the compiler does, and two
 * workers on two cores updated every panel later than one). `?workers=1` or `2` in the
 * address chooses (to spare a laptop's battery, or to measure). */
const WORKERS = (() => {
  const asked = Number(new URLSearchParams(location.search).get('workers'));
  if (asked === 1 || asked === 2) return asked;
  return (navigator.hardwareConcurrency || 1) >= 4 ? 2 : 1;
})();

interface Compiler {
  worker: Worker;
  ready: boolean;
  /** The newest request this worker has finished its share of (or skipped, for a newer). */
  doneThrough: number;
}

/** A request sent and not yet all on the page. */
interface InFlight {
  /** When the oldest edit it carries was made (null for a request with no new edit). */
  editTime: number | null;
  sentTime: number;
  /** The workers it was sent to. */
  workers: number[];
  /** The compiler's time per worker, per stage, summed over the worker's messages. */
  timings: Record<string, number>[];
}

const compilers: Compiler[] = [];
let nextId = 1;
const sent = new Map<number, InFlight>();
let pendingSend = false; // an edit made before the workers were ready
/** The id of the request whose check is on the page. */
let checkId = 0;
/** The id of the request whose reflection the Run panel has. */
let reflectId = 0;
let runPanel: RunPanel | null = null;
/** What each stage has cost lately, in milliseconds, for sharing the products. Until the
 * first reports come in: proportions measured on the 1,057-line example. */
const stageCosts = new StageCosts({
  call: 0.5, parse: 3.4, sema: 8.8, lower: 3.9, passes: 3.8, wgsl: 8.4, spvasm: 5.3, ast: 3.1, irBefore: 1.6, ir: 1.5, reflect: 0.5, hlsl: 12.1, gen: 33.0, passSteps: 6,
});
const stats: PlaygroundStats = {
  ready: false,
  version: '',
  updates: 0,
  lastApplied: 0,
  lastSent: 0,
  busy: true,
  lastLatency: 0,
  lastAllLatency: 0,
  lastFrameLatency: 0,
  frames: 0,
  lastPhases: { send: 0, roundTrip: 0, render: 0 },
  lastTimings: {},
  lastWorkerTotals: [],
  workers: WORKERS,
  source: () => view.state.doc.toString(),
  panelText: (testid) => {
    const element = document.querySelector(`[data-testid="${CSS.escape(testid)}"]`);
    const output = element?.matches('.output') ? element : element?.querySelector('.output');
    return output ? (outputViews.get(output)?.text() ?? null) : null;
  },
  setSource,
  reveal: (offset) => {
    view.dispatch({ selection: { anchor: offset }, effects: EditorView.scrollIntoView(offset, { y: 'center' }) });
    view.focus();
  },
  selection: () => {
    const { from, to } = view.state.selection.main;
    return { from, to };
  },
  coords: (offset) => {
    const c = view.coordsAtPos(offset, 1);
    // A few pixels into the character, so a pointer there is over it.
    return c ? { x: c.left + 3, y: (c.top + c.bottom) / 2 } : null;
  },
};
window.refractPlayground = stats;

/** Sends the editor's text to the workers, which drop older texts they have not finished. */
function scheduleCompile() {
  stats.busy = true;
  if (!stats.ready) {
    pendingSend = true;
    return;
  }
  const id = nextId++;
  const first = productsOnScreen();
  const others = PRODUCTS.filter((p) => !first.includes(p));
  const shares = plan(first, others, compilers.length, stageCosts.cost);
  const source = view.state.doc.toString();
  const workers: number[] = [];
  shares.forEach((share, w) => {
    const check = w === 0;
    if (!check && share.first.length === 0 && share.rest.length === 0) return;
    const request: CompileRequest = { type: 'compile', id, source, passes: chosenPasses, first: share.first, rest: share.rest, check };
    compilers[w].worker.postMessage(request);
    workers.push(w);
  });
  sent.set(id, { editTime, sentTime: performance.now(), workers, timings: compilers.map(() => ({})) });
  stats.lastSent = id;
  editTime = null;
}

const outputs: Record<(typeof PRODUCTS)[number], OutputView | null> = {
  wgsl: null, hlsl: null, spvasm: null, gen: null, reflect: null, ast: null, irBefore: null, ir: null,
};

function isNotImplemented(result: CompileResult): boolean {
  return !result.ok && result.diagnostics.some((d) => d.code === 'E0004');
}

/** Optional panels appear once refract implements their product, and then stay. */
const OPTIONAL: [string, Product][] = [['hlsl', 'hlsl'], ['gen', 'gen'], ['reflect', 'reflect']];

/** Whether the problems list and the editor's markers show no diagnostic. */
let checkShownEmpty = false;

function applyCheck(diagnostics: EditorDiagnostic[]) {
  // A clean text after a clean text changes nothing on the page: skipping the editor
  // transaction spares it a measuring and layout pass per keystroke. (Non-empty lists are
  // always set: the editor has moved the old markers with the edit, so an equal list is
  // not necessarily what it shows.)
  const empty = diagnostics.length === 0;
  if (!(empty && checkShownEmpty)) {
    renderProblems(diagnostics);
    view.dispatch(setDiagnostics(view.state, toLint(diagnostics)));
    checkShownEmpty = empty;
  }
  const errors = diagnostics.filter((d) => d.diagnostic.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.diagnostic.severity === 'warning').length;
  const status = $('status');
  const checkerMissing = diagnostics.length > 0 && diagnostics.every((d) => d.diagnostic.code === 'E0004');
  const text = checkerMissing ? 'checking is not built yet' : errors > 0
    ? `${errors} error${errors === 1 ? '' : 's'}${warnings ? `, ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}`
    : warnings > 0 ? `valid, ${warnings} warning${warnings === 1 ? '' : 's'}` : 'valid WGSL';
  const state = checkerMissing ? 'idle' : errors > 0 ? 'error' : 'ok';
  // Unchanged text is not written again: a new text node would be laid out anew.
  if (status.textContent !== text) status.textContent = text;
  if (status.dataset.state !== state) status.dataset.state = state;
}

/** The compiler's time for a request across its workers: per stage the longest any worker
 * spent (they run at the same time), and each worker's total. */
function combinedTimings(request: InFlight): { stages: Record<string, number>; totals: number[] } {
  const stages: Record<string, number> = {};
  for (const timings of request.timings) {
    for (const [stage, ms] of Object.entries(timings)) stages[stage] = Math.max(stages[stage] ?? 0, ms);
  }
  return { stages, totals: request.timings.map((t) => t.total ?? 0) };
}

function apply(message: ProductsMessage, from: number) {
  const received = performance.now();
  const request = sent.get(message.id);
  if (message.check && message.id >= checkId) {
    checkId = message.id;
    applyCheck(message.check.diagnostics);
  }
  for (const [name, result] of Object.entries(message.products) as [Product, CompileResult][]) {
    if (name === 'passSteps') passSteps?.show(result as PassStepsResult, message.id);
    else outputs[name]?.show(result, message.id);
  }
  const reflected = message.products.reflect;
  if (reflected && message.id >= reflectId) {
    reflectId = message.id;
    runPanel?.reflect(reflected.ok ? (reflected.code ?? null) : null);
  }
  for (const [panelName, product] of OPTIONAL) {
    const result = message.products[product];
    const panel = panels.get(panelName);
    if (result && panel && !panel.available && !isNotImplemented(result)) {
      panel.available = true;
      panel.tab.hidden = false;
    }
  }
  stageCosts.report(message.timings);
  if (request) {
    const mine = request.timings[from];
    for (const [stage, ms] of Object.entries(message.timings)) mine[stage] = (mine[stage] ?? 0) + ms;
  }

  const now = performance.now();
  const edited = request?.editTime;
  if (message.check && request && edited != null) {
    stats.lastLatency = now - edited;
    stats.lastPhases = { send: request.sentTime - edited, roundTrip: received - request.sentTime, render: now - received };
  }
  if (!message.done) return;
  compilers[from].doneThrough = Math.max(compilers[from].doneThrough, message.id);
  // The newest request every one of whose workers is done with it (or with a newer one,
  // having skipped it) is all on the page; older ones are overtaken.
  let complete: number | null = null;
  for (const [id, r] of sent) {
    if (r.workers.every((w) => compilers[w].doneThrough >= id)) complete = Math.max(complete ?? 0, id);
  }
  if (complete === null) return;
  const finished = sent.get(complete)!;
  for (const id of sent.keys()) if (id <= complete) sent.delete(id);
  const { stages, totals } = combinedTimings(finished);
  renderTimings(stages, finished.workers.length);
  stats.updates++;
  stats.lastApplied = complete;
  stats.lastTimings = { ...stages, total: Math.max(0, ...totals) };
  stats.lastWorkerTotals = totals;
  stats.busy = complete < stats.lastSent;
  const editedAt = finished.editTime;
  if (editedAt != null) {
    stats.lastAllLatency = now - editedAt;
    // rAF runs before the frame is produced; a task queued from it runs after.
    requestAnimationFrame(() => setTimeout(() => {
      stats.lastFrameLatency = performance.now() - editedAt;
      stats.frames++;
    }, 0));
  }
}

/** The compiler's stages in pipeline order, then the products made from them. */
const STAGE_ORDER = ['parse', 'sema', 'lower', 'passes', 'irBefore', 'ir', 'passSteps', 'wgsl', 'spvasm', 'hlsl', 'gen', 'ast', 'reflect'];

/** The footer: the compiler's time for the last text, in total and per stage (the
 * longest of the workers', which run at the same time). */
function renderTimings(timings: Record<string, number>, workers: number) {
  const { total, ...stages } = timings;
  const rank = (stage: string) => {
    const i = STAGE_ORDER.indexOf(stage);
    return i < 0 ? STAGE_ORDER.length : i;
  };
  const parts = Object.entries(stages)
    .filter(([stage, ms]) => ms >= 0.05 && panels.get(stage)?.available !== false)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([stage, ms]) => `${stage} ${ms.toFixed(1)}`);
  const on = workers > 1 ? ` on ${workers} workers` : '';
  $('timings').textContent = `compiled in ${(total ?? 0).toFixed(1)} ms${on}${parts.length ? ` · ${parts.join(' · ')}` : ''}`;
}

function startCompiler(w: number) {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  const compiler: Compiler = { worker, ready: false, doneThrough: compilers[w]?.doneThrough ?? 0 };
  compilers[w] = compiler;
  worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
    const message = event.data;
    if (message.type === 'ready') {
      compiler.ready = true;
      if (!compilers.every((c) => c.ready)) return;
      stats.ready = true;
      stats.version = message.version;
      $('version').textContent = `refract ${message.version}`;
      allPasses = message.passes;
      if (chosenPasses) chosenPasses = chosenPasses.filter((p) => allPasses.includes(p));
      renderPassChips($('pass-chips'));
      $<HTMLButtonElement>('format').hidden = !message.canFormat;
      if (pendingSend) {
        pendingSend = false;
        scheduleCompile();
      }
    } else if (message.type === 'formatted') {
      // Apply only if the text is still the one sent: typing since then wins.
      if (message.result.ok && message.source === view.state.doc.toString()) setSource(message.result.code);
      else if (!message.result.ok) flashStatus(`cannot format: ${message.result.diagnostics[0]?.message ?? 'unknown error'}`);
    } else if (message.type === 'products') {
      apply(message, w);
    } else if (message.type === 'ran' || message.type === 'ide') {
      // Runs go to the Run panel's own worker, editor services to ide.ts's.
    } else {
      $('status').textContent = `the compiler failed to load: ${message.message}`;
      $('status').dataset.state = 'error';
    }
  };
  // A crashed worker is replaced; the newest text is compiled again. What it owed for
  // older requests will not come: those wait for the new request instead.
  worker.onerror = (event) => {
    event.preventDefault();
    worker.terminate();
    stats.ready = false;
    pendingSend = true;
    startCompiler(w);
  };
}

// ---- page setup ---------------------------------------------------------------------

function buildPanels() {
  const titles: [string, string, boolean][] = [
    ['wgsl', 'WGSL', false],
    ['hlsl', 'HLSL', true],
    ['spirv', 'SPIR-V', false],
    ['gen', 'Gen', true],
    ['ir', 'IR', false],
    ['ast', 'AST', false],
    ['reflect', 'Reflection', true],
    ['run', 'Run', false],
  ];
  for (const [name, title, optional] of titles) makePanel(name, title, optional);
  const attach = (panelName: string, product: (typeof PRODUCTS)[number], output: OutputView) => {
    outputs[product] = output;
    const panel = panels.get(panelName)!;
    panel.views.push(output);
    panel.products.push(product);
  };
  attach('wgsl', 'wgsl', new OutputView(panels.get('wgsl')!.root, wgsl));
  attach('hlsl', 'hlsl', new OutputView(panels.get('hlsl')!.root, hlslLanguage));
  attach('spirv', 'spvasm', new OutputView(panels.get('spirv')!.root, assemblyLanguage));
  attach('gen', 'gen', new OutputView(panels.get('gen')!.root, assemblyLanguage));
  attach('ast', 'ast', new OutputView(panels.get('ast')!.root, jsonLanguage));
  attach('reflect', 'reflect', new OutputView(panels.get('reflect')!.root, jsonLanguage));
  // The Run panel builds its buffers from the reflection: made first while it is open.
  runPanel = new RunPanel(panels.get('run')!.root, () => view.state.doc.toString(), describe);
  panels.get('run')!.products.push('reflect');

  const chips = document.createElement('div');
  chips.className = 'pass-chips';
  chips.id = 'pass-chips';
  chips.dataset.testid = 'passes';
  $('panels').before(chips);
  const ir = panels.get('ir')!.root;
  ir.classList.add('ir');
  const split = document.createElement('div');
  split.className = 'split';
  const column = (title: string) => {
    const col = document.createElement('div');
    col.className = 'column';
    const h = document.createElement('h3');
    h.textContent = title;
    col.append(h);
    split.append(col);
    return col;
  };
  attach('ir', 'irBefore', new OutputView(column('as lowered, before passes'), assemblyLanguage, 'panel-ir-before'));
  attach('ir', 'ir', new OutputView(column('after the passes'), assemblyLanguage, 'panel-ir-after'));
  ir.append(buildIrModes(split), split);
  passSteps = new PassStepsView(ir, describe);
  passSteps.root.hidden = true;
  renderPassChips(chips);
  selectPanel(selected);
}

/** The pass-by-pass view of the IR panel, made while it is chosen. */
let passSteps: PassStepsView | null = null;

/** The IR panel's two modes: the IR before and after the whole pipeline side by side, or
 * pass by pass (each step's diff and time). */
function buildIrModes(split: HTMLElement): HTMLElement {
  const bar = document.createElement('div');
  bar.className = 'ir-modes';
  bar.setAttribute('role', 'radiogroup');
  bar.setAttribute('aria-label', 'IR view');
  const panel = panels.get('ir')!;
  const sideBySide = { views: [...panel.views], products: [...panel.products] };
  const buttons = (['both', 'steps'] as const).map((mode) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'ir-mode';
    button.dataset.testid = `ir-mode-${mode}`;
    button.setAttribute('role', 'radio');
    button.textContent = mode === 'both' ? 'Before and after' : 'Pass by pass';
    button.addEventListener('click', () => choose(mode));
    bar.append(button);
    return button;
  });
  const choose = (mode: 'both' | 'steps') => {
    const steps = mode === 'steps';
    buttons.forEach((b, i) => b.setAttribute('aria-checked', String((i === 1) === steps)));
    split.hidden = steps;
    if (passSteps) passSteps.root.hidden = !steps;
    for (const v of panel.views) v.setVisible(false);
    panel.views = steps && passSteps ? [passSteps] : [...sideBySide.views];
    panel.products = steps ? ['passSteps'] : [...sideBySide.products];
    const on = selected === 'ir';
    for (const v of panel.views) v.setVisible(on);
    if (on) scheduleCompile();
  };
  buttons[0].setAttribute('aria-checked', 'true');
  buttons[1].setAttribute('aria-checked', 'false');
  return bar;
}

function buildExamples() {
  const select = $<HTMLSelectElement>('examples');
  const custom = document.createElement('option');
  custom.value = '';
  custom.textContent = 'Your code';
  custom.disabled = true;
  select.append(custom);
  for (const example of examples) {
    const option = document.createElement('option');
    option.value = example.id;
    option.textContent = example.title;
    select.append(option);
  }
  select.addEventListener('change', () => {
    const example = examples.find((e) => e.id === select.value);
    if (example) {
      loadSource(example.code);
      history.replaceState(null, '', location.pathname + location.search);
    }
  });
  return select;
}

function flashStatus(text: string) {
  const status = $('status');
  status.textContent = text;
  status.dataset.state = 'error';
}

function requestFormat() {
  if (!stats.ready) return;
  compilers[0].worker.postMessage({ type: 'format', id: nextId++, source: view.state.doc.toString() });
}

/** The draggable divider between the editor and the outputs; the split is remembered. */
function setUpDivider() {
  const layout = document.querySelector<HTMLElement>('.layout')!;
  const divider = $('divider');
  const apply = (percent: number) => {
    const clamped = Math.min(80, Math.max(20, percent));
    layout.style.setProperty('--split', `${clamped}%`);
    return clamped;
  };
  let saved = 0;
  try {
    saved = Number(localStorage.getItem('refract-playground-split'));
  } catch {
    // No storage: the default split.
  }
  let split = saved > 0 ? apply(saved) : 50;
  const save = () => {
    try {
      localStorage.setItem('refract-playground-split', String(split));
    } catch {
      // Not remembered; harmless.
    }
  };
  divider.addEventListener('pointerdown', (down) => {
    divider.setPointerCapture(down.pointerId);
    divider.classList.add('dragging');
    const move = (event: PointerEvent) => {
      split = apply(((event.clientX - layout.getBoundingClientRect().left) / layout.clientWidth) * 100);
    };
    const up = () => {
      divider.classList.remove('dragging');
      divider.removeEventListener('pointermove', move);
      divider.removeEventListener('pointerup', up);
      save();
    };
    divider.addEventListener('pointermove', move);
    divider.addEventListener('pointerup', up);
  });
  divider.addEventListener('keydown', (event) => {
    const step = event.key === 'ArrowLeft' ? -2 : event.key === 'ArrowRight' ? 2 : 0;
    if (step === 0) return;
    split = apply(split + step);
    save();
  });
}

async function share() {
  const fragment = await encodeShare({ code: view.state.doc.toString(), passes: chosenPasses });
  const url = `${location.origin}${location.pathname}${location.search}#${fragment}`;
  history.replaceState(null, '', url);
  const button = $<HTMLButtonElement>('share');
  try {
    await navigator.clipboard.writeText(url);
    button.textContent = 'Link copied';
  } catch {
    button.textContent = 'Link in address bar';
  }
  setTimeout(() => (button.textContent = 'Share link'), 1600);
}

async function main() {
  buildPanels();
  setUpDivider();
  const select = buildExamples();
  $('share').addEventListener('click', () => void share());
  $('format').addEventListener('click', requestFormat);
  for (let w = 0; w < WORKERS; w++) startCompiler(w);
  const shared = await decodeShare(location.hash);
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(STORAGE_KEY);
  } catch {
    // No storage: start from the first example.
  }
  if (shared) {
    chosenPasses = shared.passes;
    select.value = '';
    loadSource(shared.code);
  } else if (saved !== null && saved.trim() !== '') {
    select.value = '';
    loadSource(saved);
  } else {
    select.value = examples[0].id;
    loadSource(examples[0].code);
  }
  window.addEventListener('hashchange', async () => {
    const next = await decodeShare(location.hash);
    if (next) {
      chosenPasses = next.passes;
      renderPassChips($('pass-chips'));
      loadSource(next.code);
    }
  });
}

void main();
