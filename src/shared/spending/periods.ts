import type { UtilizationLimit } from '../service/spending-constraint';
import { addDays, clampedDay, dayIn, daysBetween, parseDay, startOfDayIn, weekdayOf } from './zoned-days';

/** A limit's current period in local days: [startDay, endDay). Both absent for `collective` (all time). */
export interface DayPeriod {
  startDay?: string;
  endDay?: string;
}

/** The same period as instants; `endMs` is when the limit next resets. */
export interface Period {
  startMs?: number;
  endMs?: number;
}

/**
 * The period containing the local day `today`. `daily` is today (startDate ignored, as the
 * contract says: docs/service.md, "Spending constraints"). `weekly`/`monthly`/`yearly` count whole periods from `startDate` when given, else use the
 * calendar week (Monday first), month or year. A startDate after today (possible only for limits
 * written before that rule was checked, or seeded) makes the first period start on it.
 */
export function periodOnDay(limit: Pick<UtilizationLimit, 'preset' | 'startDate'>, today: string): DayPeriod {
  const start = limit.startDate;
  switch (limit.preset) {
    case 'daily':
      return { startDay: today, endDay: addDays(today, 1) };
    case 'collective':
      return {};
    case 'weekly': {
      if (!start) {
        const monday = addDays(today, -weekdayOf(today));
        return { startDay: monday, endDay: addDays(monday, 7) };
      }
      const k = Math.max(0, Math.floor(daysBetween(start, today) / 7));
      const from = addDays(start, 7 * k);
      return { startDay: from, endDay: addDays(from, 7) };
    }
    case 'monthly': {
      const [ty, tm] = parseDay(today);
      if (!start) return { startDay: clampedDay(ty, tm, 1), endDay: clampedDay(ty, tm + 1, 1) };
      if (start > today) return monthlyFrom(start, 0);
      const [, , sd] = parseDay(start);
      const thisMonth = clampedDay(ty, tm, sd);
      const offset = thisMonth <= today ? 0 : -1;
      return { startDay: clampedDay(ty, tm + offset, sd), endDay: clampedDay(ty, tm + offset + 1, sd) };
    }
    case 'yearly': {
      const [ty] = parseDay(today);
      if (!start) return { startDay: clampedDay(ty, 1, 1), endDay: clampedDay(ty + 1, 1, 1) };
      const [sy, sm, sd] = parseDay(start);
      if (start > today) return { startDay: start, endDay: clampedDay(sy + 1, sm, sd) };
      const thisYear = clampedDay(ty, sm, sd);
      const y = thisYear <= today ? ty : ty - 1;
      return { startDay: clampedDay(y, sm, sd), endDay: clampedDay(y + 1, sm, sd) };
    }
  }
}

function monthlyFrom(start: string, months: number): DayPeriod {
  const [sy, sm, sd] = parseDay(start);
  return { startDay: clampedDay(sy, sm + months, sd), endDay: clampedDay(sy, sm + months + 1, sd) };
}

/** The limit's current period at `nowMs`, in instants of the limit's zone (UTC when omitted). */
export function currentPeriod(
  limit: Pick<UtilizationLimit, 'preset' | 'startDate' | 'timezone'>,
  nowMs: number,
): Period {
  const tz = limit.timezone ?? 'UTC';
  const days = periodOnDay(limit, dayIn(nowMs, tz));
  return {
    ...(days.startDay ? { startMs: startOfDayIn(days.startDay, tz) } : {}),
    ...(days.endDay ? { endMs: startOfDayIn(days.endDay, tz) } : {}),
  };
}

/** Without a limit, utilization reports the current calendar month in UTC. */
export function calendarMonthUtc(nowMs: number): Period {
  return currentPeriod({ preset: 'monthly' }, nowMs);
}

/** A startDate must be today or earlier in the limit's own zone. */
export function isStartDateAllowed(limit: Pick<UtilizationLimit, 'startDate' | 'timezone'>, nowMs: number): boolean {
  if (!limit.startDate) return true;
  return limit.startDate <= dayIn(nowMs, limit.timezone ?? 'UTC');
}
