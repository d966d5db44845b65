import type { Engine } from '../engines/engine';
import type { Answer, BuildReport, Envelope, LoadReport, Reply, Request, RowsManifest } from '../shared/protocol';
import { ChunkedRows, decodeChunk } from '../shared/row-codec';
import { workerScope } from './worker-scope';

/**
 * The message loop every engine's worker runs: it fetches the rows itself (the window never holds
 * them), builds the engine and answers queries, one request at a time.
 */

/** What a no-op request answers: a page of 50 ids, so its round trip carries what a real answer carries. */
const FIXED_ANSWER: Answer = {
  summary: { count: 1234, inCents: 567_800, outCents: -123_400, netCents: 444_400 },
  ids: Array.from({ length: 50 }, (_, i) => `txn_${String(i).padStart(12, '0')}`),
};

async function fetchRows(manifestUrl: string): Promise<{ manifest: RowsManifest; chunks: ArrayBuffer[] }> {
  const res = await fetch(manifestUrl);
  if (!res.ok) throw new Error(`rows manifest: HTTP ${res.status}`);
  const manifest = (await res.json()) as RowsManifest;
  const chunks: ArrayBuffer[] = [];
  for (const url of manifest.chunks) {
    const chunk = await fetch(url);
    if (!chunk.ok) throw new Error(`rows chunk ${url}: HTTP ${chunk.status}`);
    chunks.push(await chunk.arrayBuffer());
  }
  return { manifest, chunks };
}

/** The rows fetched and checked, waiting for the build. */
let input: { chunks: ArrayBuffer[]; rows: number } | undefined;

async function load(manifestUrl: string): Promise<LoadReport> {
  const t0 = performance.now();
  const { manifest, chunks } = await fetchRows(manifestUrl);
  const t1 = performance.now();
  let decoded = 0;
  for (const chunk of chunks) for (const _row of decodeChunk(chunk)) decoded++;
  if (decoded !== manifest.rows) throw new Error(`decoded ${decoded} rows, the manifest says ${manifest.rows}`);
  const t2 = performance.now();
  input = { chunks, rows: manifest.rows };
  return { loadMs: t1 - t0, decodeMs: t2 - t1, inputBytes: chunks.reduce((n, c) => n + c.byteLength, 0) };
}

async function build(engine: Engine): Promise<BuildReport> {
  if (!input) throw new Error('build before load');
  const rows = new ChunkedRows(input.chunks, input.rows, engine.readsOnce);
  input = undefined;
  const t0 = performance.now();
  await engine.build(rows);
  return { buildMs: performance.now() - t0, notes: [...engine.notes], details: engine.details?.() ?? {} };
}

async function handle(engine: Engine, req: Request): Promise<Reply> {
  switch (req.kind) {
    case 'load':
      return { kind: 'loaded', report: await load(req.manifestUrl) };
    case 'build':
      return { kind: 'built', report: await build(engine) };
    case 'details':
      return { kind: 'details', details: engine.details?.() ?? {} };
    case 'query': {
      const t0 = performance.now();
      const answer = await engine.query(req.q, req.limit);
      return { kind: 'answer', answer, engineMs: performance.now() - t0 };
    }
    case 'noop':
      return { kind: 'answer', answer: FIXED_ANSWER, engineMs: 0 };
  }
}

export function serve(engine: Engine): void {
  workerScope.onmessage = (event) => {
    const { n, body } = event.data as Envelope<Request>;
    handle(engine, body).then(
      (reply) => workerScope.postMessage({ n, body: reply } satisfies Envelope<Reply>),
      (error: unknown) => {
        const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        workerScope.postMessage({ n, body: { kind: 'error', message } } satisfies Envelope<Reply>);
      },
    );
  };
}
