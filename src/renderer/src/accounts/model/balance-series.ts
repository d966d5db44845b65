import type { DetailedStatus, TransactionStatus } from '../../../../shared/service';

const DAY_MS = 86_400_000;

/** What the walk needs of a cached transaction. */
export interface BalanceMove {
  date: string;
  amountCents: number;
  status: TransactionStatus;
  detailedStatus: DetailedStatus;
}

export interface BalancePoint {
  /** Start of the UTC day (transaction dates are UTC days). */
  dayMs: number;
  /** The balance at the end of that day, in cents. */
  endCents: number;
}

/** Detailed statuses of attempts that never touched a balance, or have not yet (docs/service.md, "Statuses and what they do to balances"). */
const NO_MOVE: readonly DetailedStatus[] = ['failed', 'declined', 'canceled', 'pending_approval', 'in_review'];

/**
 * Whether a transaction moves the balance the service reports (docs/service.md, "Statuses and what they do to balances"): posted and pending
 * ones do (the reported balance is the available one), failed, declined and canceled ones do not,
 * and neither do those still held for approval or in review, which no balance reflects yet. The
 * one rule for the chart and the export (export-rows.ts), so the two never disagree.
 */
export function movesBalance(t: Pick<BalanceMove, 'status' | 'detailedStatus'>): boolean {
  if (t.status !== 'posted' && t.status !== 'pending') return false;
  return !NO_MOVE.includes(t.detailedStatus);
}

export function utcDayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/**
 * The end-of-day balance of each of the last `days` UTC days up to the day of `nowMs`, oldest
 * first, by walking back from `currentCents` (the balance now): the balance at the end of a day is
 * the balance now less every move dated after that day. Moves dated after now (none should be)
 * count as already in the current balance, like the service's.
 */
export function balanceSeries(
  currentCents: number,
  moves: readonly BalanceMove[],
  nowMs: number,
  days = 90,
): BalancePoint[] {
  if (days <= 0) return [];
  const today = utcDayStart(nowMs);
  const dated = moves
    .filter(movesBalance)
    .map((m) => ({ ms: Date.parse(m.date), cents: m.amountCents }))
    .filter((m) => Number.isFinite(m.ms))
    .sort((a, b) => b.ms - a.ms);
  const out: BalancePoint[] = new Array<BalancePoint>(days);
  let balance = currentCents;
  let i = 0;
  for (let k = 0; k < days; k++) {
    const dayMs = today - k * DAY_MS;
    const dayEnd = dayMs + DAY_MS;
    // Take back every move dated after the end of this day.
    while (i < dated.length && (dated[i] as { ms: number }).ms >= dayEnd) {
      balance -= (dated[i] as { cents: number }).cents;
      i++;
    }
    out[days - 1 - k] = { dayMs, endCents: balance };
  }
  return out;
}

export interface SeriesSummary {
  start: BalancePoint;
  end: BalancePoint;
  lowest: BalancePoint;
  highest: BalancePoint;
}

/** The first, last, lowest and highest points (the earliest day wins a tie); undefined when empty. */
export function summarizeSeries(points: readonly BalancePoint[]): SeriesSummary | undefined {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return undefined;
  let lowest = first;
  let highest = first;
  for (const p of points) {
    if (p.endCents < lowest.endCents) lowest = p;
    if (p.endCents > highest.endCents) highest = p;
  }
  return { start: first, end: last, lowest, highest };
}
