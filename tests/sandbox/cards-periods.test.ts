import { describe, expect, it } from 'vitest';
import { calendarMonthUtc, currentPeriod, isStartDateAllowed, periodOnDay } from '../../src/shared/spending/periods';
import { startOfDayIn } from '../../src/shared/spending/zoned-days';
import { categoryMatches, merchantCategoryOf } from '../../src/shared/spending/merchant-categories';

const p = (preset: 'daily' | 'weekly' | 'monthly' | 'yearly' | 'collective', today: string, startDate?: string) =>
  periodOnDay({ preset, ...(startDate ? { startDate } : {}) }, today);

describe('limit periods on local days', () => {
  it('daily is today, whatever the startDate', () => {
    expect(p('daily', '2025-03-12')).toEqual({ startDay: '2025-03-12', endDay: '2025-03-13' });
    expect(p('daily', '2025-12-31', '2025-01-05')).toEqual({ startDay: '2025-12-31', endDay: '2026-01-01' });
  });

  it('weekly without startDate is the calendar week from Monday', () => {
    expect(p('weekly', '2025-03-12')).toEqual({ startDay: '2025-03-10', endDay: '2025-03-17' });
    expect(p('weekly', '2025-03-16')).toEqual({ startDay: '2025-03-10', endDay: '2025-03-17' });
    expect(p('weekly', '2025-03-17')).toEqual({ startDay: '2025-03-17', endDay: '2025-03-24' });
  });

  it('weekly with startDate counts whole weeks from it', () => {
    expect(p('weekly', '2025-03-12', '2025-03-01')).toEqual({ startDay: '2025-03-08', endDay: '2025-03-15' });
    expect(p('weekly', '2025-03-01', '2025-03-01')).toEqual({ startDay: '2025-03-01', endDay: '2025-03-08' });
    expect(p('weekly', '2025-03-20', '2025-03-25')).toEqual({ startDay: '2025-03-25', endDay: '2025-04-01' });
  });

  it('monthly without startDate is the calendar month', () => {
    expect(p('monthly', '2025-03-12')).toEqual({ startDay: '2025-03-01', endDay: '2025-04-01' });
    expect(p('monthly', '2025-12-31')).toEqual({ startDay: '2025-12-01', endDay: '2026-01-01' });
  });

  it('monthly with startDate resets on its day of the month, clamped to short months', () => {
    expect(p('monthly', '2025-03-12', '2025-01-15')).toEqual({ startDay: '2025-02-15', endDay: '2025-03-15' });
    expect(p('monthly', '2025-03-15', '2025-01-15')).toEqual({ startDay: '2025-03-15', endDay: '2025-04-15' });
    expect(p('monthly', '2025-02-15', '2025-01-31')).toEqual({ startDay: '2025-01-31', endDay: '2025-02-28' });
    expect(p('monthly', '2025-02-28', '2025-01-31')).toEqual({ startDay: '2025-02-28', endDay: '2025-03-31' });
    expect(p('monthly', '2025-03-05', '2025-01-31')).toEqual({ startDay: '2025-02-28', endDay: '2025-03-31' });
    expect(p('monthly', '2025-01-10', '2024-12-20')).toEqual({ startDay: '2024-12-20', endDay: '2025-01-20' });
    expect(p('monthly', '2025-03-12', '2025-03-20')).toEqual({ startDay: '2025-03-20', endDay: '2025-04-20' });
  });

  it('yearly resets on the calendar year or on the startDate anniversary (29 Feb clamped)', () => {
    expect(p('yearly', '2025-03-12')).toEqual({ startDay: '2025-01-01', endDay: '2026-01-01' });
    expect(p('yearly', '2025-03-12', '2023-06-01')).toEqual({ startDay: '2024-06-01', endDay: '2025-06-01' });
    expect(p('yearly', '2025-02-27', '2024-02-29')).toEqual({ startDay: '2024-02-29', endDay: '2025-02-28' });
    expect(p('yearly', '2025-02-28', '2024-02-29')).toEqual({ startDay: '2025-02-28', endDay: '2026-02-28' });
  });

  it('collective has no start and no reset', () => {
    expect(p('collective', '2025-03-12', '2025-01-01')).toEqual({});
  });
});

describe('periods as instants', () => {
  it('finds local midnight across DST changes and far-off zones', () => {
    expect(new Date(startOfDayIn('2025-03-09', 'America/New_York')).toISOString()).toBe('2025-03-09T05:00:00.000Z');
    expect(new Date(startOfDayIn('2025-03-10', 'America/New_York')).toISOString()).toBe('2025-03-10T04:00:00.000Z');
    expect(new Date(startOfDayIn('2025-03-11', 'Pacific/Kiritimati')).toISOString()).toBe('2025-03-10T10:00:00.000Z');
    expect(new Date(startOfDayIn('2025-03-10')).toISOString()).toBe('2025-03-10T00:00:00.000Z');
  });

  it('uses the local day of the limit zone', () => {
    // 03:00 UTC on 10 March is still 9 March (23:00) in New York.
    const at = Date.parse('2025-03-10T03:00:00.000Z');
    const ny = currentPeriod({ preset: 'daily', timezone: 'America/New_York' }, at);
    expect(new Date(ny.startMs!).toISOString()).toBe('2025-03-09T05:00:00.000Z');
    expect(new Date(ny.endMs!).toISOString()).toBe('2025-03-10T04:00:00.000Z');
    const utc = currentPeriod({ preset: 'daily' }, at);
    expect(new Date(utc.startMs!).toISOString()).toBe('2025-03-10T00:00:00.000Z');
    expect(currentPeriod({ preset: 'collective' }, at)).toEqual({});
    const month = calendarMonthUtc(at);
    expect(new Date(month.startMs!).toISOString()).toBe('2025-03-01T00:00:00.000Z');
    expect(new Date(month.endMs!).toISOString()).toBe('2025-04-01T00:00:00.000Z');
  });

  it('allows a startDate of today or earlier in the limit zone only', () => {
    const at = Date.parse('2025-03-10T12:00:00.000Z');
    expect(isStartDateAllowed({}, at)).toBe(true);
    expect(isStartDateAllowed({ startDate: '2025-03-10' }, at)).toBe(true);
    expect(isStartDateAllowed({ startDate: '2025-03-11' }, at)).toBe(false);
    expect(isStartDateAllowed({ startDate: '2025-03-11', timezone: 'Pacific/Kiritimati' }, at)).toBe(true);
    expect(isStartDateAllowed({ startDate: '2025-03-12', timezone: 'Pacific/Kiritimati' }, at)).toBe(false);
    const early = Date.parse('2025-03-10T05:00:00.000Z');
    expect(isStartDateAllowed({ startDate: '2025-03-10', timezone: 'Pacific/Pago_Pago' }, early)).toBe(false);
  });
});

describe('merchant categories', () => {
  it('maps MCCs to coarse names and matches names or codes case-insensitively', () => {
    expect(merchantCategoryOf('7372')).toBe('software');
    expect(merchantCategoryOf('3058')).toBe('airlines');
    expect(merchantCategoryOf('3509')).toBe('lodging');
    expect(merchantCategoryOf('0001')).toBe('other');
    expect(categoryMatches('Software', '7372')).toBe(true);
    expect(categoryMatches('7372', '7372')).toBe(true);
    expect(categoryMatches('restaurants', '7372')).toBe(false);
  });
});
