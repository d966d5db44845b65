import { wrap, type Remote } from 'comlink';
import type { RowRef } from './engine';
import type {
  ChartData,
  ChunkCompactionOptions,
  ChunkCompactionReport,
  IndexHost,
  IndexStatus,
  QueryAnswer,
} from './index-host';
import type { TxQuery } from '../model/tx-query';

/**
 * The window's one typed interface to the search worker. Only queries, ids and small pages
 * cross; the index stays in the worker.
 */
export interface SearchClient {
  open(profileId: string): Promise<IndexStatus>;
  refresh(): Promise<IndexStatus>;
  query(q: TxQuery, limit: number): Promise<QueryAnswer>;
  /** Null when the worker has forgotten that answer (many searches since): run the search again. */
  page(queryId: number, offset: number, limit: number): Promise<RowRef[] | null>;
  refs(ids: string[]): Promise<RowRef[]>;
  pendingIdsBefore(beforeMs: number): Promise<string[]>;
  /** Where the fee rows charged for a transaction as rows of their own live. */
  feeRowsOf(id: string): Promise<RowRef[]>;
  status(): Promise<IndexStatus>;
  save(): Promise<void>;
  /** Rewrites chunks that mostly hold older versions of rows (a bounded amount per call). */
  compactChunks(options?: ChunkCompactionOptions): Promise<ChunkCompactionReport>;
  /** Saves and lets go of the open profile's index (before its cache is deleted). */
  close(): Promise<void>;
  /** Spend per period and top merchants of an earlier answer (null when it was forgotten). */
  chart(queryId: number): Promise<ChartData | null>;
  /** Subscribes to status changes the worker announces; returns the unsubscribe. */
  onStatus(listener: (s: IndexStatus) => void): () => void;
  terminate(): void;
}

export function createSearchClient(worker: Worker): SearchClient {
  const remote: Remote<IndexHost> = wrap<IndexHost>(worker);
  const listeners = new Set<(s: IndexStatus) => void>();
  worker.addEventListener('message', (e: MessageEvent) => {
    const data = e.data as { type?: string; status?: IndexStatus } | null;
    if (data?.type === 'index-status' && data.status) for (const l of listeners) l(data.status);
  });
  return {
    open: (profileId) => remote.open(profileId),
    refresh: () => remote.refresh(),
    query: (q, limit) => remote.query(q, limit),
    page: (queryId, offset, limit) => remote.page(queryId, offset, limit),
    refs: (ids) => remote.refs(ids),
    pendingIdsBefore: (ms) => remote.pendingIdsBefore(ms),
    feeRowsOf: (id) => remote.feeRowsOf(id),
    status: () => remote.status(),
    save: () => remote.save(),
    compactChunks: (options) => remote.compactChunks(options),
    close: () => remote.close(),
    chart: (queryId) => remote.chart(queryId),
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    terminate: () => worker.terminate(),
  };
}
