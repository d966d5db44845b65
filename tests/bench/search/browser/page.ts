import type { TxQuery } from '../../../../src/renderer/src/model/tx-query';
import type { Answer, BuildReport, EngineDetails, Envelope, LoadReport, Reply, Request } from '../shared/protocol';
import type { PageApi, Result, MemoryFigures, Timing } from './page-api';

/**
 * The bench page: one engine worker at a time, driven by the runner through window.bench. Every
 * time is taken here, in the window, around postMessage and the answer, as the app's window would
 * see it; the runner only reads the numbers.
 */

interface BrowserWorker {
  postMessage(message: unknown): void;
  terminate(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: { message?: string }) => void) | null;
}

/** Browser globals typed here: tsconfig.node.json (which sees all of tests/) has no DOM lib. */
const browser = globalThis as unknown as {
  Worker: new (url: string, options: { type: 'module'; name: string }) => BrowserWorker;
  performance: { now(): number; measureUserAgentSpecificMemory(): Promise<UaMemory> };
  bench: PageApi;
};

interface UaMemory {
  bytes: number;
  breakdown: { bytes: number; types: string[]; attribution: { scope: string; url: string }[] }[];
}

class EngineWorker {
  private readonly worker: BrowserWorker;
  private next = 1;
  private readonly pending = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  private stopped: string | undefined;

  constructor(url: string) {
    this.worker = new browser.Worker(url, { type: 'module', name: url });
    this.worker.onmessage = (event) => {
      const { n, body } = event.data as Envelope<Reply>;
      this.pending.get(n)?.resolve(body);
      this.pending.delete(n);
    };
    this.worker.onerror = (event) => this.stop(`worker error: ${event.message ?? 'failed to load or crashed'}`);
  }

  call(body: Request, timeoutMs: number): Promise<Reply> {
    if (this.stopped) return Promise.reject(new Error(this.stopped));
    const n = this.next++;
    return new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(
        () => this.stop(`no answer within ${Math.round(timeoutMs / 1000)} s (worker terminated)`),
        timeoutMs,
      );
      this.pending.set(n, {
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      this.worker.postMessage({ n, body } satisfies Envelope<Request>);
    });
  }

  stop(reason: string): void {
    if (this.stopped) return;
    this.stopped = reason;
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Error(reason));
    this.pending.clear();
  }
}

let current: EngineWorker | undefined;

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

async function expect<K extends Reply['kind']>(reply: Promise<Reply>, kind: K): Promise<Extract<Reply, { kind: K }>> {
  const r = await reply;
  if (r.kind === 'error') throw new Error(r.message);
  if (r.kind !== kind) throw new Error(`expected ${kind}, got ${r.kind}`);
  return r as Extract<Reply, { kind: K }>;
}

function worker(): EngineWorker {
  if (!current) throw new Error('no worker started');
  return current;
}

async function attempt<T>(fn: () => Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (e) {
    return { ok: false, error: errorText(e) };
  }
}

/** One no-op round trip to the same worker: the message's own cost at this moment. */
async function noopOnce(timeoutMs: number): Promise<number> {
  const t0 = browser.performance.now();
  await expect(worker().call({ kind: 'noop' }, timeoutMs), 'answer');
  return browser.performance.now() - t0;
}

async function timed(q: TxQuery, limit: number, timeoutMs: number): Promise<{ answer: Answer } & Timing> {
  const w = worker();
  const t0 = browser.performance.now();
  const { answer, engineMs } = await expect(w.call({ kind: 'query', q, limit }, timeoutMs), 'answer');
  return { answer, ms: browser.performance.now() - t0, engineMs };
}

const api: PageApi = {
  start(url) {
    current?.stop('replaced');
    current = new EngineWorker(url);
  },
  stop(reason) {
    current?.stop(reason);
  },
  load: (manifestUrl, timeoutMs) =>
    attempt(
      async (): Promise<LoadReport> =>
        (await expect(worker().call({ kind: 'load', manifestUrl }, timeoutMs), 'loaded')).report,
    ),
  build: (timeoutMs) =>
    attempt(
      async (): Promise<BuildReport> => (await expect(worker().call({ kind: 'build' }, timeoutMs), 'built')).report,
    ),
  ask: (q, limit, timeoutMs) => attempt(() => timed(q, limit, timeoutMs)),
  rounds: (queries, reps, limit, timeoutMs) =>
    attempt(async () => {
      // Round-robin over the queries, so no query is timed only right after itself.
      const ms: number[][] = queries.map(() => []);
      const engineMs: number[][] = queries.map(() => []);
      const noopMs: number[] = [];
      const most = Math.max(0, ...reps);
      for (let round = 0; round < most; round++) {
        for (let i = 0; i < queries.length; i++) {
          if (round >= (reps[i] ?? 0)) continue;
          const t = await timed(queries[i] as TxQuery, limit, timeoutMs);
          (ms[i] as number[]).push(t.ms);
          (engineMs[i] as number[]).push(t.engineMs);
          noopMs.push(await noopOnce(timeoutMs));
        }
      }
      return { ms, engineMs, noopMs };
    }),
  details: (timeoutMs) =>
    attempt(
      async (): Promise<EngineDetails> =>
        (await expect(worker().call({ kind: 'details' }, timeoutMs), 'details')).details,
    ),
  noop: (reps, timeoutMs) =>
    attempt(async () => {
      const ms: number[] = [];
      for (let i = 0; i < reps; i++) ms.push(await noopOnce(timeoutMs));
      return ms;
    }),
  memory: () =>
    attempt(async (): Promise<MemoryFigures> => {
      const m = await browser.performance.measureUserAgentSpecificMemory();
      const figures: MemoryFigures = { bytes: m.bytes, windowBytes: 0, workerBytes: 0, otherBytes: 0 };
      for (const b of m.breakdown) {
        const scopes = b.attribution.map((a) => a.scope);
        if (scopes.includes('DedicatedWorkerGlobalScope')) figures.workerBytes += b.bytes;
        else if (scopes.includes('Window')) figures.windowBytes += b.bytes;
        else figures.otherBytes += b.bytes;
      }
      return figures;
    }),
};

browser.bench = api;
