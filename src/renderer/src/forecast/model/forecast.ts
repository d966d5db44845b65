import { commissionDatesBetween, type CommissionFrequency } from '../../../../shared/accounts/commission-dates';
import { money } from '../../model/format';
import { DAY_MS, utcDayStart } from './days';

/**
 * The 30-day cash forecast per virtual account (docs/features/cash-position.md, "The Dashboard and the 30-day cash forecast"), in integer cents:
 * today's cached balance, plus and minus the outbox's approved rows on the day they go, minus the
 * account's commission collections on their due days (which the primary account receives: the
 * service moves them there: docs/service.md, "Virtual accounts and commission rules"), minus its card spend projected from its own recent
 * history. Pure: the screen gathers the inputs, this only counts.
 */

/** Days shown: today (day 0) and the 29 after it, UTC. */
export const HORIZON_DAYS = 30;
/** Full UTC days of card history the projection averages (the days before today). */
export const HISTORY_DAYS = 28;

export interface ForecastAccount {
  id: string;
  name: string;
  balanceCents: number;
  /** The account's flat-fee commission rule, when it has one with a start date. */
  commission?: { amountCents: number; frequency: CommissionFrequency; startDate: string };
  /** Card spend (positive cents) over the HISTORY_DAYS full days before today. */
  cardSpendHistoryCents: number;
}

/** Money the outbox will move: out of `fromId` and into `toId` (either may be outside our accounts). */
export interface ForecastMovement {
  id: string;
  kind: 'transfer' | 'payment';
  fromId?: string;
  toId?: string;
  amountCents: number;
  /** When it goes: its scheduled time, or when it was approved for a row due now. */
  atMs: number;
  label: string;
  /** What the source and destination are called where they are not our accounts (a payee's handle). */
  fromName?: string;
  toName?: string;
}

export interface ForecastInputs {
  accounts: readonly ForecastAccount[];
  movements: readonly ForecastMovement[];
  /** The primary account: commissions are paid into it, and it never pays one itself. */
  primaryId?: string;
  /** When the balances were read from the service; absent: now (nothing happened since). */
  asOf?: number;
}

export type ForecastEventKind = 'transfer-out' | 'transfer-in' | 'payment' | 'commission' | 'commission-in';

/** A dated change the forecast applies (card spend is a daily rate, not an event). */
export interface ForecastEvent {
  day: number;
  kind: ForecastEventKind;
  /** Signed: money out is negative. */
  amountCents: number;
  movementId?: string;
  label: string;
  /** The other side of the flow: an account id when the money moves between accounts (a transfer, a commission). */
  counterpartId?: string;
  /** What the other side is called: an account's name, a payee's handle. */
  counterpartName?: string;
}

export interface ForecastDay {
  dayMs: number;
  /** The projected balance at the end of the day. */
  endCents: number;
}

/** A point of the chart: the balance at an instant. */
export interface ForecastPoint {
  atMs: number;
  cents: number;
}

/** A balance over the horizon: where it starts, each day's end, and its lowest. */
export interface ForecastSeries {
  /** Today's balance: the cached one, where the chart and the words start. */
  startCents: number;
  days: ForecastDay[];
  /** The chart's line: today's balance now, then each day's end at the midnight that ends it. */
  points: ForecastPoint[];
  /** The lowest of the balance now and the days' ends (now wins a tie, then the earliest day). */
  lowest: ForecastDay;
  /** Whether the lowest is the balance now (nothing ahead takes it lower). */
  lowestIsNow: boolean;
  /** The first day that ends below zero, if any. */
  firstNegative?: ForecastDay;
}

export interface AccountForecast extends ForecastSeries {
  accountId: string;
  name: string;
  dailySpendCents: number;
  events: ForecastEvent[];
}

/** The average daily spend over the history, in cents, rounded to the nearest cent (halves up). */
export function dailySpendOf(historyCents: number): number {
  const total = Math.max(0, historyCents);
  return Math.floor((2 * total + HISTORY_DAYS) / (2 * HISTORY_DAYS));
}

/** Which of the horizon's days an instant falls on; a time already past counts as today. */
function dayIndex(atMs: number, todayMs: number): number {
  return Math.max(0, Math.floor((atMs - todayMs) / DAY_MS));
}

/**
 * Collections not in the cached balance and due within the horizon: from when the balance was
 * read (asOf), not from now, since one due between the last sync and now was taken after the
 * balance was read; those land on day 0. One due before asOf is in the balance already.
 */
function collections(account: ForecastAccount, asOf: number, todayMs: number): number[] {
  return account.commission ? commissionDatesBetween(account.commission, asOf, todayMs + HORIZON_DAYS * DAY_MS) : [];
}

/** The other side of a flow: its id when it is an account, and its name as the inputs know it. */
function counterpart(id: string | undefined, name: string | undefined, inputs: ForecastInputs) {
  // Our account's own name first: the row's label was written when it was queued and may be stale.
  const named = inputs.accounts.find((a) => a.id === id)?.name ?? name ?? id;
  return {
    ...(id !== undefined ? { counterpartId: id } : {}),
    ...(named !== undefined ? { counterpartName: named } : {}),
  };
}

function eventsOf(account: ForecastAccount, inputs: ForecastInputs, now: number, todayMs: number): ForecastEvent[] {
  const since = Math.min(inputs.asOf ?? now, now);
  const events: ForecastEvent[] = [];
  for (const m of inputs.movements) {
    const day = dayIndex(m.atMs, todayMs);
    if (day >= HORIZON_DAYS) continue;
    if (m.fromId === account.id)
      events.push({
        day,
        kind: m.kind === 'transfer' ? 'transfer-out' : 'payment',
        amountCents: -m.amountCents,
        movementId: m.id,
        label: m.label,
        ...counterpart(m.toId, m.toName, inputs),
      });
    if (m.toId === account.id)
      events.push({
        day,
        kind: 'transfer-in',
        amountCents: m.amountCents,
        movementId: m.id,
        label: m.label,
        ...counterpart(m.fromId, m.fromName, inputs),
      });
  }
  if (account.id === inputs.primaryId) {
    for (const other of inputs.accounts) {
      if (other.id === account.id || !other.commission) continue;
      for (const due of collections(other, since, todayMs))
        events.push({
          day: dayIndex(due, todayMs),
          kind: 'commission-in',
          amountCents: other.commission.amountCents,
          label: `Commission ${money(other.commission.amountCents)} from ${other.name}`,
          counterpartId: other.id,
          counterpartName: other.name,
        });
    }
  } else if (account.commission) {
    const primary = inputs.accounts.find((a) => a.id === inputs.primaryId);
    for (const due of collections(account, since, todayMs))
      events.push({
        day: dayIndex(due, todayMs),
        kind: 'commission',
        amountCents: -account.commission.amountCents,
        label: `Commission ${money(account.commission.amountCents)}`,
        ...(primary ? { counterpartId: primary.id, counterpartName: primary.name } : {}),
      });
  }
  return events.sort((a, b) => a.day - b.day);
}

/**
 * A series from its balance now and its days' ends: the chart's points, the lowest, the first day
 * below zero. One reading for an account and for the company, so both say "lowest" alike.
 */
export function seriesOf(startCents: number, days: ForecastDay[], now: number): ForecastSeries {
  // The balance now is a candidate too: an end of day above it (money coming in today) is not the lowest.
  let lowest: ForecastDay = { dayMs: utcDayStart(now), endCents: startCents };
  let lowestIsNow = true;
  let firstNegative: ForecastDay | undefined;
  for (const day of days) {
    if (day.endCents < lowest.endCents) {
      lowest = day;
      lowestIsNow = false;
    }
    if (!firstNegative && day.endCents < 0) firstNegative = day;
  }
  const points = [
    { atMs: now, cents: startCents },
    ...days.map((d) => ({ atMs: d.dayMs + DAY_MS, cents: d.endCents })),
  ];
  return { startCents, days, points, lowest, lowestIsNow, ...(firstNegative ? { firstNegative } : {}) };
}

export function forecastAccount(account: ForecastAccount, inputs: ForecastInputs, now: number): AccountForecast {
  const todayMs = utcDayStart(now);
  const dailySpendCents = dailySpendOf(account.cardSpendHistoryCents);
  const events = eventsOf(account, inputs, now, todayMs);
  const change = new Map<number, number>();
  for (const e of events) change.set(e.day, (change.get(e.day) ?? 0) + e.amountCents);
  const days: ForecastDay[] = [];
  let running = account.balanceCents;
  for (let d = 0; d < HORIZON_DAYS; d++) {
    // Today's card spend so far is already in the balance: projected spend starts tomorrow.
    running += (change.get(d) ?? 0) - (d === 0 ? 0 : dailySpendCents);
    days.push({ dayMs: todayMs + d * DAY_MS, endCents: running });
  }
  return {
    accountId: account.id,
    name: account.name,
    dailySpendCents,
    events,
    ...seriesOf(account.balanceCents, days, now),
  };
}

/** Every account's daily series, in the order given. */
export function forecast(inputs: ForecastInputs, now: number): AccountForecast[] {
  return inputs.accounts.map((a) => forecastAccount(a, inputs, now));
}
