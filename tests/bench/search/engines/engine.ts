import type { TxQuery } from '../../../../src/renderer/src/model/tx-query';
import type { Answer, EngineDetails } from '../shared/protocol';
import type { BenchRow } from '../shared/row-codec';

/** The rows handed to a build: iterable (once, when the engine says it reads once) with a known count. */
export interface RowInput extends Iterable<BenchRow> {
  readonly size: number;
}

/** One engine as the worker host drives it; each worker bundle holds exactly one. */
export interface Engine {
  /** Set when build reads its rows in one pass: the host then frees each input chunk once read. */
  readonly readsOnce: boolean;
  /** What a reader of the figures must know: storage, and what glue code does that the library does not. */
  readonly notes: readonly string[];
  build(rows: RowInput): void | Promise<void>;
  /** Figures the engine reports about itself (its own memory estimate, WebAssembly memory). */
  details?(): EngineDetails;
  query(q: TxQuery, limit: number): Answer | Promise<Answer>;
}
