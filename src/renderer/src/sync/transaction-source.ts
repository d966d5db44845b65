import type { Transaction } from '../../../shared/service';
import type { IpcError, Result } from '../../../shared/ipc';
import { serviceCall } from '../platform/service';
import { transactionPages } from '../platform/transaction-pages';
import type { TxWindow } from './tx-window';

/** Why a sync step failed, in the terms the sync decides on. */
export type SyncFailureKind =
  'offline' | 'rate-limited' | 'server' | 'bad-cursor' | 'rejected' | 'canceled' | 'profile-gone';

export class SyncFailure extends Error {
  constructor(
    readonly kind: SyncFailureKind,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export interface TxPage {
  items: Transaction[];
  nextCursor: string | undefined;
}

export type { TxWindow } from './tx-window';

/** What the sync needs of the service; the app's implementation goes through main. */
export interface TransactionSource {
  page(window: TxWindow, cursor: string | undefined, signal: AbortSignal): Promise<TxPage>;
  /**
   * Up to `maxPages` pages from `cursor` in one go, in order, each with the cursor after it (the
   * backfill's path); a source without it is walked page by page.
   */
  pages?(window: TxWindow, cursor: string | undefined, maxPages: number, signal: AbortSignal): Promise<TxPage[]>;
  /** How many transactions the window holds; null when the service cannot say (no aggregation). */
  count(window: TxWindow, signal: AbortSignal): Promise<number | null>;
  get(id: string, signal: AbortSignal): Promise<Transaction | null>;
}

/** A failed call through main, in the sync's terms. */
export function syncFailureOf(error: IpcError): SyncFailure {
  const s = error.service;
  if (error.code === 'profile-mismatch') return new SyncFailure('profile-gone', error.message);
  if (!s) return new SyncFailure('rejected', error.message);
  if (s.kind === 'canceled') return new SyncFailure('canceled', 'The sync was canceled.');
  if (s.kind === 'network' || s.kind === 'timeout') return new SyncFailure('offline', error.message);
  if (s.status === 429) return new SyncFailure('rate-limited', error.message, s.retryAfterMs);
  if (s.retryable) return new SyncFailure('server', error.message, s.retryAfterMs);
  return new SyncFailure('rejected', error.message);
}

function unwrap<T>(r: Result<T>): T {
  if (!r.ok) throw syncFailureOf(r.error);
  return r.value;
}

function windowQuery(w: TxWindow): Record<string, string> {
  const q: Record<string, string> = {};
  if (w.fromMs !== undefined) q['filter:from_date'] = String(Math.max(0, Math.floor(w.fromMs)));
  if (w.toMs !== undefined) q['filter:to_date'] = String(Math.max(0, Math.floor(w.toMs)));
  if (w.status) q['filter:status'] = w.status;
  return q;
}

/** A 400 to a request that carried a cursor: the service forgot it. */
function refuseForgottenCursor(r: Result<unknown>, cursor: string | undefined): void {
  if (!r.ok && cursor && r.error.service?.status === 400) {
    throw new SyncFailure(
      'bad-cursor',
      'The service no longer accepts where this sync had stopped; that part starts again.',
    );
  }
}

/** The service, through main, for one profile. */
export function serviceTransactionSource(profileId: string): TransactionSource {
  return {
    async page(window, cursor, signal) {
      const r = await serviceCall(
        profileId,
        'listTransactions',
        { query: { ...windowQuery(window), ...(cursor ? { cursor } : {}) } },
        { signal },
      );
      refuseForgottenCursor(r, cursor);
      const page = unwrap(r);
      const next = page.metadata?.nextCursor;
      return { items: page.items, nextCursor: next ? next : undefined };
    },
    async pages(window, cursor, maxPages, signal) {
      const r = await transactionPages(
        profileId,
        { query: windowQuery(window), ...(cursor ? { cursor } : {}), maxPages },
        { signal },
      );
      refuseForgottenCursor(r, cursor);
      return unwrap(r).pages.map((p) => ({ items: p.items, nextCursor: p.nextCursor ?? undefined }));
    },
    async count(window, signal) {
      const r = await serviceCall(profileId, 'getTransactionAggregation', { query: windowQuery(window) }, { signal });
      // Aggregation is known only by name in the contract: a service without it is walked
      // with one cursor instead of failing the sync.
      if (!r.ok && r.error.service?.status !== undefined && [404, 405, 501].includes(r.error.service.status))
        return null;
      return unwrap(r).count;
    },
    async get(id, signal) {
      const r = await serviceCall(profileId, 'getTransaction', { params: { transactionId: id } }, { signal });
      if (!r.ok && r.error.service?.status === 404) return null;
      return unwrap(r);
    },
  };
}
