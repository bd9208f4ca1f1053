// Type-level tests of pkg/index.d.ts, compiled by `tsc` (pkg-tests/node/types.test.mjs).
// Each `Equal` line fails to compile if a declaration drifts from DESIGN §9, and each
// `@ts-expect-error` line fails if a misuse stops being a type error.

import init, {
  initSync, version, check, compile, reflect, passes,
  explore, explain, type Product, type PassStep, type PassStepsResult, run, type RunOptions, type RunResult, type RunBuffer,
  type Target, type CompileOptions, type CompileResult, type Diagnostic, type InitInput,
  bindGroupLayouts, type Reflection, type BindGroupLayoutDescriptor,
  hover, definition, completions, signatureHelp,
  type Hover, type Span, type Completion, type SignatureHelp, type Signature, type SymbolKind,
} from 'refract-wgsl';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
function expect<T extends true>(): T | void {}

expect<Equal<Target, 'wgsl' | 'hlsl' | 'spirv' | 'spvasm' | 'gen' | 'gen-ir' | 'ir' | 'ast'>>();
expect<Equal<CompileOptions, { to: Target; opt?: 0 | 1 | 2; passes?: string[]; entryPoint?: string; overrides?: Record<string, number | boolean> }>>();
expect<Equal<CompileResult,
  | { ok: true; code?: string; words?: Uint32Array; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[] }>>();
expect<Equal<Diagnostic['severity'], 'error' | 'warning' | 'note'>>();
expect<Equal<Diagnostic['labels'][number], {
  start: number; end: number; line: number; column: number; message: string; primary: boolean;
}>>();
expect<Equal<Diagnostic['notes'], string[]>>();
expect<Equal<ReturnType<typeof check>, { ok: boolean; diagnostics: Diagnostic[] }>>();
expect<Equal<ReturnType<typeof version>, string>>();
expect<Equal<ReturnType<typeof passes>, string[]>>();
expect<Equal<typeof explain, (code: string) => string | null>>();
expect<Equal<ReturnType<typeof init>, Promise<void>>>();
// DESIGN §9's argument, or wasm-bindgen's own `{ module }` form (issue 24 item 7).
expect<Equal<Parameters<typeof initSync>[0], BufferSource | WebAssembly.Module | { module: BufferSource | WebAssembly.Module }>>();
expect<Equal<Parameters<typeof init>[0], InitInput | Promise<InitInput> | undefined>>();

export async function usage(source: string): Promise<number> {
  await init();
  const r = compile(source, { to: 'spirv', opt: 2, passes: passes(), entryPoint: 'main' });
  if (r.ok) {
    const words: Uint32Array | undefined = r.words;
    return words?.length ?? 0;
  }
  const first: Diagnostic | undefined = r.diagnostics[0];
  const reflected = reflect(source);
  if (reflected.ok) {
    void reflected.diagnostics.length;
    const stage: 'vertex' | 'fragment' | 'compute' | undefined = reflected.entryPoints[0]?.stage;
    const size: number | null | undefined = reflected.bindings[0]?.minBindingSize;
    const sampled: true | undefined = reflected.entryPoints[0]?.bindings[0]?.sampled;
    const layouts: BindGroupLayoutDescriptor[] = bindGroupLayouts(reflected, ['main']);
    const visibility: number | undefined = layouts[0]?.entries[0]?.visibility;
    void [stage, size, sampled, visibility];
  }
  return first?.labels[0]?.line ?? 0;
}

// @ts-expect-error: not a target
compile('', { to: 'glsl' });
// @ts-expect-error: opt is 0, 1 or 2
compile('', { to: 'wgsl', opt: 3 });
// @ts-expect-error: options are required
compile('');
// @ts-expect-error: the source is a string
check(42);
// @ts-expect-error: a failed result has no code
((r: CompileResult) => r.ok === false && r.code)(compile('', { to: 'wgsl' }));

// The call signatures of DESIGN §9, exactly.
expect<Equal<Parameters<typeof compile>, [source: string, options: CompileOptions]>>();
expect<Equal<ReturnType<typeof compile>, CompileResult>>();
expect<Equal<Parameters<typeof check>, [source: string]>>();
expect<Equal<Parameters<typeof reflect>, [source: string]>>();
expect<Equal<Parameters<typeof passes>, []>>();
expect<Equal<Parameters<typeof version>, []>>();

// `explore`, the playground's many-products call (beyond §9).
expect<Equal<Product, Target | 'irBefore' | 'reflect' | 'passSteps'>>();
expect<Equal<NonNullable<ReturnType<typeof explore>['products']['ir']>, CompileResult>>();
expect<Equal<NonNullable<ReturnType<typeof explore>['products']['passSteps']>, PassStepsResult>>();
expect<Equal<PassStep, { pass: string; depth: number; changed: boolean; ms: number; ir: string }>>();
export function passStepsUsage(source: string): string[] {
  const r = explore(source, { products: ['passSteps'], opt: 2 }).products.passSteps;
  return r?.ok ? r.steps.map((s) => `${s.pass} ${s.ms.toFixed(2)} ms${s.changed ? ' changed' : ''}`) : [];
}
export function exploreUsage(source: string): string {
  const r = explore(source, { products: ['ast', 'irBefore', 'ir', 'spirv'], passes: ['mem2reg'] });
  const ir = r.products.ir;
  return r.ok && ir?.ok ? (ir.code ?? '') : String(r.timings.parse ?? 0);
}
// @ts-expect-error: not a product
explore('', { products: ['glsl'] });

// `run`, the Gen simulator (DESIGN §9's `run(source, options: RunOptions): RunResult`).
expect<Equal<Parameters<typeof run>, [source: string, options: RunOptions]>>();
expect<Equal<ReturnType<typeof run>, RunResult>>();
expect<Equal<RunBuffer, {
  bytes: Uint8Array; type: 'f32' | 'f16' | 'i32' | 'u32' | 'i16' | 'u16'; values: number[];
}>>();
export function runUsage(source: string): number {
  const r = run(source, { entryPoint: 'main', dispatch: [4, 1], buffers: { '0:0': new Float32Array(16) }, simd: 8 });
  if (!r.ok) return r.diagnostics.length;
  const out: RunBuffer | undefined = r.buffers['0:1'];
  return (out?.values[0] ?? 0) + r.stats.laneInstructions;
}
// @ts-expect-error: the entry point is required
run('', { dispatch: 1 });
// @ts-expect-error: SIMD8 or SIMD16 only
run('', { entryPoint: 'main', dispatch: 1, simd: 4 });

expect<Equal<Parameters<typeof bindGroupLayouts>, [reflection: Reflection, entryPoints?: string[]]>>();
initSync({ module: new Uint8Array(0) });
// @ts-expect-error: a reflection, not a source
bindGroupLayouts('fn f() {}');

// The editor services of DESIGN §9, exactly.
expect<Equal<Parameters<typeof hover>, [source: string, offset: number]>>();
expect<Equal<ReturnType<typeof hover>, Hover | null>>();
expect<Equal<Parameters<typeof definition>, [source: string, offset: number]>>();
expect<Equal<ReturnType<typeof definition>, Span | null>>();
expect<Equal<Parameters<typeof completions>, [source: string, offset: number]>>();
expect<Equal<ReturnType<typeof completions>, Completion[]>>();
expect<Equal<Parameters<typeof signatureHelp>, [source: string, offset: number]>>();
expect<Equal<ReturnType<typeof signatureHelp>, SignatureHelp | null>>();
expect<Equal<Span, { start: number; end: number; line: number; column: number }>>();
expect<Equal<SymbolKind,
  | 'var' | 'let' | 'const' | 'override' | 'parameter' | 'function' | 'builtin' | 'struct'
  | 'member' | 'alias' | 'type' | 'swizzle' | 'enumerant' | 'attribute' | 'keyword' | 'expression'>>();
expect<Equal<Hover, {
  span: Span; kind: SymbolKind; signatures: string[]; type?: string; description?: string;
  definition?: Span;
}>>();
expect<Equal<Completion, { label: string; kind: SymbolKind; detail?: string }>>();
expect<Equal<SignatureHelp, { signatures: Signature[]; activeSignature: number; activeParameter: number }>>();
expect<Equal<Signature, {
  label: string; parameters: { label: string; start: number; end: number }[]; description?: string;
}>>();
// @ts-expect-error: the offset is a number
hover('', '3');
