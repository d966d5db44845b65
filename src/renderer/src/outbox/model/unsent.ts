import { FINAL_STATES, type OutboxRow, type OutboxState } from '../../../../shared/outbox';
import { count, money } from '../../model/format';
import { STATE_LABEL, STATE_ORDER } from './describe';

/**
 * What Settings calls "unsent": every row still in the queue, that is every state but sent,
 * rejected and canceled. Drafts, rows awaiting approval and approved rows have not gone yet;
 * a row being sent may be moving money right now; a row in review may or may not have gone
 * through; a failed row is a movement the person asked for that did not happen. Each is
 * something a person would lose track of if its outbox went, so each stops a removal of the
 * profile; and clearing the cache under them takes away what the sender and the reconciliation
 * read (balances, the transactions a review is matched against), so each stops that too.
 */
export const UNSENT_STATES: readonly OutboxState[] = STATE_ORDER.filter((s) => !FINAL_STATES.has(s));

export function isUnsent(row: Pick<OutboxRow, 'state'>): boolean {
  return !FINAL_STATES.has(row.state);
}

/**
 * The last export of the unsent rows: each row's `updatedAt` as it was written to the file. A
 * row changed since (approved, failed, edited) is no longer what the file says, so it counts as
 * not exported.
 */
export interface UnsentExport {
  at: number;
  rows: Record<string, number>;
}

export function exportCovers(exported: UnsentExport | null, row: Pick<OutboxRow, 'id' | 'updatedAt'>): boolean {
  return (
    exported !== null &&
    Object.prototype.hasOwnProperty.call(exported.rows, row.id) &&
    exported.rows[row.id] === row.updatedAt
  );
}

export interface UnsentSummary {
  rows: number;
  totalCents: number;
  byState: Partial<Record<OutboxState, number>>;
  /** Being sent: only the service's answer settles them (never exported away, never discarded). */
  sending: number;
  /** Covered by an export made after their last change. */
  exported: number;
  /** Rows that still stop clearing the cache or removing the profile: the unhandled ones and those being sent. */
  blocking: number;
  /** Neither sent, exported nor discarded (being sent aside), and their total. */
  unhandled: number;
  unhandledCents: number;
  /** Rows "Discard" would cancel (every unsent row but those being sent), and their total. */
  discardable: number;
  discardableCents: number;
}

/** Sums the unsent rows among `rows` (rows of one profile's queue, in any state). */
export function summarizeUnsent(rows: readonly OutboxRow[], exported: UnsentExport | null): UnsentSummary {
  const s: UnsentSummary = {
    rows: 0,
    totalCents: 0,
    byState: {},
    sending: 0,
    exported: 0,
    blocking: 0,
    unhandled: 0,
    unhandledCents: 0,
    discardable: 0,
    discardableCents: 0,
  };
  for (const row of rows) {
    if (!isUnsent(row)) continue;
    s.rows++;
    s.totalCents += row.amountCents;
    s.byState[row.state] = (s.byState[row.state] ?? 0) + 1;
    if (row.state === 'sending') {
      s.sending++;
      s.blocking++;
      continue;
    }
    s.discardable++;
    s.discardableCents += row.amountCents;
    if (exportCovers(exported, row)) {
      s.exported++;
      continue;
    }
    s.unhandled++;
    s.unhandledCents += row.amountCents;
    s.blocking++;
  }
  return s;
}

const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

/** "1 awaiting approval; 2 failed", in the queue screen's order, in its words. */
export function statesInWords(byState: UnsentSummary['byState']): string {
  return UNSENT_STATES.filter((st) => (byState[st] ?? 0) > 0)
    .map((st) => `${count(byState[st] ?? 0)} ${STATE_LABEL[st].toLowerCase()}`)
    .join('; ');
}

/** "3 unsent items ($1,250.00: 1 draft; 2 approved, to send)". */
export function unsentInWords(s: UnsentSummary): string {
  if (s.rows === 0) return 'No unsent items';
  return `${plural(s.rows, 'unsent item')} (${money(s.totalCents)}: ${statesInWords(s.byState)})`;
}

export type ProtectedAction = 'clear-cache' | 'remove-profile';

/**
 * Why `action` may not go ahead yet, in words for the person, or null when nothing unsent stops
 * it: rows left are sent (they leave the queue), exported after their last change, or discarded.
 */
export function unsentRefusal(s: UnsentSummary, action: ProtectedAction): string | null {
  if (s.blocking === 0) return null;
  const what = action === 'clear-cache' ? 'The cache was not cleared' : 'The profile was not removed';
  const parts = [
    s.unhandled > 0
      ? `${plural(s.unhandled, 'unsent item')} (${money(s.unhandledCents)}) ${s.unhandled === 1 ? 'is' : 'are'} neither sent, exported nor discarded`
      : '',
    s.sending > 0
      ? `${plural(s.sending, 'item')} ${s.sending === 1 ? 'is' : 'are'} being sent right now; wait for the service’s answer`
      : '',
  ].filter(Boolean);
  const how = s.unhandled > 0 ? ' Send them, export them, or discard them, then try again.' : '';
  return `${what}: ${parts.join('; ')}.${how}`;
}
