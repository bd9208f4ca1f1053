// Messages between the playground page and its compiler worker.

import type { CompileResult, Diagnostic, FormatResult } from 'refract-wgsl';

/** What the compiler makes for the panels, one compile each. */
export const PRODUCTS = ['wgsl', 'spvasm', 'hlsl', 'gen', 'irBefore', 'irAfter', 'ast', 'reflect'] as const;
export type Product = (typeof PRODUCTS)[number];

export interface CompileRequest {
  type: 'compile';
  id: number;
  source: string;
  /** The pass pipeline for the "IR after passes" view. */
  passes: string[];
  /** The products on screen: computed first, right after the check. */
  first: Product[];
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

export type WorkerRequest = CompileRequest | FormatRequest;

/** Results for one request, in several messages: the check and the products on screen
 * first, then each other product as it is made. A newer request cuts the sequence short. */
export interface ProductsMessage {
  type: 'products';
  id: number;
  /** The check, in the first message of a request only. */
  check?: { ok: boolean; diagnostics: EditorDiagnostic[] };
  products: Partial<Record<Product, CompileResult>>;
  /** Milliseconds spent in the compiler, per product in this message. */
  timings: Record<string, number>;
  /** The last message of the request: every product has been made. */
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

export type WorkerMessage = ProductsMessage | FormatResponse | ReadyMessage | FailedMessage;
