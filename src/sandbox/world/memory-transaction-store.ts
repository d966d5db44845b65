import type { TransactionAggregation } from '../../shared/service';
import { decodeCursor, encodeCursor } from './pagination';
import type { TransactionRecord } from './records';
import type { AccountTotals, TransactionFilter, TransactionStore } from './transaction-store';

type Tx = TransactionRecord['tx'];

/** Order: ascending (dateMs, seq); lists walk it backwards (newest first). */
function before(a: TransactionRecord, dateMs: number, seq: number): boolean {
  return a.dateMs < dateMs || (a.dateMs === dateMs && a.seq < seq);
}

function matches(r: TransactionRecord, f: TransactionFilter): boolean {
  const tx = r.tx;
  if (f.accountId !== undefined && tx.accountId !== f.accountId) return false;
  if (f.virtualAccountId !== undefined && tx.virtualAccountId !== f.virtualAccountId) return false;
  if (f.cardId !== undefined && tx.cardId !== f.cardId) return false;
  if (f.status !== undefined && tx.status !== f.status) return false;
  if (f.detailedStatus !== undefined && tx.detailedStatus !== f.detailedStatus) return false;
  if (f.fromDateMs !== undefined && r.dateMs < f.fromDateMs) return false;
  if (f.toDateMs !== undefined && r.dateMs > f.toDateMs) return false;
  if (f.fromAuthorizedAtMs !== undefined && (r.authorizedAtMs === undefined || r.authorizedAtMs < f.fromAuthorizedAtMs)) return false;
  if (f.toAuthorizedAtMs !== undefined && (r.authorizedAtMs === undefined || r.authorizedAtMs > f.toAuthorizedAtMs)) return false;
  return true;
}

const SPEND_DETAILED = new Set(['pending', 'settled']);

function contributes(r: TransactionRecord): { available: number; posted: number; spend: number } {
  const tx = r.tx;
  const counts = tx.status === 'pending' || tx.status === 'posted';
  // pending_approval and in_review affect neither balance (SERVICE.md 2.5).
  const held = tx.detailedStatus === 'pending_approval' || tx.detailedStatus === 'in_review';
  const available = counts && !held ? tx.amountCents : 0;
  const posted = tx.status === 'posted' ? tx.amountCents : 0;
  const isSpend = available < 0 && (r.kind === 'card' || r.kind === 'payment') && SPEND_DETAILED.has(tx.detailedStatus);
  return { available, posted, spend: isSpend ? -tx.amountCents : 0 };
}

/**
 * In-memory transaction store: one array in date order, binary search for cursors and date
 * bounds, and secondary lists per card, virtual account, account and status so a selective
 * filter walks only its own rows.
 */
export class MemoryTransactionStore implements TransactionStore {
  private readonly rows: TransactionRecord[] = [];
  private readonly byId = new Map<string, TransactionRecord>();
  private readonly totalsByVa = new Map<string, AccountTotals>();
  private nextSeq = 1;

  get size(): number {
    return this.rows.length;
  }

  insert(record: Omit<TransactionRecord, 'seq'>): TransactionRecord {
    if (this.byId.has(record.tx.id)) throw new Error(`duplicate transaction id ${record.tx.id}`);
    const full: TransactionRecord = { ...record, seq: this.nextSeq++ };
    this.place(full);
    this.byId.set(full.tx.id, full);
    this.account(full, 1);
    return full;
  }

  update(id: string, change: (tx: Tx) => void): TransactionRecord {
    const record = this.byId.get(id);
    if (!record) throw new Error(`unknown transaction ${id}`);
    this.account(record, -1);
    this.remove(record);
    change(record.tx);
    record.dateMs = Date.parse(record.tx.date);
    record.authorizedAtMs = record.tx.authorizedAt ? Date.parse(record.tx.authorizedAt) : undefined;
    this.place(record);
    this.account(record, 1);
    return record;
  }

  get(id: string): TransactionRecord | undefined {
    return this.byId.get(id);
  }

  list(filter: TransactionFilter, cursor: string | undefined, pageSize: number) {
    let end = this.rows.length; // exclusive upper bound of the walk, going backwards
    if (cursor) {
      const [dateMs, seqText] = decodeCursor(cursor);
      end = this.lowerBound(Number(dateMs), Number(seqText));
    }
    if (filter.toDateMs !== undefined) end = Math.min(end, this.lowerBound(filter.toDateMs + 1, 0));
    const start = filter.fromDateMs !== undefined ? this.lowerBound(filter.fromDateMs, 0) : 0;
    const items: Tx[] = [];
    let last: TransactionRecord | undefined;
    let i = end - 1;
    for (; i >= start && items.length < pageSize; i--) {
      const r = this.rows[i] as TransactionRecord;
      if (matches(r, filter)) {
        items.push(r.tx);
        last = r;
      }
    }
    let more = false;
    for (; i >= start; i--) {
      if (matches(this.rows[i] as TransactionRecord, filter)) {
        more = true;
        break;
      }
    }
    return { items, ...(more && last ? { nextCursor: encodeCursor(last.dateMs, String(last.seq)) } : {}) };
  }

  aggregate(filter: TransactionFilter): TransactionAggregation {
    let count = 0;
    let totalIn = 0;
    let totalOut = 0;
    for (const r of this.rows) {
      if (!matches(r, filter)) continue;
      count++;
      if (r.tx.amountCents >= 0) totalIn += r.tx.amountCents;
      else totalOut += -r.tx.amountCents;
    }
    return { count, totalIn, totalOut, netChange: totalIn - totalOut };
  }

  pendingCreatedBefore(ms: number): TransactionRecord[] {
    const out: TransactionRecord[] = [];
    for (const r of this.rows) {
      if (r.dateMs > ms) break;
      if (r.tx.status === 'pending') out.push(r);
    }
    return out;
  }

  totals(virtualAccountId: string): AccountTotals {
    return { ...(this.totalsByVa.get(virtualAccountId) ?? { availableCents: 0, postedCents: 0, spendCents: 0 }) };
  }

  /** Index of the first row not before (dateMs, seq). */
  private lowerBound(dateMs: number, seq: number): number {
    let lo = 0;
    let hi = this.rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.rows[mid] as TransactionRecord, dateMs, seq)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private place(r: TransactionRecord): void {
    const at = this.lowerBound(r.dateMs, r.seq);
    if (at === this.rows.length) this.rows.push(r);
    else this.rows.splice(at, 0, r);
  }

  private remove(r: TransactionRecord): void {
    const at = this.lowerBound(r.dateMs, r.seq);
    if (this.rows[at] !== r) throw new Error(`index out of step for ${r.tx.id}`);
    this.rows.splice(at, 1);
  }

  private account(r: TransactionRecord, sign: 1 | -1): void {
    const va = r.tx.virtualAccountId;
    if (!va) return;
    const t = this.totalsByVa.get(va) ?? { availableCents: 0, postedCents: 0, spendCents: 0 };
    const c = contributes(r);
    t.availableCents += sign * c.available;
    t.postedCents += sign * c.posted;
    t.spendCents += sign * c.spend;
    this.totalsByVa.set(va, t);
  }
}
