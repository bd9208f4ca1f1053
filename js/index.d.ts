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

/** Instantiates the WebAssembly module synchronously from its bytes or a compiled module
 * (also in wasm-bindgen's own form, `{ module }`). */
export function initSync(
  module: BufferSource | WebAssembly.Module | { module: BufferSource | WebAssembly.Module },
): void;

/** refract's version, as in its Cargo.toml. */
export function version(): string;

/** Checks a WGSL module. It is valid when `ok` is true; warnings may still be present. */
export function check(source: string): { ok: boolean; diagnostics: Diagnostic[] };

/** Compiles a WGSL module. Text targets fill `code`; `spirv` fills `words`. */
export function compile(source: string, options: CompileOptions): CompileResult;

/** Reflection data: entry points, bindings, overrides and struct layouts. The reflection
 * object's own keys sit beside `ok` and `diagnostics`. */
export function reflect(source: string): ReflectResult;

/** The bind group layouts of WebGPU's default pipeline layout (`layout: 'auto'`) for a
 * pipeline made of the named entry points (all of the module's when omitted), from the
 * reflection alone: index `i` describes `@group(i)` (empty where no binding is used), ready
 * for `device.createBindGroupLayout`. The objects are assignable to `@webgpu/types`'
 * `GPUBindGroupLayoutDescriptor`. */
export function bindGroupLayouts(reflection: Reflection, entryPoints?: string[]): BindGroupLayoutDescriptor[];

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

/**
 * Editor services: what the name or expression at a place of `source` is, where it is
 * declared, what may be written there, and the overloads of the call around it. They
 * answer from whatever part of the text parses, so they work on broken code while it is
 * typed; they never throw on bad input and give `null` (or `[]`) when there is nothing to
 * say, or when `source` is not a string or `offset` not a number.
 *
 * **Offsets** here are UTF-16 code units, as JS strings and editors count them (a
 * CodeMirror or Monaco position, `source.slice(start, end)`): `offset` is the position
 * before the character at that index (clamped to the text; inside a surrogate pair, the
 * pair's start). This differs from diagnostics, whose `Label.start` and `end` are UTF-8
 * byte offsets; the two agree on ASCII text. The last text analyzed is kept, so calls on
 * an unchanged text cost no new analysis.
 */
export function hover(source: string, offset: number): Hover | null;

/** Where the name at `offset` is declared: the span of the declared name (on a
 * declaration's own name, that name). `null` for builtins, predeclared types and
 * anything that is not a name. */
export function definition(source: string, offset: number): Span | null;

/** What may be written at `offset`: after `.`, the members of a structure or the
 * swizzles of a vector; after `@`, attribute names; where a type is expected, types;
 * elsewhere the names in scope (locals and parameters first, then module-scope
 * declarations), builtin functions, predeclared types and keywords. The word being typed
 * does not filter the list: editors match it their own way. Empty where a new name is
 * being declared, in comments and in number literals. */
export function completions(source: string, offset: number): Completion[];

/** Inside a call's parentheses (also while the call is unclosed): the callee's overloads
 * and the argument the cursor is in. Functions, builtin functions and structure
 * constructors; `null` elsewhere. */
export function signatureHelp(source: string, offset: number): SignatureHelp | null;

/** A range of the source, in UTF-16 code units (see `hover`); `line` and `column` are
 * those of `start`, 1-based, `column` counting Unicode scalar values as `Label` does. */
export interface Span {
  start: number;
  end: number;
  line: number;
  column: number;
}

/** What a name denotes: the WGSL word of its declaration (`var`, `let`, `const`,
 * `override`, `struct`, `alias`), a `parameter`, a user `function`, a `builtin`
 * function, a structure `member`, a predeclared `type`, a vector `swizzle`, an
 * `enumerant` (address space, access mode, texel format, builtin value), an `attribute`
 * name, a `keyword`, or any other `expression` (a literal, an operation). */
export type SymbolKind =
  | 'var'
  | 'let'
  | 'const'
  | 'override'
  | 'parameter'
  | 'function'
  | 'builtin'
  | 'struct'
  | 'member'
  | 'alias'
  | 'type'
  | 'swizzle'
  | 'enumerant'
  | 'attribute'
  | 'keyword'
  | 'expression';

/** What the cursor is on. Every string is plain text (WGSL), never HTML or Markdown. */
export interface Hover {
  /** The name or expression hovered. */
  span: Span;
  kind: SymbolKind;
  /** The declaration as WGSL (`let v: vec3<f32>`, `fn f(a: i32) -> f32`, a structure with
   * its members), or every overload of a builtin function (`abs(e: vN<S>) -> vN<S>`), or
   * for an expression its text. */
  signatures: string[];
  /** The value's type (a function's: its return type; a type's: the type), when known. */
  type?: string;
  /** One line about it: a builtin's kind and rules, a structure member's layout. */
  description?: string;
  /** Where it is declared, for a user declaration. */
  definition?: Span;
}

export interface Completion {
  /** The word to insert. */
  label: string;
  kind: SymbolKind;
  /** A value's type, a function's signature, a builtin's first overload. */
  detail?: string;
}

export interface SignatureHelp {
  signatures: Signature[];
  /** The overload the call resolved to when it type-checks, else the first with enough
   * parameters; an index into `signatures`. */
  activeSignature: number;
  /** The argument the cursor is in, counted from 0 (it may exceed a signature's count). */
  activeParameter: number;
}

export interface Signature {
  /** `name(a: T, b: U) -> R`. */
  label: string;
  /** Each parameter's text and where it is in `label`, in UTF-16 code units. */
  parameters: { label: string; start: number; end: number }[];
  /** One line about the function (builtins). */
  description?: string;
}

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

/**
 * What `explore` can make: every target, the IR before any pass, the reflection, and the
 * passes one by one (`passSteps`).
 */
export type Product = Target | 'irBefore' | 'reflect' | 'passSteps';

/** One step of the pass pipeline, as the pass manager ran it. */
export interface PassStep {
  /** The pass's name (see `passes()`), or a group's (`optimize`, `cleanup`). */
  pass: string;
  /** 0 for a step of the pipeline, 1 for a step a group ran, and so on. */
  depth: number;
  /** Whether the step changed the module. */
  changed: boolean;
  /** The step's time in milliseconds, the steps it ran included. */
  ms: number;
  /** The IR as the step left it. */
  ir: string;
}

/**
 * The `passSteps` product: the IR as lowered (`irBefore`'s, in `code`) and the IR after
 * each step of the pipeline with its time; the last step at depth 0 leaves what `compile`
 * to `ir` gives. A group's steps come before the group, as they end first.
 */
export type PassStepsResult =
  | { ok: true; code: string; steps: PassStep[]; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[] };

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
  products: { [P in Product]?: P extends 'passSteps' ? PassStepsResult : CompileResult };
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
export interface Reflection {
  entryPoints: EntryPointReflection[];
  /** Every module-scope resource variable, in declaration order. */
  bindings: BindingReflection[];
  overrides: OverrideReflection[];
  /** Every structure the module declares, with its layout. */
  structs: StructReflection[];
}

export type ShaderStage = 'vertex' | 'fragment' | 'compute';

export interface EntryPointReflection {
  name: string;
  stage: ShaderStage;
  /** Compute entry points only: x, y, z; an override-sized dimension names its override
   * (or is `{ override: 'expression' }` when computed). */
  workgroupSize?: (number | { override: string })[];
  inputs: IoReflection[];
  outputs: IoReflection[];
  /** The resources the entry point's shader statically uses (through any call). */
  bindings: EntryPointBinding[];
  /** The overrides it uses, by name. */
  overrides: string[];
}

export interface EntryPointBinding {
  group: number;
  binding: number;
  /** The variable's name: the key into `Reflection.bindings`. */
  name: string;
  /** Present on a texture the shader samples with a non-comparison sampler. */
  sampled?: true;
}

/** A user-defined (`location`) or builtin input or output. `name` is the parameter's or
 * member's name, empty for a non-structure return value. */
export interface IoReflection {
  name: string;
  /** The WGSL type, as WGSL spells it. */
  type: string;
  location?: number;
  /** Present with `location`; null when not written. */
  interpolation?: {
    type: 'perspective' | 'linear' | 'flat';
    sampling: 'center' | 'centroid' | 'sample' | 'first' | 'either' | null;
  } | null;
  builtin?: string;
  /** Present with `builtin`. */
  invariant?: boolean;
  blendSrc?: number;
}

export type ResourceKind =
  | 'uniform-buffer'
  | 'storage-buffer'
  | 'sampler'
  | 'sampled-texture'
  | 'depth-texture'
  | 'storage-texture'
  | 'external-texture';

export type TextureViewDimension = '1d' | '2d' | '2d-array' | '3d' | 'cube' | 'cube-array';

export interface BindingReflection {
  group: number;
  binding: number;
  name: string;
  resource: ResourceKind;
  /** The store type, as WGSL spells it. */
  type: string;
  /** Buffers and storage textures. */
  access?: 'read' | 'write' | 'read_write';
  /** Buffers: bytes (a runtime-sized array counts one element); null without a layout. */
  minBindingSize?: number | null;
  /** Sampled and depth textures. */
  sampleType?: 'float' | 'sint' | 'uint' | 'depth';
  /** Textures but external ones. */
  viewDimension?: TextureViewDimension;
  /** Sampled and depth textures. */
  multisampled?: boolean;
  /** Storage textures: the texel format (`rgba8unorm`, …). */
  format?: string;
  /** Samplers. */
  comparison?: boolean;
}

export interface OverrideReflection {
  name: string;
  /** `@id(n)`, or null. */
  id: number | null;
  type: 'bool' | 'i32' | 'u32' | 'f32' | 'f16';
  /** The initializer's value when it is a const-expression. */
  default: number | boolean | null;
  /** Whether it has an initializer at all. */
  hasDefault: boolean;
}

export interface StructReflection {
  name: string;
  /** Null when the structure has no layout (it holds a runtime-sized array elsewhere than
   * last, or a type without a host-shareable layout). */
  size: number | null;
  align: number | null;
  members: { name: string; type: string; offset: number; size: number; align: number }[];
}

/** One `@group`'s layout, shaped like WebGPU's `GPUBindGroupLayoutDescriptor`. */
export interface BindGroupLayoutDescriptor {
  entries: BindGroupLayoutEntry[];
}

/** Shaped like WebGPU's `GPUBindGroupLayoutEntry`: exactly one resource member is set. */
export interface BindGroupLayoutEntry {
  binding: number;
  /** `GPUShaderStage` bits: VERTEX 1, FRAGMENT 2, COMPUTE 4. */
  visibility: number;
  buffer?: { type: 'uniform' | 'storage' | 'read-only-storage'; hasDynamicOffset: false; minBindingSize: number };
  sampler?: { type: 'filtering' | 'comparison' };
  texture?: {
    sampleType: 'float' | 'unfilterable-float' | 'sint' | 'uint' | 'depth';
    viewDimension: TextureViewDimension;
    multisampled: boolean;
  };
  storageTexture?: {
    access: 'read-only' | 'write-only' | 'read-write';
    format: string;
    viewDimension: TextureViewDimension;
  };
  externalTexture?: Record<string, never>;
}

export type ReflectResult =
  | ({ ok: true; diagnostics: Diagnostic[] } & Reflection)
  | { ok: false; diagnostics: Diagnostic[] };

export type FormatResult =
  | { ok: true; code: string; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[] };
