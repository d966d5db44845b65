import type { PayRequest, Transaction, TransferRequest } from '../service';

/**
 * How a transfer or a payment is found in the service's transactions when the answer to its send
 * was lost (or its key may be forgotten), and which of several look-alike movements the
 * transactions account for. Pure: the renderer's reconciliation of its solo outbox and main's
 * team sender and send journal read the transactions and decide with this.
 */

/** What a movement needs to be found: an outbox row of a kind that moves money has it. */
export type Movement =
  | { id: string; kind: 'transfer'; amountCents: number; payload: TransferRequest }
  | { id: string; kind: 'payment'; amountCents: number; payload: PayRequest };

export interface Span {
  fromMs: number;
  toMs: number;
}

/** A movement and when its money, if it moved, is dated. */
export interface DatedMovement<M extends Movement = Movement> {
  row: M;
  span: Span;
}

/** How long after its last send a movement may be dated (the request's own timeout and then some); and how far before its first. */
const AFTER_MS = 2 * 60_000;
const BEFORE_MS = 60_000;

/** When a movement sent between `firstMs` and `lastMs` may be dated by the service. */
export function sendSpan(firstMs: number, lastMs: number): Span {
  return { fromMs: firstMs - BEFORE_MS, toMs: lastMs + AFTER_MS };
}

/** A failed or canceled transaction moved nothing, so it proves nothing went through. */
export const movedMoney = (tx: { status: string; detailedStatus?: string }) =>
  tx.status !== 'failed' && tx.detailedStatus !== 'failed' && tx.detailedStatus !== 'canceled';

/** A transfer's debit and credit are booked together; this much apart they are still one transfer. */
const PAIR_MS = 60_000;
const handleKey = (handle: string) => handle.replace(/^@/, '').toLowerCase();
const dateOf = (tx: Transaction) => Date.parse(tx.date);

interface Evidence<M extends Movement> {
  /** Same kind, amount and parties: movements the service's transactions cannot tell apart. */
  group(row: M): string;
  /** The memo the service may show on the movement ('' when none). */
  memo(row: M): string;
  /** The transactions in `found` that each record one movement of the row's group. */
  evidence(row: M, found: readonly Transaction[], memos: ReadonlySet<string>): Transaction[];
}

type Payment = Extract<Movement, { kind: 'payment' }>;
type Transfer = Extract<Movement, { kind: 'transfer' }>;

const paymentEvidence: Evidence<Payment> = {
  group: (row) => JSON.stringify(['payment', row.amountCents, handleKey(row.payload.svcHandle)]),
  memo: () => '',
  /** Its debit naming the payee. */
  evidence: (row, found) => {
    const handle = `@${handleKey(row.payload.svcHandle)}`;
    return found.filter(
      (tx) =>
        movedMoney(tx) &&
        tx.amountCents === -row.amountCents &&
        `${tx.description} ${tx.merchantData?.description ?? ''} ${tx.memo ?? ''}`.toLowerCase().includes(handle),
    );
  },
};

const transferEvidence: Evidence<Transfer> = {
  group: (row) => JSON.stringify(['transfer', row.amountCents, row.payload.source, row.payload.destination]),
  memo: (row) => row.payload.memo ?? '',
  /**
   * Its debit on the source virtual account paired with its credit on the destination, both
   * described as a transfer (the service's commissions move money between the same kind of
   * accounts, described otherwise); a memo, when the service shows one, must be one of `memos`.
   * Transactions without the virtual account they belong to name no parties and match nothing.
   */
  evidence: (row, found, memos) => {
    const amount = row.amountCents;
    const { source, destination } = row.payload;
    const leg = (tx: Transaction, account: string, cents: number) =>
      movedMoney(tx) &&
      tx.virtualAccountId === account &&
      tx.amountCents === cents &&
      /^transfer\b/i.test(tx.description) &&
      (tx.memo === undefined || memos.has(tx.memo));
    const credits = found.filter((tx) => leg(tx, destination, amount));
    const paired = new Set<string>();
    return found.filter((debit) => {
      if (!leg(debit, source, -amount)) return false;
      const credit = credits.find(
        (c) => !paired.has(c.id) && c.memo === debit.memo && Math.abs(dateOf(c) - dateOf(debit)) <= PAIR_MS,
      );
      if (!credit) return false;
      paired.add(credit.id);
      return true;
    });
  },
};

function evidenceFor(row: Movement): Evidence<Movement> {
  return (row.kind === 'payment' ? paymentEvidence : transferEvidence) as Evidence<Movement>;
}

/** Same kind, amount and parties: movements the service's transactions cannot tell apart. */
export const groupOf = (row: Movement): string => evidenceFor(row).group(row);
const memoOf = (row: Movement) => evidenceFor(row).memo(row);

/** The service's record of each movement of `example`'s group in `found`, one transaction per movement. */
export function evidenceOf(
  example: Movement,
  found: readonly Transaction[],
  memos: ReadonlySet<string>,
): Transaction[] {
  return evidenceFor(example).evidence(example, found, memos);
}

const within = (ms: number, s: Span) => ms >= s.fromMs && ms <= s.toMs;
const overlaps = (a: Span, b: Span) => a.fromMs <= b.toMs && b.fromMs <= a.toMs;

export interface Reconciliation<M extends Movement = Movement> {
  /** Movements the transactions account for, each with the transaction that shows it. */
  resolved: { row: M; transactionId: string }[];
  /** Movements left for a person. */
  unresolved: M[];
}

/**
 * Which movements in question (`review`) the service's transactions (`found`) show went through.
 * Per group of same amount and parties, the movements of the group that may have moved money in
 * the same time (`moved`: sent ones above all, never one of `review`) are counted first: the ones
 * in question are resolved only when the transactions account for every one of them too, each
 * with a transaction of its own dated within its span. Fewer transactions than movements cannot
 * say which went through, so nothing of that group is decided. Never a resend.
 */
export function matchMovements<M extends Movement>(
  review: readonly DatedMovement<M>[],
  moved: readonly DatedMovement[],
  found: readonly Transaction[],
): Reconciliation<M> {
  const out: Reconciliation<M> = { resolved: [], unresolved: [] };
  const groups = new Map<string, DatedMovement<M>[]>();
  for (const r of review) groups.set(groupOf(r.row), [...(groups.get(groupOf(r.row)) ?? []), r]);
  for (const [key, inGroup] of groups) {
    const spans = inGroup.map((r) => r.span);
    const others = moved.filter((m) => groupOf(m.row) === key && spans.some((own) => overlaps(own, m.span)));
    const memos = new Set([...inGroup, ...others].map((m) => memoOf(m.row)));
    const evidence = evidenceOf((inGroup[0] as DatedMovement<M>).row, found, memos).filter((tx) =>
      spans.some((s) => within(dateOf(tx), s)),
    );
    const taken = new Set<string>();
    const matches = [...inGroup]
      .sort((a, b) => a.span.fromMs - b.span.fromMs)
      .map(({ row, span }) => {
        const tx = evidence.find((e) => !taken.has(e.id) && within(dateOf(e), span));
        if (tx) taken.add(tx.id);
        return { row, tx };
      });
    if (evidence.length < others.length + inGroup.length || matches.some((m) => m.tx === undefined)) {
      out.unresolved.push(...inGroup.map((r) => r.row));
      continue;
    }
    out.resolved.push(...matches.map((m) => ({ row: m.row, transactionId: (m.tx as Transaction).id })));
  }
  return out;
}
