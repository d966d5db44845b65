import { formatCents } from '../../../../shared/money';
import type { OutboxRow } from '../../../../shared/outbox';

export interface QueuePlan {
  /** Approved rows that may be sent now. */
  due: string[];
  /** Approved rows that wait, and why (in words a person reads on the queue screen). */
  waiting: Map<string, string>;
}

const ORDER = (a: OutboxRow, b: OutboxRow) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Which approved rows may go now. Rows spending from one source go oldest first, each after the
 * one before it is sent (or fails, or is canceled); a row spending from an account that an
 * earlier queued row pays into waits for that row, so A->B then B->C never spends money B has
 * not received. A row scheduled for later holds nobody up; a row waiting out a backoff keeps its
 * place.
 */
export function planQueue(rows: readonly OutboxRow[], now: number): QueuePlan {
  const due: string[] = [];
  const waiting = new Map<string, string>();
  const busySources = new Map<string, OutboxRow>();
  const unfunded = new Map<string, OutboxRow>();
  for (const row of [...rows].filter((r) => r.state === 'approved' || r.state === 'sending').sort(ORDER)) {
    if (row.state === 'approved' && (row.notBefore ?? 0) > now) {
      waiting.set(row.id, `Scheduled for ${new Date(row.notBefore as number).toISOString().slice(0, 16).replace('T', ' ')} UTC.`);
      continue;
    }
    const ahead = busySources.get(row.sourceKey);
    const funder = unfunded.get(row.sourceKey);
    if (row.state === 'approved') {
      if (ahead) waiting.set(row.id, `Waits for an earlier ${ahead.kind} from the same source (${describe(ahead)}) to be sent.`);
      else if (funder) waiting.set(row.id, `Waits for the transfer that funds its source (${describe(funder)}) to be sent or to fail.`);
      else if ((row.nextAttemptAt ?? 0) > now) waiting.set(row.id, `Will try again at ${new Date(row.nextAttemptAt as number).toISOString().slice(11, 19)} UTC.`);
      else due.push(row.id);
    }
    if (!busySources.has(row.sourceKey)) busySources.set(row.sourceKey, row);
    if (row.fundsKey && !unfunded.has(row.fundsKey)) unfunded.set(row.fundsKey, row);
  }
  return { due, waiting };
}

function describe(row: OutboxRow): string {
  return `$${formatCents(row.amountCents)}${row.labels.destination ? ` to ${row.labels.destination}` : ''}`;
}

/** When the next approved row becomes due by its own clock (schedule or backoff), after now; null if none. */
export function nextDueAfter(rows: readonly OutboxRow[], now: number): number | null {
  let next: number | null = null;
  for (const r of rows) {
    if (r.state !== 'approved') continue;
    const at = Math.max(r.notBefore ?? 0, r.nextAttemptAt ?? 0);
    if (at > now && (next === null || at < next)) next = at;
  }
  return next;
}
