import { z } from 'zod';

/**
 * Every request that reached the API or vault listener, as the service saw it: the evidence a
 * test or benchmark counts outcomes from (what arrived, what was answered, which connection was
 * cut), rather than trusting the client's own account of what it sent.
 */
export interface LoggedRequest {
  /** 1, 2, 3… in arrival order; never reused, so it pages the log even after old entries go. */
  seq: number;
  host: 'api' | 'vault';
  /** Arrival on the sandbox clock (ms), before any latency fault holds the request. */
  atMs: number;
  /** When the answer left, or the connection was cut, on the sandbox clock; null while in flight. */
  answeredAtMs: number | null;
  method: string;
  /** Without the query string. */
  path: string;
  idempotencyKey: string | null;
  /** The status answered; null when the connection was dropped or no answer has left yet. */
  status: number | null;
  /** The Retry-After the answer gave, in ms; null when it gave none. */
  retryAfterMs: number | null;
  /** `after-processing`: the request took effect, then the connection was cut unanswered. */
  dropped: 'before-processing' | 'after-processing' | null;
}

/**
 * Entries kept at most by default (about 200 bytes each; up to twice the cap are held for a
 * moment before the dropped half is let go, so some 40 MB at worst). Beyond it the oldest entries
 * go, and `evicted` says how many did.
 */
export const REQUEST_LOG_CAP = 100_000;
/** Entries one page of `GET /__sandbox/requests` answers at most. */
export const REQUEST_PAGE_MAX = 10_000;

export const RequestLogQuery = z.strictObject({
  /** Only entries with a greater seq (the `nextAfter` of the previous page). */
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(REQUEST_PAGE_MAX).default(1_000),
  /** Only this exact path (no query string), e.g. `/transfer/virtual-account`. */
  path: z.string().min(1).optional(),
  method: z.string().min(1).optional(),
});
export type RequestLogQuery = z.infer<typeof RequestLogQuery>;

export interface RequestLogPage {
  items: LoggedRequest[];
  /** Pass as `after` for the next page; absent on the last page. */
  nextAfter?: number;
  /** Entries that fell out of the log (over the cap) before this read: a count from them is incomplete. */
  evicted: number;
  cap: number;
  /** The seq of the newest entry so far (0 when none): a reader's mark for "from here on". */
  lastSeq: number;
}

export class RequestLog {
  private entries: LoggedRequest[] = [];
  /** Index of the oldest kept entry: removal is amortised by compacting once half is dead. */
  private start = 0;
  private seq = 0;
  private evictedCount = 0;

  constructor(readonly cap: number = REQUEST_LOG_CAP) {
    if (!Number.isInteger(cap) || cap < 1)
      throw new RangeError(`the request log cap must be a whole number above 0; got ${cap}`);
  }

  /** Records an arrival; the caller fills in the outcome on the returned entry. */
  arrive(fields: Pick<LoggedRequest, 'host' | 'atMs' | 'method' | 'path' | 'idempotencyKey'>): LoggedRequest {
    const entry: LoggedRequest = {
      seq: ++this.seq,
      ...fields,
      answeredAtMs: null,
      status: null,
      retryAfterMs: null,
      dropped: null,
    };
    this.entries.push(entry);
    if (this.entries.length - this.start > this.cap) {
      this.start++;
      this.evictedCount++;
      if (this.start >= this.cap) {
        this.entries = this.entries.slice(this.start);
        this.start = 0;
      }
    }
    return entry;
  }

  get lastSeq(): number {
    return this.seq;
  }

  get evicted(): number {
    return this.evictedCount;
  }

  page(query: Partial<RequestLogQuery> = {}): RequestLogPage {
    const { after, limit, path, method } = RequestLogQuery.parse(query);
    const items: LoggedRequest[] = [];
    // Seqs are consecutive, so the first entry after `after` is found by arithmetic.
    const first = this.entries[this.start]?.seq ?? this.seq + 1;
    let i = this.start + Math.max(0, after + 1 - first);
    let more = false;
    for (; i < this.entries.length; i++) {
      const e = this.entries[i] as LoggedRequest;
      if (path !== undefined && e.path !== path) continue;
      if (method !== undefined && e.method !== method.toUpperCase()) continue;
      if (items.length === limit) {
        more = true;
        break;
      }
      items.push({ ...e });
    }
    const last = items[items.length - 1];
    return {
      items,
      ...(more && last ? { nextAfter: last.seq } : {}),
      evicted: this.evictedCount,
      cap: this.cap,
      lastSeq: this.seq,
    };
  }

  /** Every entry matching `query` after `after`, read page by page (in-process readers). */
  all(query: Omit<Partial<RequestLogQuery>, 'limit'> = {}): LoggedRequest[] {
    const out: LoggedRequest[] = [];
    let after = query.after ?? 0;
    for (;;) {
      const page = this.page({ ...query, after, limit: REQUEST_PAGE_MAX });
      out.push(...page.items);
      if (page.nextAfter === undefined) return out;
      after = page.nextAfter;
    }
  }
}
