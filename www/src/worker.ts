// The compiler worker: every compile runs here, off the page's thread, so typing never
// waits for refract.
//
// Scheduling: the newest text wins. For each request the worker checks the text and makes
// the products on screen first and posts them; then it makes the other products one at a
// time, yielding to its message queue between two. If a newer request has arrived by then,
// the rest of the old one is dropped. So the panel being looked at updates as fast as the
// compiler allows, and the others follow while the user pauses.

import init, { check, compile, format, passes, reflect, version, type CompileResult, type Diagnostic } from 'refract-wgsl';
import { byteToUtf16 } from './offsets';
import { PRODUCTS, type CompileRequest, type EditorDiagnostic, type Product, type WorkerMessage, type WorkerRequest } from './protocol';

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

/** The reflection, as a compile result holding indented JSON. */
function reflection(source: string): CompileResult {
  const result = reflect(source);
  if (!result.ok) return result;
  const { ok: _ok, diagnostics, ...data } = result;
  return { ok: true, code: JSON.stringify(data, null, 2), diagnostics };
}

function make(product: Product, request: CompileRequest): CompileResult {
  const { source } = request;
  switch (product) {
    case 'wgsl': return compile(source, { to: 'wgsl' });
    case 'spvasm': return compile(source, { to: 'spvasm' });
    case 'hlsl': return compile(source, { to: 'hlsl' });
    case 'gen': return compile(source, { to: 'gen' });
    case 'irBefore': return compile(source, { to: 'ir', opt: 0 });
    case 'irAfter': return compile(source, { to: 'ir', passes: request.passes });
    case 'ast': return compile(source, { to: 'ast' });
    case 'reflect': return reflection(source);
  }
}

function timed<T>(timings: Record<string, number>, name: string, run: () => T): T {
  const start = performance.now();
  const value = run();
  timings[name] = performance.now() - start;
  return value;
}

/** Lets queued messages run: a zero-delay task (timers would be clamped to 4 ms). */
function yieldToMessages(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

let latest: CompileRequest | null = null;
let running = false;

async function serve(request: CompileRequest) {
  const first = PRODUCTS.filter((p) => request.first.includes(p));
  const rest = PRODUCTS.filter((p) => !request.first.includes(p));
  const timings: Record<string, number> = {};
  const checked = timed(timings, 'check', () => check(request.source));
  const products: Partial<Record<Product, CompileResult>> = {};
  for (const p of first) products[p] = timed(timings, p, () => make(p, request));
  post({
    type: 'products',
    id: request.id,
    check: { ok: checked.ok, diagnostics: placeDiagnostics(request.source, checked.diagnostics) },
    products,
    timings,
    done: rest.length === 0,
  });
  for (const [i, p] of rest.entries()) {
    await yieldToMessages();
    if (latest) return; // a newer text is waiting
    const t: Record<string, number> = {};
    const result = timed(t, p, () => make(p, request));
    post({ type: 'products', id: request.id, products: { [p]: result }, timings: t, done: i === rest.length - 1 });
  }
}

async function run() {
  running = true;
  try {
    while (latest) {
      const request = latest;
      latest = null;
      await serve(request);
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
      } else {
        post({ type: 'formatted', id: request.id, source: request.source, result: format(request.source) });
      }
    };
    const canFormat = !format('').diagnostics.some((d) => d.code === 'E0004');
    post({ type: 'ready', version: version(), passes: passes(), canFormat });
  })
  .catch((error: unknown) => post({ type: 'failed', message: String(error) }));
