// The compiler worker: every compile runs here, off the page's thread, so typing never
// waits for refract. One request is handled at a time; the page sends only the newest.

import init, { check, compile, format, passes, reflect, version, type CompileOptions, type CompileResult, type Diagnostic } from 'refract-wgsl';
import { byteToUtf16 } from './offsets';
import type { CompileRequest, CompileResponse, EditorDiagnostic, WorkerMessage, WorkerRequest } from './protocol';

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

/** The AST comes as compact JSON; indent it here, off the page's thread, unless it is huge
 * (indenting several megabytes would cost more than it helps). */
function indentJson(result: CompileResult): CompileResult {
  if (!result.ok || result.code === undefined || result.code.length > 2_000_000) return result;
  try {
    return { ...result, code: JSON.stringify(JSON.parse(result.code), null, 2) };
  } catch {
    return result;
  }
}

/** The reflection, as a compile result holding indented JSON. */
function reflection(source: string): CompileResult {
  const result = reflect(source);
  if (!result.ok) return result;
  const { ok: _ok, diagnostics, ...data } = result;
  return { ok: true, code: JSON.stringify(data, null, 2), diagnostics };
}

function handle(request: CompileRequest): CompileResponse {
  const timings: Record<string, number> = {};
  const timed = <T>(name: string, run: () => T): T => {
    const start = performance.now();
    const value = run();
    timings[name] = performance.now() - start;
    return value;
  };
  const { source } = request;
  const to = (options: CompileOptions): CompileResult => compile(source, options);
  const checked = timed('check', () => check(source));
  return {
    type: 'result',
    id: request.id,
    check: { ok: checked.ok, diagnostics: placeDiagnostics(source, checked.diagnostics) },
    ast: timed('ast', () => indentJson(to({ to: 'ast' }))),
    irBefore: timed('irBefore', () => to({ to: 'ir', opt: 0 })),
    irAfter: timed('irAfter', () => to({ to: 'ir', passes: request.passes })),
    wgsl: timed('wgsl', () => to({ to: 'wgsl' })),
    spvasm: timed('spvasm', () => to({ to: 'spvasm' })),
    hlsl: timed('hlsl', () => to({ to: 'hlsl' })),
    gen: timed('gen', () => to({ to: 'gen' })),
    reflect: timed('reflect', () => reflection(source)),
    timings,
  };
}

init()
  .then(() => {
    self.onmessage = (event: MessageEvent<WorkerRequest>) => {
      const request = event.data;
      if (request.type === 'compile') post(handle(request));
      else post({ type: 'formatted', id: request.id, source: request.source, result: format(request.source) });
    };
    const canFormat = !format('').diagnostics.some((d) => d.code === 'E0004');
    post({ type: 'ready', version: version(), passes: passes(), canFormat });
  })
  .catch((error: unknown) => post({ type: 'failed', message: String(error) }));
