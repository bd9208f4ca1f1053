// The TypeScript declarations of refract's npm package: the JS API of DESIGN §9, exactly.
// Written by hand and checked with `tsc` by pkg-tests/types.test.ts.

/** What `init` accepts: the `.wasm` as a URL, a path-like request, a response, its bytes
 * or a compiled module. With no argument, the `.wasm` beside this file is loaded (from the
 * file system in Node, with `fetch` elsewhere). */
export type InitInput =
  | RequestInfo
  | URL
  | Response
  | BufferSource
  | WebAssembly.Module;

/** Loads and instantiates the WebAssembly module. Call it (and await it) once before any
 * other function. Calling it again does nothing. */
export default function init(input?: InitInput | Promise<InitInput>): Promise<void>;

/** Instantiates the WebAssembly module synchronously from its bytes or a compiled module. */
export function initSync(module: BufferSource | WebAssembly.Module): void;

/** refract's version, as in its Cargo.toml. */
export function version(): string;

/** Checks a WGSL module. It is valid when `ok` is true; warnings may still be present. */
export function check(source: string): { ok: boolean; diagnostics: Diagnostic[] };

/** Compiles a WGSL module. Text targets fill `code`; `spirv` fills `words`. */
export function compile(source: string, options: CompileOptions): CompileResult;

/** Reflection data: entry points, bindings, overrides and struct layouts. The reflection
 * object's own keys sit beside `ok` and `diagnostics`. */
export function reflect(source: string): ReflectResult;

/** The pass names `CompileOptions.passes` accepts, in pipeline order. */
export function passes(): string[];

/** Formats a WGSL module, keeping every comment (the CLI's `refract fmt`). */
export function format(source: string): FormatResult;

/** Runs a compute entry point on the Gen back end's SIMD simulator (`refract run`): no
 * GPU or WebGPU needed. Compiles `entryPoint` at `-O1` for Gen, dispatches `dispatch`
 * workgroups and returns every buffer binding after the dispatch. A binding missing from
 * `buffers` starts zero-filled at its minimum size. A shader that would run forever stops
 * at an instruction budget with a diagnostic. */
export function run(source: string, options: RunOptions): RunResult;

/** Several products of one module from one run of the compiler's front end (parse,
 * check, lower, passes), for tools that show many at once, such as the playground. `ok`
 * and `diagnostics` are `check`'s; each product is exactly what the single call returns:
 * `compile(source, { ...options, to })` for a target, `compile(source, { ...options, to:
 * 'ir', opt: 0, passes: undefined })` for `irBefore`, and the reflection as indented JSON
 * text in `code` for `reflect`. Not part of the stable API of DESIGN §9. */
export function explore(source: string, options: ExploreOptions): ExploreResult;

/** The explanation of a diagnostic code (`'E1108'`, or `'e1108'`): what `refract explain
 * CODE` prints, as Markdown. `null` for a string that is not a code refract uses. Needs no
 * `init`. */
export function explain(code: string): string | null;

export type Target = 'wgsl' | 'hlsl' | 'spirv' | 'spvasm' | 'gen' | 'gen-ir' | 'ir' | 'ast';

export interface CompileOptions {
  to: Target;
  /** 0: lowering only; 1 (the default): mem2reg and cleanups; 2: the full pipeline. */
  opt?: 0 | 1 | 2;
  /** An explicit pass pipeline, by name (see `passes()`), replacing the one `opt` picks. */
  passes?: string[];
  /** Keep only this entry point. */
  entryPoint?: string;
  /**
   * Values for pipeline-overridable constants, by name or numeric `@id`, as
   * `GPUProgrammableStage.constants` takes them; each is converted to its override's type
   * as WebGPU does (E4004: no such override; E4005: the value does not fit its type).
   */
  overrides?: Record<string, number | boolean>;
}

/** What `explore` can make: every target, the IR before any pass, and the reflection. */
export type Product = Target | 'irBefore' | 'reflect';

export interface ExploreOptions {
  products: Product[];
  opt?: 0 | 1 | 2;
  passes?: string[];
  entryPoint?: string;
  overrides?: Record<string, number | boolean>;
}

export interface ExploreResult {
  ok: boolean;
  diagnostics: Diagnostic[];
  /** One result per product asked for (none when the options themselves are wrong). */
  products: Partial<Record<Product, CompileResult>>;
  /** Milliseconds per compiler stage (`parse`, `sema`, `lower`, `passes`, a target, …). */
  timings: Record<string, number>;
}

export interface RunOptions {
  /** The compute entry point to run. */
  entryPoint: string;
  /** Workgroup counts: x, or [x], [x, y] or [x, y, z]; the missing ones are 1. */
  dispatch: number | number[];
  /** Initial contents by `"group:binding"`: the bytes of a buffer or a view of them. */
  buffers?: Record<string, ArrayBuffer | ArrayBufferView>;
  /** Lanes per hardware thread; by default 16, or 8 when 16 would spill registers. */
  simd?: 8 | 16;
  /** Values for the pipeline's overrides, as `CompileOptions.overrides` takes them. */
  overrides?: Record<string, number | boolean>;
}

/** A buffer after a run. */
export interface RunBuffer {
  bytes: Uint8Array;
  /** The scalar type of the binding's words (`u32` when mixed, e.g. a struct of several). */
  type: 'f32' | 'f16' | 'i32' | 'u32' | 'i16' | 'u16';
  /** The words as numbers of that type (NaN and infinities kept). */
  values: number[];
}

export type RunResult =
  | {
      ok: true;
      /** Every buffer binding of the entry point, by `"group:binding"`. */
      buffers: Record<string, RunBuffer>;
      /** Instructions executed by hardware threads, and those times their active lanes. */
      stats: { instructions: number; laneInstructions: number };
      diagnostics: Diagnostic[];
    }
  | { ok: false; diagnostics: Diagnostic[] };

export type CompileResult =
  | { ok: true; code?: string; words?: Uint32Array; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[] };

/** A problem found in the source, exactly as `refract check --format json` prints it. */
export interface Diagnostic {
  severity: 'error' | 'warning' | 'note';
  /** A stable code such as `E0201`. */
  code: string;
  message: string;
  labels: Label[];
  notes: string[];
}

/** A labeled place in the source. `start` and `end` are UTF-8 byte offsets; `line` and
 * `column` are 1-based, and `column` counts Unicode scalar values. */
export interface Label {
  start: number;
  end: number;
  line: number;
  column: number;
  message: string;
  primary: boolean;
}

/** Any value JSON can hold. */
export type JsonValue =
  | null
  | boolean
  | number
  | string
  | JsonValue[]
  | { [key: string]: JsonValue };

/** The reflection of a module, as `refract reflect` prints it (JSON). */
export type Reflection = { [key: string]: JsonValue };

export type ReflectResult =
  | ({ ok: true; diagnostics: Diagnostic[] } & Reflection)
  | { ok: false; diagnostics: Diagnostic[] };

export type FormatResult =
  | { ok: true; code: string; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[] };
