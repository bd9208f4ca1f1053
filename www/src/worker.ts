// A compiler worker: every compile runs in one, off the page's thread, so typing never
// waits for refract. The page runs one or two of them (see plan.ts for how a keystroke's
// products are shared among them).
//
// A request is served with `explore`, which parses, checks, lowers and runs the passes once
// and makes every product asked for from that single run. Scheduling: the newest text
// wins. First the request's `first` products (the panel on screen, with the check) are
// made and posted; then, unless a newer text has arrived meanwhile, its `rest` in a second
// call. The second call is on the identical text with the same options, so `explore`
// reuses the front end's work from the first (it keeps the last text's AST, program and
// IR) and only the back ends run. So what the user looks at updates at the cost of the
// front end and one product, and the rest follow. Requests that arrive while a compile
// runs replace one another.
//
// The Run panel (run.ts) starts a worker of its own from this file and sends it `run`
// requests: a dispatch on the Gen simulator, answered with every buffer afterwards. The
// editor's hover and completion (ide.ts) start another and send it `ide` requests.

import init, { completions, definition, explore, format, hover, passes, run as runKernel, signatureHelp, version, type Diagnostic } from 'refract-wgsl';
import { byteToUtf16 } from './offsets';
import { ON_DEMAND, PRODUCTS, type CompileRequest, type EditorDiagnostic, type Product, type RunRequest, type WorkerMessage, type WorkerRequest } from './protocol';

const post = (message: WorkerMessage) => postMessage(message);

function placeDiagnostics(source: string, diagnostics: Diagnostic[]): EditorDiagnostic[] {
  let map: ((byte: number) => number) | null = null;
  return diagnostics.map((diagnostic) => {
    map ??= diagnostic.labels.length > 0 ? byteToUtf16(source) : null;
    const places = diagnostic.labels.map((label) => {
      const from = map!(label.start);
      return { from, to: Math.max(from, map!(label.end)), message: label.message, primary: label.primary };
    });
    const primary = places.find((p) => p.primary) ?? places[0];
    return { diagnostic, from: primary?.from ?? 0, to: primary?.to ?? 0, places };
  });
}

let latest: CompileRequest | null = null;
let running = false;

function make(request: CompileRequest, products: Product[]) {
  const start = performance.now();
  const result = explore(request.source, {
    products,
    ...(request.passes ? { passes: request.passes } : {}),
  });
  // After an internal error (a trap, reported as E0006) no product was made: each panel
  // shows that error rather than keeping an older text as if it were current.
  for (const p of products) result.products[p] ??= { ok: false, diagnostics: result.diagnostics };
  return { result, timings: { ...result.timings, total: performance.now() - start } };
}

async function serve(request: CompileRequest) {
  const known = [...PRODUCTS, ...ON_DEMAND];
  const first = known.filter((p) => request.first.includes(p));
  const rest = known.filter((p) => request.rest.includes(p));
  if (first.length > 0 || request.check) {
    const { result, timings } = make(request, first);
    post({
      type: 'products',
      id: request.id,
      ...(request.check ? { check: { ok: result.ok, diagnostics: placeDiagnostics(request.source, result.diagnostics) } } : {}),
      products: result.products,
      timings,
      done: rest.length === 0,
    });
    if (rest.length === 0) return;
    await yieldToMessages();
    if (latest) return; // a newer text is waiting
  }
  if (rest.length === 0) {
    post({ type: 'products', id: request.id, products: {}, timings: {}, done: true });
    return;
  }
  const second = make(request, rest);
  post({ type: 'products', id: request.id, products: second.result.products, timings: second.timings, done: true });
}

/** Lets queued messages run: a zero-delay task (timers would be clamped to 4 ms). */
function yieldToMessages(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** A dispatch on the simulator. A run with no workgroups first learns which bindings the
 * compiled kernel has (the optimizer may have removed a binding the source declares), so
 * the page can offer a buffer for every binding the reflection lists. */
function simulate(request: RunRequest) {
  const { source, entryPoint, dispatch } = request;
  const probe = runKernel(source, { entryPoint, dispatch: [0, 0, 0] });
  if (!probe.ok) {
    post({ type: 'ran', id: request.id, result: probe, unused: [], ms: 0 });
    return;
  }
  const buffers: Record<string, ArrayBuffer> = {};
  const unused: string[] = [];
  for (const [key, bytes] of Object.entries(request.buffers)) {
    if (key in probe.buffers) buffers[key] = bytes;
    else unused.push(key);
  }
  const start = performance.now();
  const result = runKernel(source, { entryPoint, dispatch, buffers });
  post({ type: 'ran', id: request.id, result, unused, ms: performance.now() - start });
}

async function run() {
  running = true;
  try {
    while (latest) {
      const request = latest;
      latest = null;
      await serve(request);
      // Newer texts typed meanwhile are queued as messages: let them in, keep the newest.
      await yieldToMessages();
    }
  } finally {
    running = false;
  }
}

init()
  .then(() => {
    self.onmessage = (event: MessageEvent<WorkerRequest>) => {
      const request = event.data;
      if (request.type === 'compile') {
        latest = request;
        if (!running) void run();
      } else if (request.type === 'run') {
        simulate(request);
      } else if (request.type === 'ide') {
        const { id, query, source, offset } = request;
        post({
          type: 'ide',
          id,
          hover: query === 'hover' ? hover(source, offset) : null,
          completions: query === 'completions' ? completions(source, offset) : [],
          signatureHelp: query === 'signatureHelp' ? signatureHelp(source, offset) : null,
          definition: query === 'definition' ? definition(source, offset) : null,
        });
      } else {
        post({ type: 'formatted', id: request.id, source: request.source, result: format(request.source) });
      }
    };
    const canFormat = !format('').diagnostics.some((d) => d.code === 'E0004');
    post({ type: 'ready', version: version(), passes: passes(), canFormat });
  })
  .catch((error: unknown) => post({ type: 'failed', message: String(error) }));
