// Messages between the playground page and its compiler worker.

import type { CompileResult, Diagnostic } from 'refract-wgsl';

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

/** A diagnostic with its primary label's place in UTF-16 units, as the editor counts. */
export interface EditorDiagnostic {
  diagnostic: Diagnostic;
  from: number;
  to: number;
}

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
  /** Milliseconds spent in the compiler for this request, per product. */
  timings: Record<string, number>;
}

export interface ReadyMessage {
  type: 'ready';
  version: string;
  passes: string[];
}

export interface FailedMessage {
  type: 'failed';
  message: string;
}

export type WorkerMessage = CompileResponse | ReadyMessage | FailedMessage;
