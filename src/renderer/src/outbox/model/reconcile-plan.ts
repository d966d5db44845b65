/**
 * Which payments and transfers in review the service's transactions show went through. Pure: the
 * sender's reconcile.ts reads the transactions and writes what is decided here.
 */
import type { OutboxRow } from '../../../../shared/outbox';
import type { Transaction } from '../../../../shared/service';
import { kindOf } from './kinds';
import * as t from './transitions';

/** How long after its last send a movement may be dated (the request's own timeout and then some); and how far before its first. */
const AFTER_MS = 2 * 60_000;
const BEFORE_MS = 60_000;

type Payment = Extract<OutboxRow, { kind: 'payment' }>;
type Transfer = Extract<OutboxRow, { kind: 'transfer' }>;
/** Rows that move money, so a lost answer or a forgotten key can leave them in review although the money moved. */
export type Movement = Payment | Transfer;

export interface Span {
  fromMs: number;
  toMs: number;
}

/** Said on a transfer whose key the service may have forgotten once the transactions did not show it. */
export const NOT_FOUND_AFTER_KEY_EXPIRED =
  'No matching transfer was found for certain in the service\u2019s transactions from when it was sent. It was first sent more than 24 hours ago, so the service may have forgotten its key and would take a resend as a new transfer: sending it again could move the money twice. Look for it in the source account\u2019s transactions: if it is there, choose \u201cMark as sent\u201d; if it is not, choose \u201cSend again\u201d (a new transfer with a new key).';

/** Kinds that move money have evidence in the transactions (kinds/<kind>.ts says how to find it). */
const evidenceFor = (row: OutboxRow) => kindOf(row).reconcile;
const isMovement = (r: OutboxRow): r is Movement => evidenceFor(r) !== undefined;
const memoOf = (row: Movement) => evidenceFor(row)?.memo(row) ?? '';
const dateOf = (tx: Transaction) => Date.parse(tx.date);

/** Same kind, amount and parties: movements the service's transactions cannot tell apart. */
function groupOf(row: Movement): string {
  return evidenceFor(row)?.group(row) ?? row.id;
}

/**
 * When this row's money, if it moved, is dated: from its first send with the current key to
 * shortly after its last. The last send is the later of its last recorded attempt and its last
 * claim, because a send cut short by a crash records no attempt but may have reached the service.
 */
export function spanOf(row: OutboxRow): Span | null {
  if (row.firstAttemptAt === undefined) return null;
  const claims = row.history.filter((h) => h.to === 'sending').map((h) => h.at);
  return sendSpan(row.firstAttemptAt, Math.max(row.firstAttemptAt, ...row.attempts.map((a) => a.at), ...claims));
}

/** When a movement sent between `firstMs` and `lastMs` may be dated by the service. */
export function sendSpan(firstMs: number, lastMs: number): Span {
  return { fromMs: firstMs - BEFORE_MS, toMs: lastMs + AFTER_MS };
}

const within = (ms: number, s: Span) => ms >= s.fromMs && ms <= s.toMs;
const overlaps = (a: Span, b: Span) => a.fromMs <= b.toMs && b.fromMs <= a.toMs;

const inReview = (rows: readonly OutboxRow[]) => rows.filter((r): r is Movement => isMovement(r) && r.state === 'needs-review' && r.firstAttemptAt !== undefined);

/** The one window of the service's transactions to read for every row in review, or null when none is. */
export function reviewWindow(rows: readonly OutboxRow[], now: number): Span | null {
  const spans = inReview(rows).map(spanOf).filter((s): s is Span => s !== null);
  if (spans.length === 0) return null;
  return { fromMs: Math.min(...spans.map((s) => s.fromMs)), toMs: Math.min(now, Math.max(...spans.map((s) => s.toMs))) };
}

/** The service's record of each movement of `example`'s group in `found`, one transaction per movement (its kind says how to find them). */
export function evidenceOf(example: Movement, found: readonly Transaction[], memos: ReadonlySet<string>): Transaction[] {
  return evidenceFor(example)?.evidence(example, found, memos) ?? [];
}

/** Rows of a group that may have used up one of its transactions: any that was sent, or may still be, with its current key. */
const mayHaveMoved = (r: OutboxRow) => r.state === 'sent' || r.state === 'sending' || r.state === 'approved' || r.state === 'canceled';

export interface Reconciliation {
  /** Rows in review the transactions account for, each with the transaction that shows it. */
  resolved: { row: Movement; transactionId: string }[];
  /** Rows in review left for a person. */
  unresolved: Movement[];
}

/** A movement and when its money, if it moved, is dated. */
export interface DatedMovement {
  row: Movement;
  span: Span;
}

const dated = (row: Movement): DatedMovement[] => {
  const span = spanOf(row);
  return span ? [{ row, span }] : [];
};

/**
 * Which movements in review (`review`) the service's transactions (`found`) show went through.
 * Per group of same amount and parties, the movements of the group that may have moved money in
 * the same time (`moved`: sent ones above all, never one of `review`) are counted first: the ones
 * in review are resolved only when the transactions account for every one of them too, each with
 * a transaction of its own dated within its span. Fewer transactions than movements cannot say
 * which went through, so nothing of that group is decided. Never a resend.
 */
export function matchMovements(review: readonly DatedMovement[], moved: readonly DatedMovement[], found: readonly Transaction[]): Reconciliation {
  const out: Reconciliation = { resolved: [], unresolved: [] };
  const groups = new Map<string, DatedMovement[]>();
  for (const r of review) groups.set(groupOf(r.row), [...(groups.get(groupOf(r.row)) ?? []), r]);
  for (const [key, inGroup] of groups) {
    const spans = inGroup.map((r) => r.span);
    const others = moved.filter((m) => groupOf(m.row) === key && spans.some((own) => overlaps(own, m.span)));
    const memos = new Set([...inGroup, ...others].map((m) => memoOf(m.row)));
    const evidence = evidenceOf((inGroup[0] as DatedMovement).row, found, memos).filter((tx) => spans.some((s) => within(dateOf(tx), s)));
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

/** Which rows of this outbox in review the service's transactions (`found`, read over reviewWindow) show went through (matchMovements). */
export function planReconciliation(rows: readonly OutboxRow[], found: readonly Transaction[]): Reconciliation {
  const moved = rows.filter((r): r is Movement => isMovement(r) && mayHaveMoved(r)).flatMap(dated);
  return matchMovements(inReview(rows).flatMap(dated), moved, found);
}

/** A transfer tried only without an answer (no success, no refusal) whose key the service may no longer hold. */
export function keyMayBeForgotten(row: OutboxRow, now: number): boolean {
  return kindOf(row).idempotent && isMovement(row) && row.firstAttemptAt !== undefined && now - row.firstAttemptAt >= t.KEY_AGE_LIMIT_MS && row.attempts.every((a) => a.outcome === 'retryable' || a.outcome === 'ambiguous');
}

/** The row stays in review; its message and history say the transactions were searched in vain. */
export function notFoundAfterKeyExpired(row: OutboxRow, now: number): OutboxRow {
  return t.noteInReview(row, NOT_FOUND_AFTER_KEY_EXPIRED, 'not found in the transactions', now);
}

