import { formatCents } from '../../../../shared/money';
import type { OutboxRow } from '../../../../shared/outbox';

export interface QueuePlan {
  /** Approved rows that may be sent now. */
  due: string[];
  /** Approved rows that wait, and why (in words a person reads on the queue screen). */
  waiting: Map<string, string>;
}

/**
 * How far a source may run ahead of its answers. One row in flight per source leaves a drain
 * bound by the round trip (200 transfers from one account are 200 round trips in a row); several
 * transfers from an account that covers all of them end the same whichever the service takes
 * first. Each keeps its own key, so a crash with several in flight resends each once.
 */
export interface SendWindow {
  /** Most transfers in flight from one source. */
  max: number;
  /** Cents each source (`va:<id>`) holds now, less what was sent since; a source not here sends one row at a time. */
  availableCents: ReadonlyMap<string, number>;
}

/** What is in flight from one source as the plan walks its rows in order. */
interface Lane {
  first: OutboxRow;
  inFlight: number;
  cents: number;
  /** A row ahead waits (backoff, funding, a payment or note in flight): nothing behind it joins. */
  closed: boolean;
}

/** A transfer joins the rows in flight ahead of it when the window allows it and the source covers them all. */
function joins(lane: Lane, row: OutboxRow, window: SendWindow | undefined): boolean {
  if (!window || lane.closed || row.kind !== 'transfer' || lane.inFlight >= window.max) return false;
  const available = window.availableCents.get(row.sourceKey);
  return available !== undefined && lane.cents + row.amountCents <= available;
}

const ORDER = (a: OutboxRow, b: OutboxRow) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Which approved rows may go now. Rows spending from one source go oldest first, each after the
 * one before it is sent (or fails, or is canceled); a row spending from an account that an
 * earlier queued row pays into waits for that row, so A->B then B->C never spends money B has
 * not received. A row scheduled for later holds nobody up; a row waiting out a backoff keeps its
 * place.
 */
export function planQueue(rows: readonly OutboxRow[], now: number, window?: SendWindow): QueuePlan {
  const due: string[] = [];
  const waiting = new Map<string, string>();
  const lanes = new Map<string, Lane>();
  const unfunded = new Map<string, OutboxRow>();
  for (const row of [...rows].filter((r) => r.state === 'approved' || r.state === 'sending').sort(ORDER)) {
    if (row.state === 'approved' && (row.notBefore ?? 0) > now) {
      waiting.set(
        row.id,
        `Scheduled for ${new Date(row.notBefore as number).toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
      );
      continue;
    }
    const ahead = lanes.get(row.sourceKey);
    const funder = unfunded.get(row.sourceKey);
    let goes = row.state === 'sending';
    if (row.state === 'approved') {
      if (ahead && !joins(ahead, row, window))
        waiting.set(
          row.id,
          `Waits for an earlier ${ahead.first.kind} from the same source (${describe(ahead.first)}) to be sent.`,
        );
      else if (funder)
        waiting.set(
          row.id,
          `Waits for the transfer that funds its source (${describe(funder)}) to be sent or to fail.`,
        );
      else if ((row.nextAttemptAt ?? 0) > now)
        waiting.set(
          row.id,
          `Will try again at ${new Date(row.nextAttemptAt as number).toISOString().slice(11, 19)} UTC.`,
        );
      else goes = true;
      if (goes) due.push(row.id);
    }
    const lane = ahead ?? { first: row, inFlight: 0, cents: 0, closed: false };
    lanes.set(row.sourceKey, lane);
    if (goes && row.kind === 'transfer') {
      lane.inFlight++;
      lane.cents += row.amountCents;
    } else lane.closed = true;
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
