import type { TransactionAggregation } from '../../shared/service';
import { badRequest } from '../http/errors';
import { PostingList } from '../transactions/posting-list';
import { decodeCursor, encodeCursor } from './pagination';
import type { TransactionRecord } from './records';
import type { AccountTotals, TransactionFilter, TransactionStore } from './transaction-store';

type Tx = TransactionRecord['tx'];
type NewRecord = Omit<TransactionRecord, 'seq'>;

/**
 * The indexed fields: one posting list per distinct value of each. `authorized` has a single
 * list, of the rows that carry an authorization time, so authorized_at filters skip the others.
 */
const DIMENSIONS = ['accountId', 'virtualAccountId', 'cardId', 'status', 'detailedStatus', 'authorized'] as const;
type Dimension = (typeof DIMENSIONS)[number];
const AUTHORIZED = 'yes';

function keyOf(tx: Tx, d: Dimension): string | undefined {
  if (d === 'authorized') return tx.authorizedAt === undefined ? undefined : AUTHORIZED;
  return tx[d];
}

function wanted(f: TransactionFilter, d: Dimension): string | undefined {
  if (d === 'authorized')
    return f.fromAuthorizedAtMs !== undefined || f.toAuthorizedAtMs !== undefined ? AUTHORIZED : undefined;
  return f[d];
}

const SPEND_DETAILED = new Set(['pending', 'settled']);

function contributes(r: TransactionRecord): { available: number; posted: number; spend: number } {
  const tx = r.tx;
  const counts = tx.status === 'pending' || tx.status === 'posted';
  // pending_approval and in_review affect neither balance (docs/service.md, "Statuses and what they do to balances").
  const held = tx.detailedStatus === 'pending_approval' || tx.detailedStatus === 'in_review';
  const available = counts && !held ? tx.amountCents : 0;
  const posted = tx.status === 'posted' ? tx.amountCents : 0;
  const isSpend = available < 0 && (r.kind === 'card' || r.kind === 'payment') && SPEND_DETAILED.has(tx.detailedStatus);
  return { available, posted, spend: isSpend ? -tx.amountCents : 0 };
}

function parseCursor(cursor: string): { dateMs: number; seq: number } {
  const [dateMs, seqText] = decodeCursor(cursor);
  const seq = Number(seqText);
  if (
    typeof dateMs !== 'number' ||
    !Number.isSafeInteger(dateMs) ||
    !/^\d{1,15}$/.test(seqText) ||
    !Number.isSafeInteger(seq)
  ) {
    throw badRequest('cursor is not one this server issued; start again without a cursor', { cursor });
  }
  return { dateMs, seq };
}

/** Where a query walks: rows [lo, hi) of one posting list, newest (hi - 1) first; `others` must also hold each row. */
interface Plan {
  list: PostingList;
  lo: number;
  hi: number;
  others: PostingList[];
  /** authorized_at bounds still to check on each row (they are not indexed). */
  auth: boolean;
}

const EMPTY_PLAN: Plan = { list: new PostingList(), lo: 0, hi: 0, others: [], auth: false };

/**
 * In-memory transaction store for millions of rows.
 *
 * Every row sits in the list of all rows and in one posting list per indexed value (its account,
 * virtual account, card, status and detailed status), each sorted by (dateMs, seq) and stored as
 * arrays of numbers. A query walks the candidate list with the fewest rows inside its date and
 * cursor bounds (binary search) and checks its other equality filters with the other lists'
 * membership bitsets, so a page costs O(log n) plus a few nanoseconds per row it skips in that
 * one list; only rows that match are read.
 *
 * authorized_at ranges are not indexed: the store tracks the smallest and largest gap between a
 * row's date and its authorization time ever seen and turns an authorized_at range into a
 * (slightly wider) date range; rows inside it are checked one by one. The gap only widens, so the
 * bound stays correct whatever is inserted, and it stays tight while posting follows
 * authorization within days, as it does here.
 */
export class MemoryTransactionStore implements TransactionStore {
  private readonly all = new PostingList();
  private readonly indexes = new Map<Dimension, Map<string, PostingList>>(DIMENSIONS.map((d) => [d, new Map()]));
  private readonly byId = new Map<string, TransactionRecord>();
  /** Rows by seq (seq starts at 1). */
  private readonly bySeq: (TransactionRecord | undefined)[] = [undefined];
  private readonly totalsByVa = new Map<string, AccountTotals>();
  private nextSeq = 1;
  /** Bounds of dateMs - authorizedAtMs over every row that had an authorization time. */
  private minAuthLag = Infinity;
  private maxAuthLag = -Infinity;

  get size(): number {
    return this.all.size;
  }

  insert(record: NewRecord): TransactionRecord {
    if (this.byId.has(record.tx.id)) throw new Error(`duplicate transaction id ${record.tx.id}`);
    const full: TransactionRecord = { ...record, seq: this.nextSeq++ };
    this.remember(full);
    this.all.add(full.dateMs, full.seq, full.tx.amountCents);
    for (const d of DIMENSIONS) {
      const key = keyOf(full.tx, d);
      if (key !== undefined) this.listFor(d, key).add(full.dateMs, full.seq, full.tx.amountCents);
    }
    this.account(full, 1);
    return full;
  }

  bulkLoad(records: readonly NewRecord[]): void {
    const lastDate = this.all.dates[this.all.size - 1];
    let sorted = lastDate === undefined || records.length === 0 || (records[0] as NewRecord).dateMs >= lastDate;
    for (let i = 1; sorted && i < records.length; i++) {
      if ((records[i] as NewRecord).dateMs < (records[i - 1] as NewRecord).dateMs) sorted = false;
    }
    if (!sorted) {
      for (const r of records) this.insert(r);
      return;
    }
    // Cache the list per key: most rows share a handful of statuses and accounts.
    const caches = DIMENSIONS.map(() => new Map<string, PostingList>());
    for (const record of records) {
      if (this.byId.has(record.tx.id)) throw new Error(`duplicate transaction id ${record.tx.id}`);
      const full: TransactionRecord = { ...record, seq: this.nextSeq++ };
      this.remember(full);
      const { dateMs, seq } = full;
      const amount = full.tx.amountCents;
      this.all.append(dateMs, seq, amount);
      DIMENSIONS.forEach((d, i) => {
        const key = keyOf(full.tx, d);
        if (key === undefined) return;
        const cache = caches[i] as Map<string, PostingList>;
        let list = cache.get(key);
        if (!list) {
          list = this.listFor(d, key);
          cache.set(key, list);
        }
        list.append(dateMs, seq, amount);
      });
      this.account(full, 1);
    }
  }

  update(id: string, change: (tx: Tx) => void): TransactionRecord {
    const record = this.byId.get(id);
    if (!record) throw new Error(`unknown transaction ${id}`);
    const oldDate = record.dateMs;
    const oldAmount = record.tx.amountCents;
    const oldKeys = DIMENSIONS.map((d) => keyOf(record.tx, d));
    this.account(record, -1);
    change(record.tx);
    // Keep the indexes consistent even when the change was wrong, then report it.
    let problem: string | undefined;
    if (record.tx.id !== id) {
      record.tx.id = id;
      problem = `a transaction's id cannot change (${id})`;
    }
    let dateMs = Date.parse(record.tx.date);
    if (!Number.isFinite(dateMs)) {
      problem = `transaction ${id} got an unreadable date ${record.tx.date}; its place in lists is unchanged`;
      dateMs = oldDate;
    }
    record.dateMs = dateMs;
    record.authorizedAtMs = record.tx.authorizedAt ? Date.parse(record.tx.authorizedAt) : undefined;
    this.noteLag(record);
    const moved = dateMs !== oldDate;
    const amountChanged = record.tx.amountCents !== oldAmount;
    const move = (from: PostingList | undefined, to: PostingList | undefined, relocate: boolean) => {
      if (!relocate && from && from === to) {
        if (amountChanged) from.reamount(dateMs, record.seq, record.tx.amountCents);
        return;
      }
      from?.remove(oldDate, record.seq);
      to?.add(dateMs, record.seq, record.tx.amountCents);
    };
    move(this.all, this.all, moved);
    DIMENSIONS.forEach((d, i) => {
      const before = oldKeys[i];
      const after = keyOf(record.tx, d);
      move(
        before === undefined ? undefined : this.listFor(d, before),
        after === undefined ? undefined : this.listFor(d, after),
        moved || before !== after,
      );
    });
    this.account(record, 1);
    if (problem) throw new Error(problem);
    return record;
  }

  get(id: string): TransactionRecord | undefined {
    return this.byId.get(id);
  }

  list(filter: TransactionFilter, cursor: string | undefined, pageSize: number) {
    const plan = this.plan(filter, cursor ? parseCursor(cursor) : undefined);
    const items: Tx[] = [];
    let last: TransactionRecord | undefined;
    let i = plan.hi - 1;
    for (; i >= plan.lo && items.length < pageSize; i--) {
      const r = this.rowAt(plan, i, filter);
      if (r) {
        items.push(r.tx);
        last = r;
      }
    }
    let more = false;
    for (; i >= plan.lo; i--) {
      if (this.rowAt(plan, i, filter)) {
        more = true;
        break;
      }
    }
    return { items, ...(more && last ? { nextCursor: encodeCursor(last.dateMs, String(last.seq)) } : {}) };
  }

  aggregate(filter: TransactionFilter): TransactionAggregation {
    const plan = this.plan(filter, undefined);
    const { list, lo, hi } = plan;
    if (plan.others.length === 0 && !plan.auth && lo === 0 && hi === list.size) {
      // The chosen list is exactly the answer: its running totals are.
      return {
        count: list.size,
        totalIn: list.totalIn,
        totalOut: list.totalOut,
        netChange: list.totalIn + list.totalOut,
      };
    }
    let count = 0;
    let totalIn = 0;
    let totalOut = 0;
    const amounts = list.amounts;
    for (let i = lo; i < hi; i++) {
      if (!this.rowMatches(plan, i, filter)) continue;
      const a = amounts[i] as number;
      count++;
      if (a >= 0) totalIn += a;
      else totalOut += a;
    }
    return { count, totalIn, totalOut, netChange: totalIn + totalOut };
  }

  pendingCreatedBefore(ms: number): TransactionRecord[] {
    const pending = this.indexes.get('status')?.get('pending');
    if (!pending) return [];
    const end = pending.lowerBound(ms + 1, 0);
    const out: TransactionRecord[] = [];
    for (let i = 0; i < end; i++) out.push(this.bySeq[pending.seqs[i] as number] as TransactionRecord);
    return out;
  }

  totals(virtualAccountId: string): AccountTotals {
    return { ...(this.totalsByVa.get(virtualAccountId) ?? { availableCents: 0, postedCents: 0, spendCents: 0 }) };
  }

  /** Whether row i of the plan's list passes the other filters (reads the row only for authorized_at). */
  private rowMatches(plan: Plan, i: number, filter: TransactionFilter): boolean {
    const seq = plan.list.seqs[i] as number;
    for (const o of plan.others) if (!o.has(seq)) return false;
    if (!plan.auth) return true;
    const at = (this.bySeq[seq] as TransactionRecord).authorizedAtMs;
    if (at === undefined) return false;
    if (filter.fromAuthorizedAtMs !== undefined && at < filter.fromAuthorizedAtMs) return false;
    if (filter.toAuthorizedAtMs !== undefined && at > filter.toAuthorizedAtMs) return false;
    return true;
  }

  private rowAt(plan: Plan, i: number, filter: TransactionFilter): TransactionRecord | undefined {
    return this.rowMatches(plan, i, filter) ? this.bySeq[plan.list.seqs[i] as number] : undefined;
  }

  /** Picks the candidate list with the fewest rows inside the query's bounds. */
  private plan(filter: TransactionFilter, after: { dateMs: number; seq: number } | undefined): Plan {
    const auth = filter.fromAuthorizedAtMs !== undefined || filter.toAuthorizedAtMs !== undefined;
    if (auth && this.minAuthLag === Infinity) return EMPTY_PLAN; // nothing was ever authorized
    let fromMs = filter.fromDateMs ?? -Infinity;
    let toMs = filter.toDateMs ?? Infinity;
    if (filter.fromAuthorizedAtMs !== undefined) fromMs = Math.max(fromMs, filter.fromAuthorizedAtMs + this.minAuthLag);
    if (filter.toAuthorizedAtMs !== undefined) toMs = Math.min(toMs, filter.toAuthorizedAtMs + this.maxAuthLag);
    if (fromMs > toMs) return EMPTY_PLAN;
    const candidates: PostingList[] = [];
    for (const d of DIMENSIONS) {
      const value = wanted(filter, d);
      if (value === undefined) continue;
      const list = this.indexes.get(d)?.get(value);
      if (!list || list.size === 0) return EMPTY_PLAN;
      candidates.push(list);
    }
    if (candidates.length === 0) candidates.push(this.all);
    let best: PostingList = this.all;
    let bestLo = 0;
    let bestHi = 0;
    let bestSize = Infinity;
    for (const list of candidates) {
      const lo = fromMs === -Infinity ? 0 : list.lowerBound(fromMs, 0);
      let hi = toMs === Infinity ? list.size : list.lowerBound(Math.floor(toMs) + 1, 0);
      if (after) hi = Math.min(hi, list.lowerBound(after.dateMs, after.seq));
      const size = Math.max(0, hi - lo);
      if (size < bestSize) [best, bestLo, bestHi, bestSize] = [list, lo, Math.max(lo, hi), size];
    }
    const others = candidates.filter((l) => l !== best);
    for (const o of others) o.index();
    return { list: best, lo: bestLo, hi: bestHi, others, auth };
  }

  private remember(r: TransactionRecord): void {
    this.byId.set(r.tx.id, r);
    this.bySeq[r.seq] = r;
    this.noteLag(r);
  }

  private listFor(d: Dimension, key: string): PostingList {
    const index = this.indexes.get(d) as Map<string, PostingList>;
    let list = index.get(key);
    if (!list) {
      list = new PostingList();
      index.set(key, list);
    }
    return list;
  }

  private noteLag(r: TransactionRecord): void {
    if (r.authorizedAtMs === undefined || !Number.isFinite(r.authorizedAtMs)) return;
    const lag = r.dateMs - r.authorizedAtMs;
    if (lag < this.minAuthLag) this.minAuthLag = lag;
    if (lag > this.maxAuthLag) this.maxAuthLag = lag;
  }

  private account(r: TransactionRecord, sign: 1 | -1): void {
    const va = r.tx.virtualAccountId;
    if (!va) return;
    let t = this.totalsByVa.get(va);
    if (!t) {
      t = { availableCents: 0, postedCents: 0, spendCents: 0 };
      this.totalsByVa.set(va, t);
    }
    const c = contributes(r);
    t.availableCents += sign * c.available;
    t.postedCents += sign * c.posted;
    t.spendCents += sign * c.spend;
  }
}
