import type { TxQuery, TxSummary } from '../../../../src/renderer/src/model/tx-query';

/**
 * The one message interface every engine's worker speaks, so the window times them all the same
 * way. A request carries a number its answer echoes; a worker answers one request at a time.
 */

/** Where the rows are: a manifest of binary chunks (row-codec.ts) the worker fetches itself. */
export interface RowsManifest {
  rows: number;
  bytes: number;
  chunks: string[];
}

export type Request =
  /** Fetch and decode the rows, so the build that follows is measured alone. */
  | { kind: 'load'; manifestUrl: string }
  | { kind: 'build' }
  | { kind: 'query'; q: TxQuery; limit: number }
  /** What the engine says about itself now (see EngineDetails). */
  | { kind: 'details' }
  /** Answers at once with a fixed page, so the round trip carries what a real answer carries. */
  | { kind: 'noop' };

export interface LoadReport {
  /** Fetching the chunks (route interception included). */
  loadMs: number;
  /** Decoding every row once without building, so build_ms can be read net of it. */
  decodeMs: number;
  /** Bytes of encoded rows the worker holds for the build (released as read when the engine reads once). */
  inputBytes: number;
}

export interface BuildReport {
  /** Building the engine from the rows (decoding them included, once). */
  buildMs: number;
  /** Anything a reader of the figures must know (storage used, glue code). */
  notes: string[];
  /** What the engine says about itself after the build. */
  details: EngineDetails;
}

export interface Answer {
  summary: TxSummary;
  /** The first `limit` ids, newest first. */
  ids: string[];
}

/**
 * Figures an engine reports about itself. `wasmBytes` is the WebAssembly memory it holds: neither
 * measureUserAgentSpecificMemory() nor the DevTools heap figures count WebAssembly memory, so the
 * runner adds it to both.
 */
export type EngineDetails = Record<string, number | string> & { wasmBytes?: number };

export type Reply =
  | { kind: 'loaded'; report: LoadReport }
  | { kind: 'details'; details: EngineDetails }
  | { kind: 'built'; report: BuildReport }
  /** engineMs: the engine's own time inside the worker (query and first page), beside the window's round trip. */
  | { kind: 'answer'; answer: Answer; engineMs: number }
  | { kind: 'error'; message: string };

export interface Envelope<T> {
  n: number;
  body: T;
}
