// refract's npm entry point: the JS API of DESIGN §9 over the wasm-bindgen glue
// (`./refract.js`, generated from src/wasm.rs). Types: `./index.d.ts`.
//
// What this layer adds to the generated glue, and nothing else:
// - `init()` with no argument works everywhere: in Node it reads the `.wasm` beside this
//   file from disk (Node's `fetch` cannot read `file:` URLs); elsewhere it fetches it, and
//   bundlers see the `new URL(..., import.meta.url)` below and ship the file.
// - Calling a function before `init` throws one clear error: that is misuse, the only thing
//   that may throw.
// - A trap inside the module (a refract bug: a panic, memory exhausted, the engine's stack
//   exhausted) is turned into an internal-error diagnostic instead of an exception (the
//   editor services, which have no diagnostics, answer nothing: `null` or `[]`). The
//   module stays usable: what the trapped call had allocated is lost (a leak the size of
//   one compile), which is acceptable for what is, by definition, a bug to fix.

import initGlue, * as glue from './refract.js';

/** The raw wasm exports once instantiated; null before `init`. */
let raw = null;
let pending = null;

const INTERNAL_ERROR = 'E0006';

function defaultWasmUrl() {
  return new URL('./refract_bg.wasm', import.meta.url);
}

function isNode() {
  return typeof process === 'object' && process !== null && typeof process.versions?.node === 'string';
}

function isFileUrl(input) {
  if (input instanceof URL) return input.protocol === 'file:';
  return typeof input === 'string' && input.startsWith('file:');
}

async function readFileInNode(url) {
  // A computed specifier, so bundlers targeting browsers leave this Node-only path alone.
  const specifier = ['node', 'fs/promises'].join(':');
  const fs = await import(/* @vite-ignore */ /* webpackIgnore: true */ specifier);
  return fs.readFile(url instanceof URL ? url : new URL(url));
}

export default function init(input) {
  if (raw) return Promise.resolve();
  if (!pending) {
    pending = (async () => {
      let source = await input;
      // Also accept wasm-bindgen's own `{ module_or_path }` form.
      if (source && typeof source === 'object' && 'module_or_path' in source) {
        source = await source.module_or_path;
      }
      if (source === undefined || source === null) source = defaultWasmUrl();
      if (isNode() && isFileUrl(source)) source = await readFileInNode(source);
      raw = await initGlue({ module_or_path: source });
    })();
    pending.catch(() => {
      pending = null;
    });
  }
  return pending;
}

export function initSync(module) {
  if (raw) return;
  raw = glue.initSync({ module });
}

function requireInit(name) {
  if (!raw) {
    throw new Error(`refract: \`${name}\` was called before the WebAssembly module was loaded; ` +
      'call `await init()` (or `initSync(bytes)`) first');
  }
}

/** Runs one call into the module; a trap becomes an internal-error diagnostic. */
function guarded(name, call) {
  requireInit(name);
  try {
    return call();
  } catch (error) {
    let panic = null;
    try {
      panic = glue.takePanicMessage();
    } catch {
      // The module is too broken to say more; the error itself is reported below.
    }
    const detail = panic ?? (error instanceof Error ? error.message : String(error));
    return {
      ok: false,
      diagnostics: [{
        severity: 'error',
        code: INTERNAL_ERROR,
        message: `internal compiler error: ${detail}`,
        labels: [],
        notes: ['this is a bug in refract; please report it with the input that caused it'],
      }],
    };
  }
}

export function version() {
  requireInit('version');
  return glue.version();
}

export function passes() {
  requireInit('passes');
  return glue.passes();
}

export function check(source) {
  return guarded('check', () => glue.check(source));
}

export function compile(source, options) {
  return guarded('compile', () => glue.compile(source, options));
}

export function run(source, options) {
  return guarded('run', () => glue.run(source, options));
}

export function reflect(source) {
  return guarded('reflect', () => glue.reflect(source));
}

export function format(source) {
  return guarded('format', () => glue.format(source));
}

export function explore(source, options) {
  const result = guarded('explore', () => glue.explore(source, options));
  // A trap's internal-error result has the shape of the others; give it the rest.
  result.products ??= {};
  result.timings ??= {};
  return result;
}

/** Runs one editor-service call; a trap gives `empty` (the services have no diagnostics). */
function quiet(name, empty, call) {
  requireInit(name);
  try {
    return call();
  } catch {
    try {
      glue.takePanicMessage();
    } catch {
      // Nothing more to clear.
    }
    return empty;
  }
}

export function hover(source, offset) {
  return quiet('hover', null, () => glue.hover(source, offset));
}

export function definition(source, offset) {
  return quiet('definition', null, () => glue.definition(source, offset));
}

export function completions(source, offset) {
  return quiet('completions', [], () => glue.completions(source, offset));
}

export function signatureHelp(source, offset) {
  return quiet('signatureHelp', null, () => glue.signatureHelp(source, offset));
}
