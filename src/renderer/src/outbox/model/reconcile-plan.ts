/**
 * Which payments and transfers in review the service's transactions show went through. Pure: the
 * sender's reconcile.ts reads the transactions and writes what is decided here.
 */
import type { OutboxRow } from '../../../../shared/outbox';
import type { Transaction } from '../../../../shared/service';
import {
  matchMovements,
  sendSpan,
  type DatedMovement,
  type Reconciliation,
  type Span,
} from '../../../../shared/outbox/movements';
import { wireOf } from '../../../../shared/outbox/wire';
import * as t from './transitions';

type Payment = Extract<OutboxRow, { kind: 'payment' }>;
type Transfer = Extract<OutboxRow, { kind: 'transfer' }>;
/** Rows that move money, so a lost answer or a forgotten key can leave them in review although the money moved. */
export type Movement = Payment | Transfer;

export type { Span };

/** Said on a transfer whose key the service may have forgotten once the transactions did not show it. */
export const NOT_FOUND_AFTER_KEY_EXPIRED =
  'No matching transfer was found for certain in the service\u2019s transactions from when it was sent. It was first sent more than 24 hours ago, so the service may have forgotten its key and would take a resend as a new transfer: sending it again could move the money twice. Look for it in the source account\u2019s transactions: if it is there, choose \u201cMark as sent\u201d; if it is not, choose \u201cSend again\u201d (a new transfer with a new key).';

/** Kinds that move money have evidence in the transactions (src/shared/outbox/movements.ts says how to find it). */
const isMovement = (r: OutboxRow): r is Movement => wireOf(r.kind).movesMoney;

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

const inReview = (rows: readonly OutboxRow[]) =>
  rows.filter((r): r is Movement => isMovement(r) && r.state === 'needs-review' && r.firstAttemptAt !== undefined);

/** The one window of the service's transactions to read for every row in review, or null when none is. */
export function reviewWindow(rows: readonly OutboxRow[], now: number): Span | null {
  const spans = inReview(rows)
    .map(spanOf)
    .filter((s): s is Span => s !== null);
  if (spans.length === 0) return null;
  return {
    fromMs: Math.min(...spans.map((s) => s.fromMs)),
    toMs: Math.min(now, Math.max(...spans.map((s) => s.toMs))),
  };
}

/** Rows of a group that may have used up one of its transactions: any that was sent, or may still be, with its current key. */
const mayHaveMoved = (r: OutboxRow) =>
  r.state === 'sent' || r.state === 'sending' || r.state === 'approved' || r.state === 'canceled';

const dated = (row: Movement): DatedMovement<Movement>[] => {
  const span = spanOf(row);
  return span ? [{ row, span }] : [];
};

/** Which rows of this outbox in review the service's transactions (`found`, read over reviewWindow) show went through (matchMovements). */
export function planReconciliation(
  rows: readonly OutboxRow[],
  found: readonly Transaction[],
): Reconciliation<Movement> {
  const moved = rows.filter((r): r is Movement => isMovement(r) && mayHaveMoved(r)).flatMap(dated);
  return matchMovements(inReview(rows).flatMap(dated), moved, found);
}

/** A transfer tried only without an answer (no success, no refusal) whose key the service may no longer hold. */
export function keyMayBeForgotten(row: OutboxRow, now: number): boolean {
  return (
    wireOf(row.kind).idempotent &&
    isMovement(row) &&
    row.firstAttemptAt !== undefined &&
    now - row.firstAttemptAt >= t.KEY_AGE_LIMIT_MS &&
    row.attempts.every((a) => a.outcome === 'retryable' || a.outcome === 'ambiguous')
  );
}

/** The row stays in review; its message and history say the transactions were searched in vain. */
export function notFoundAfterKeyExpired(row: OutboxRow, now: number): OutboxRow {
  return t.noteInReview(row, NOT_FOUND_AFTER_KEY_EXPIRED, 'not found in the transactions', now);
}
