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
import { explanations } from './explain.js';

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
  // Also accept wasm-bindgen's own `{ module }` form; bytes and modules have no `module`.
  if (module && typeof module === 'object' && !(module instanceof ArrayBuffer) &&
      !ArrayBuffer.isView(module) && !(module instanceof WebAssembly.Module) && 'module' in module) {
    module = module.module;
  }
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

// GPUShaderStage's bits (WebGPU): VERTEX, FRAGMENT, COMPUTE.
const STAGE_BITS = { vertex: 1, fragment: 2, compute: 4 };
const STORAGE_TEXTURE_ACCESS = { read: 'read-only', write: 'write-only', read_write: 'read-write' };

/** The layout entry of one binding, before any entry point's visibility is added. */
function layoutEntry(b) {
  const entry = { binding: b.binding, visibility: 0 };
  switch (b.resource) {
    case 'uniform-buffer':
    case 'storage-buffer':
      entry.buffer = {
        type: b.resource === 'uniform-buffer' ? 'uniform' : b.access === 'read' ? 'read-only-storage' : 'storage',
        hasDynamicOffset: false,
        minBindingSize: b.minBindingSize ?? 0,
      };
      break;
    case 'sampler':
      entry.sampler = { type: b.comparison ? 'comparison' : 'filtering' };
      break;
    case 'sampled-texture':
    case 'depth-texture':
      entry.texture = {
        // An f32 texture is `float` only where an entry point samples it with a filtering
        // sampler (see bindGroupLayouts); until then it is `unfilterable-float`.
        sampleType: b.sampleType === 'float' ? 'unfilterable-float' : b.sampleType,
        viewDimension: b.viewDimension,
        multisampled: b.multisampled,
      };
      break;
    case 'storage-texture':
      entry.storageTexture = {
        access: STORAGE_TEXTURE_ACCESS[b.access],
        format: b.format,
        viewDimension: b.viewDimension,
      };
      break;
    case 'external-texture':
      entry.externalTexture = {};
      break;
    default:
      return null;
  }
  return entry;
}

/**
 * The bind group layouts WebGPU's default pipeline layout (`layout: 'auto'`) derives for a
 * pipeline made of `entryPoints` (names; all of the module's when omitted): one descriptor
 * per group index up to the highest used, each with the bindings those entry points use,
 * visible to the stages that use them. Pure JS over the reflection: no call into the module.
 */
export function bindGroupLayouts(reflection, entryPoints) {
  const byName = new Map((reflection?.bindings ?? []).map((b) => [b.name, b]));
  const groups = [];
  for (const ep of reflection?.entryPoints ?? []) {
    if (entryPoints !== undefined && !entryPoints.includes(ep.name)) continue;
    for (const use of ep.bindings) {
      const b = byName.get(use.name);
      if (!b) continue;
      const entries = (groups[b.group] ??= new Map());
      let entry = entries.get(b.binding);
      if (!entry) {
        entry = layoutEntry(b);
        if (!entry) continue;
        entries.set(b.binding, entry);
      }
      entry.visibility |= STAGE_BITS[ep.stage] ?? 0;
      if (use.sampled && entry.texture?.sampleType === 'unfilterable-float') {
        entry.texture.sampleType = 'float';
      }
    }
  }
  return Array.from(groups, (entries) => ({
    entries: [...(entries?.values() ?? [])].sort((a, b) => a.binding - b.binding),
  }));
}

/** The explanation of a diagnostic code (`E1108` or `e1108`), the text `refract explain`
 * prints; null for anything else. Plain data (`./explain.js`): it needs no `init`. */
export function explain(code) {
  if (typeof code !== 'string' || !/^[Ee][0-9]{4}$/.test(code)) return null;
  const key = `E${code.slice(1)}`;
  return Object.hasOwn(explanations, key) ? explanations[key] : null;
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
