import type { OutboxRow } from '../../../../shared/outbox';
import { money } from '../../model/format';

/** What a pause holds back: approved items that would go now, and their total. */
export interface HeldSummary {
  count: number;
  /** Every queued transfer and payment is in US dollars (integer cents); notes count as items, not money. */
  totalCents: number;
}

/**
 * An approved row that would be sent now but for the pause: due (not scheduled for later). A row
 * already being sent is not held: a pause never cuts a send in flight.
 */
export function isHeld(row: OutboxRow, now: number): boolean {
  return row.state === 'approved' && !row.team && (row.notBefore ?? 0) <= now;
}

export function heldSummary(rows: readonly OutboxRow[], now: number): HeldSummary {
  let count = 0;
  let totalCents = 0;
  for (const r of rows) {
    if (!isHeld(r, now)) continue;
    count += 1;
    totalCents += r.amountCents;
  }
  return { count, totalCents };
}

/** Adds what the team's approved rows hold (main's team sender paused) to this desktop's own. */
export function addHeld(a: HeldSummary, b: HeldSummary): HeldSummary {
  return { count: a.count + b.count, totalCents: a.totalCents + b.totalCents };
}

/** "1 approved item, $18,250.00, held" / "Nothing approved is held". */
export function heldWords(h: HeldSummary): string {
  if (h.count === 0) return 'nothing approved is waiting';
  return `${h.count} approved item${h.count === 1 ? '' : 's'}, ${money(h.totalCents)}, held`;
}

/** What a held row says on its queue, wherever it is shown. */
export const HELD_LINE = 'Held: sending is paused. It goes out when you resume.';
