// Messages between the playground page and its compiler worker.

import type { CompileResult, Diagnostic, FormatResult } from 'refract-wgsl';

/** The output panels, in display order. */
export const PANELS = ['wgsl', 'hlsl', 'spirv', 'gen', 'ir', 'ast'] as const;
export type PanelName = (typeof PANELS)[number];

export interface CompileRequest {
  type: 'compile';
  id: number;
  source: string;
  /** The pass pipeline for the "IR after passes" view. */
  passes: string[];
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

export interface CompileResponse {
  type: 'result';
  id: number;
  check: { ok: boolean; diagnostics: EditorDiagnostic[] };
  ast: CompileResult;
  irBefore: CompileResult;
  irAfter: CompileResult;
  wgsl: CompileResult;
  spvasm: CompileResult;
  hlsl: CompileResult;
  gen: CompileResult;
  /** The reflection as indented JSON text, in a compile result's shape. */
  reflect: CompileResult;
  /** Milliseconds spent in the compiler for this request, per product. */
  timings: Record<string, number>;
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

export type WorkerMessage = CompileResponse | FormatResponse | ReadyMessage | FailedMessage;
