// Messages between the playground page and its compiler workers.

import type { CompileResult, Completion, Diagnostic, FormatResult, Hover, PassStepsResult, Product as RefractProduct, RunResult, SignatureHelp, Span } from 'refract-wgsl';

/** What the compiler makes for the panels, all from one `explore` call. */
export const PRODUCTS = ['wgsl', 'spvasm', 'hlsl', 'gen', 'irBefore', 'ir', 'ast', 'reflect'] as const satisfies readonly RefractProduct[];
/** Made only while a view on screen shows them: the IR after each pass is long to print. */
export const ON_DEMAND = ['passSteps'] as const satisfies readonly RefractProduct[];
export type Product = (typeof PRODUCTS)[number] | (typeof ON_DEMAND)[number];
/** What the compiler answers for each product. */
export type Products = { [P in Product]?: P extends 'passSteps' ? PassStepsResult : CompileResult };

export interface CompileRequest {
  type: 'compile';
  id: number;
  source: string;
  /** The pass pipeline the IR-after view, WGSL and SPIR-V are made with; null for
   * refract's default pipeline (`-O1`). */
  passes: string[] | null;
  /** Made first, in a call of their own (with the check, if asked for): the products of
   * the panel on screen, or all of a helper worker's share. */
  first: Product[];
  /** Made next, in a second call reusing the first one's front end, unless a newer request
   * has arrived by then. */
  rest: Product[];
  /** Whether this worker reports the check (one worker per request does). */
  check: boolean;
}

/** A diagnostic with its labels placed in UTF-16 units, as the editor counts; `from` and
 * `to` are the primary label's (0, 0 for a diagnostic with no place). */
export interface EditorDiagnostic {
  diagnostic: Diagnostic;
  from: number;
  to: number;
  places: { from: number; to: number; message: string; primary: boolean }[];
}

export interface FormatRequest {
  type: 'format';
  id: number;
  source: string;
}

export interface FormatResponse {
  type: 'formatted';
  id: number;
  source: string;
  result: FormatResult;
}

/** Runs a compute entry point on the Gen back end's simulator (the Run panel). */
export interface RunRequest {
  type: 'run';
  id: number;
  source: string;
  entryPoint: string;
  dispatch: [number, number, number];
  /** Initial contents by `"group:binding"`; those the compiled kernel does not use are
   * left out of the run and named in the answer's `unused`. */
  buffers: Record<string, ArrayBuffer>;
}

export interface RunResponse {
  type: 'ran';
  id: number;
  result: RunResult;
  /** Buffers given for bindings the compiled kernel does not use. */
  unused: string[];
  /** Milliseconds the run took (its compile and the dispatch; the probe before is not counted). */
  ms: number;
}

/** An editor service at a place of the text (ide.ts): `offset` in UTF-16 units, as the
 * editor and refract's editor services count. */
export interface IdeRequest {
  type: 'ide';
  id: number;
  query: 'hover' | 'completions' | 'signatureHelp' | 'definition';
  source: string;
  offset: number;
}

/** The answer to an `IdeRequest`: the field its query asked for is filled. */
export interface IdeResponse {
  type: 'ide';
  id: number;
  hover: Hover | null;
  completions: Completion[];
  signatureHelp: SignatureHelp | null;
  definition: Span | null;
}

export type WorkerRequest = CompileRequest | FormatRequest | RunRequest | IdeRequest;

/** One worker's results for one request, in one or two messages: its `first` products (and
 * the check, if asked for), then its `rest` (unless a newer request cut the sequence
 * short). */
export interface ProductsMessage {
  type: 'products';
  id: number;
  /** The check, in the first message of the worker asked for it only. */
  check?: { ok: boolean; diagnostics: EditorDiagnostic[] };
  products: Products;
  /** Milliseconds spent in the compiler: per stage, and `total` for the whole call. */
  timings: Record<string, number>;
  /** This worker's last message for the request: all of its share has been made. */
  done: boolean;
}

export interface ReadyMessage {
  type: 'ready';
  version: string;
  passes: string[];
  /** Whether this build of refract can format WGSL. */
  canFormat: boolean;
}

export interface FailedMessage {
  type: 'failed';
  message: string;
}

export type WorkerMessage = ProductsMessage | FormatResponse | RunResponse | IdeResponse | ReadyMessage | FailedMessage;
