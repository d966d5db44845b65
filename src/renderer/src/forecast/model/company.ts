import { money } from '../../model/format';
import { DAY_MS, utcDayStart } from './days';
import { HORIZON_DAYS, seriesOf, type AccountForecast, type ForecastEvent, type ForecastSeries } from './forecast';

/**
 * The company's cash forecast: every open account's forecast (forecast.ts, the one model) summed
 * day by day, and the known flows of the horizon listed once each. Money moving between two of
 * our accounts (a transfer, a commission paid into the primary) leaves the sum unchanged, as it
 * leaves the company's cash: such a flow is listed as internal. Pure: it only adds.
 */

/** A dated flow the forecast knows of (card spend is a daily rate, not a flow). */
export interface KnownFlow {
  /** Day index in the horizon (0: today) and the UTC day's start. */
  day: number;
  dayMs: number;
  kind: 'transfer' | 'payment' | 'commission';
  /** What it is, without its amount or account: "Transfer", "Payment to @acme", "Commission". */
  what: string;
  /** The account it moves: "Operating", or "Operating → Payroll" between two of ours. */
  account: string;
  /** The amount moved, from the paying account's side: money out is negative. */
  amountCents: number;
  /** What it does to the company's cash: 0 between our own accounts. */
  companyCents: number;
  internal: boolean;
  /** The short label a chart's step carries: "Payroll transfer −$18,250.00". */
  step: string;
}

export interface CompanyForecast extends ForecastSeries {
  /** The projected card spend a day of all accounts together. */
  dailySpendCents: number;
  /** Every known flow of the horizon, by day, in the accounts' order within a day. */
  flows: KnownFlow[];
}

/** "−$18,250.00" / "+$250.00": a change, with a true minus sign, as a chart's label reads it. */
export function signedMoney(cents: number): string {
  return cents < 0 ? `\u2212${money(-cents)}` : `+${money(cents)}`;
}

const KIND: Record<ForecastEvent['kind'], KnownFlow['kind']> = {
  'transfer-out': 'transfer',
  'transfer-in': 'transfer',
  payment: 'payment',
  commission: 'commission',
  'commission-in': 'commission',
};

/** An event's short label, from its account's side: "Payroll transfer −$18,250.00". */
export function stepLabel(e: ForecastEvent): string {
  const other = e.counterpartName ?? 'Unknown';
  const amount = signedMoney(e.amountCents);
  switch (e.kind) {
    case 'transfer-out':
    case 'transfer-in':
      return `${other} transfer ${amount}`;
    case 'payment':
      return `${other} payment ${amount}`;
    case 'commission':
      return `Commission ${amount}`;
    case 'commission-in':
      return `Commission from ${other} ${amount}`;
  }
}

function whatOf(e: ForecastEvent, internal: boolean): string {
  const other = e.counterpartName ?? 'an account outside this profile';
  switch (e.kind) {
    case 'transfer-out':
      return internal ? 'Transfer' : `Transfer to ${other}`;
    case 'transfer-in':
      return `Transfer from ${other}`;
    case 'payment':
      return `Payment to ${other}`;
    case 'commission':
    case 'commission-in':
      return 'Commission';
  }
}

/** The known flows of the accounts' forecasts: one per flow, an internal one from its paying side. */
export function knownFlows(accounts: readonly AccountForecast[]): KnownFlow[] {
  const ours = new Set(accounts.map((f) => f.accountId));
  const flows: KnownFlow[] = [];
  for (const f of accounts) {
    const todayMs = f.days[0]?.dayMs ?? 0;
    for (const e of f.events) {
      const internal = e.counterpartId !== undefined && ours.has(e.counterpartId);
      // Between two of ours, both sides hold an event: list it once, where the money leaves.
      if (internal && e.amountCents > 0) continue;
      flows.push({
        day: e.day,
        dayMs: todayMs + e.day * DAY_MS,
        kind: KIND[e.kind],
        what: whatOf(e, internal),
        account: internal ? `${f.name} → ${e.counterpartName ?? ''}` : f.name,
        amountCents: e.amountCents,
        companyCents: internal ? 0 : e.amountCents,
        internal,
        step: stepLabel(e),
      });
    }
  }
  // A stable sort: within a day, the accounts' order and each account's own.
  return flows.sort((a, b) => a.day - b.day);
}

/** All the accounts' forecasts summed day by day, from the same moment `now` they were made at. */
export function companyForecast(accounts: readonly AccountForecast[], now: number): CompanyForecast {
  const startCents = accounts.reduce((sum, f) => sum + f.startCents, 0);
  const todayMs = accounts[0]?.days[0]?.dayMs ?? utcDayStart(now);
  const days = Array.from({ length: HORIZON_DAYS }, (_, d) => ({
    dayMs: todayMs + d * DAY_MS,
    endCents: accounts.reduce((sum, f) => sum + (f.days[d]?.endCents ?? f.startCents), 0),
  }));
  return {
    ...seriesOf(startCents, days, now),
    dailySpendCents: accounts.reduce((sum, f) => sum + f.dailySpendCents, 0),
    flows: knownFlows(accounts),
  };
}

/** Something a chart marks on a day of the horizon. */
export interface StepItem {
  day: number;
  step: string;
  amountCents: number;
}

/**
 * The chart's steps of a series: one per day that has known flows, drawn in the middle of that
 * day (today: between now and midnight), labelled with the flow, or with how many and their net
 * change when a day has several (the summary and the table list each one); the net change alone where the chart has no room.
 */
export function stepsOf(
  series: ForecastSeries,
  items: readonly StepItem[],
): { x: number; label: string; short: string }[] {
  const now = series.points[0]?.atMs ?? series.days[0]?.dayMs ?? 0;
  const byDay = new Map<number, StepItem[]>();
  for (const i of items) byDay.set(i.day, [...(byDay.get(i.day) ?? []), i]);
  return [...byDay].map(([day, list]) => {
    const start = day === 0 ? now : (series.days[day]?.dayMs ?? now);
    const end = (series.days[day]?.dayMs ?? start) + DAY_MS;
    const net = list.reduce((sum, i) => sum + i.amountCents, 0);
    const [only] = list;
    return {
      x: (start + end) / 2,
      label: list.length === 1 && only ? only.step : `${list.length} flows ${signedMoney(net)}`,
      short: signedMoney(net),
    };
  });
}

/** An account's events as chart steps. */
export const accountSteps = (f: AccountForecast): StepItem[] =>
  f.events.map((e) => ({ day: e.day, step: stepLabel(e), amountCents: e.amountCents }));

/** The company's steps: the flows that change its cash (internal ones move none of it). */
export const companySteps = (c: CompanyForecast): StepItem[] =>
  c.flows.filter((f) => !f.internal).map((f) => ({ day: f.day, step: f.step, amountCents: f.companyCents }));
