import type { TxQuery } from '../../../../src/renderer/src/model/tx-query';
import type { Answer, BuildReport, EngineDetails, LoadReport } from '../shared/protocol';

/** What the bench page offers the runner as window.bench (page.ts); errors come back as values. */

export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

/** performance.measureUserAgentSpecificMemory(), summed by who the bytes are attributed to. */
export interface MemoryFigures {
  bytes: number;
  windowBytes: number;
  workerBytes: number;
  /** Shared and DOM bytes attributed to no one context. */
  otherBytes: number;
}

/** One answer's times: the window's round trip, and the part the engine spent on it inside its worker. */
export interface Timing {
  ms: number;
  engineMs: number;
}

export interface PageApi {
  /** Starts the worker at `url` (ending any previous one). */
  start(url: string): void;
  /** Terminates the worker; its pending calls fail with `reason`. */
  stop(reason: string): void;
  /** The worker fetches and decodes the rows. */
  load(manifestUrl: string, timeoutMs: number): Promise<Result<LoadReport>>;
  build(timeoutMs: number): Promise<Result<BuildReport>>;
  /** One query, timed: the round trip from the window (ms) and the engine's own time in the worker. */
  ask(q: TxQuery, limit: number, timeoutMs: number): Promise<Result<{ answer: Answer } & Timing>>;
  /**
   * Times query i reps[i] times, round-robin; per query, the round trips and the engine's times in
   * ms; after each, a no-op round trip to the same worker (noopMs): the message's cost at that moment.
   */
  rounds(
    queries: TxQuery[],
    reps: number[],
    limit: number,
    timeoutMs: number,
  ): Promise<Result<{ ms: number[][]; engineMs: number[][]; noopMs: number[] }>>;
  /** Round trips of a no-op message (the baseline). */
  noop(reps: number, timeoutMs: number): Promise<Result<number[]>>;
  memory(): Promise<Result<MemoryFigures>>;
  /** The engine's own figures (worker-host `details`). */
  details(timeoutMs: number): Promise<Result<EngineDetails>>;
}
