import type { Browser } from '@playwright/test';
import type { MemoryFigures } from '../browser/page-api';
import type { Answer, BuildReport } from '../shared/protocol';
import type { EngineName, Options } from './args';
import type { BenchPage } from './bench-page';
import { emit } from './emit';
import type { BenchQuery } from './queries';
import type { Site } from './site';

/** Everything one engine's run at one size needs. */
export interface RunContext {
  browser: Browser;
  site: Site;
  manifestUrl: string;
  rows: number;
  queries: readonly BenchQuery[];
  expected: readonly Answer[];
  options: Options;
  limit: number;
}

/** What one engine's run found, for the latency lines and the verdict. */
export interface EngineOutcome {
  engine: EngineName;
  /** Built, and answered at least one query. */
  ran: boolean;
  /** Round trips per query index; absent for queries that were not timed (mismatch, error). */
  timings: (number[] | undefined)[];
  /** The engine's own time in its worker for the same answers (absent from older callers: not judged). */
  engineTimings?: (number[] | undefined)[];
  mismatched: number[];
  failed: number[];
  /** No-op round trips to the engine's worker interleaved with the timed queries. */
  noopMs?: number[];
  steady?: MemoryFigures;
  /** Window + worker after the build (see the steady memory line). */
  steadyBytes?: number;
  /** Window + worker at the highest sample of the build (see the build-peak line). */
  buildPeakBytes?: number;
  build?: BuildReport;
}

export function emptyOutcome(engine: EngineName, queries: number): EngineOutcome {
  return {
    engine,
    ran: false,
    timings: Array.from({ length: queries }, () => undefined),
    engineTimings: Array.from({ length: queries }, () => undefined),
    mismatched: [],
    failed: [],
  };
}

/** One engine's run in progress: what each phase reads and records into. */
export class EngineRun {
  readonly outcome: EngineOutcome;

  constructor(
    readonly ctx: RunContext,
    readonly engine: EngineName,
    readonly page: BenchPage,
  ) {
    this.outcome = emptyOutcome(engine, ctx.queries.length);
  }

  /** Emits a line about this engine at this size. */
  emit(kind: string, fields: Record<string, unknown>): void {
    emit({ kind, engine: this.engine, rows: this.ctx.rows, ...fields });
  }

  fail(phase: string, message: string, extra: Record<string, unknown> = {}): void {
    this.emit('error', { phase, message: this.page.crashed ? `the page crashed: ${message}` : message, ...extra });
  }

  query(i: number): BenchQuery {
    return this.ctx.queries[i] as BenchQuery;
  }
}
