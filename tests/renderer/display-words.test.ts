import { afterEach, describe, expect, it } from 'vitest';
import {
  codeWords,
  dateTime,
  day,
  dayOf,
  monthOf,
  setDateLocale,
  shortDayOf,
} from '../../src/renderer/src/model/format';
import {
  categoryCodeWords,
  declineWords,
  detailedStatusWords,
  feeTypeWords,
  statusMeaning,
  statusWords,
} from '../../src/renderer/src/model/transaction-words';
import { DETAILED_STATUSES, TRANSACTION_STATUSES } from '../../src/shared/service';

// Expected texts are written out by hand from the CLDR patterns of each locale, not computed.
describe('one date format, from Intl, in the person’s locale, UTC for the service’s days', () => {
  afterEach(() => setDateLocale(undefined));

  it('writes a UTC day in the locale asked for', () => {
    setDateLocale('en-US');
    expect(day('2026-11-25T23:59:00.000Z')).toBe('Nov 25, 2026');
    setDateLocale('en-GB');
    expect(day('2026-11-25T23:59:00.000Z')).toBe('25 Nov 2026');
    setDateLocale('de-DE');
    expect(day('2026-11-25T00:00:00.000Z')).toBe('25. Nov. 2026');
  });

  it('counts the day in UTC whatever the instant’s local day (the service’s days are UTC)', () => {
    setDateLocale('en-US');
    // 00:30 UTC is still the 24th in New York, but the transaction is dated the 25th.
    expect(day('2026-11-25T00:30:00.000Z')).toBe('Nov 25, 2026');
    expect(dayOf(Date.UTC(2026, 0, 1))).toBe('Jan 1, 2026');
  });

  it('says UTC with a time, and leaves text that is not a date as it came', () => {
    setDateLocale('en-US');
    expect(dateTime('2026-11-25T02:19:00.000Z')).toBe('Nov 25, 2026, 2:19 AM UTC');
    expect(day('not a date')).toBe('not a date');
    expect(dateTime('')).toBe('');
  });

  it('writes axis labels short: a day without its year, a month with it', () => {
    setDateLocale('en-US');
    expect(shortDayOf(Date.UTC(2026, 10, 3))).toBe('Nov 3');
    expect(monthOf(Date.UTC(2026, 0, 1))).toBe('Jan 2026');
  });
});

describe('states and codes in words', () => {
  it('has a word for every status and detailed status, never the code', () => {
    for (const s of TRANSACTION_STATUSES) expect(statusWords(s)).toMatch(/^[A-Z][a-z]+$/);
    for (const s of DETAILED_STATUSES) {
      const words = detailedStatusWords(s);
      expect(words).not.toContain('_');
      expect(words).toMatch(/^[A-Z]/);
    }
    expect(detailedStatusWords('pending_approval')).toBe('Pending approval');
    expect(detailedStatusWords('in_review')).toBe('In review');
    expect(detailedStatusWords('refund')).toBe('Refunded');
  });

  it('says once what a state does to the balances, never "pending (pending)"', () => {
    expect(statusMeaning('pending')).toBe('Pending: counted in the available balance, not posted yet');
    expect(statusMeaning('settled')).toBe('Settled: posted');
  });

  it('writes decline reasons, fee types and category codes in words, and an unknown code readably', () => {
    expect(declineWords('card_closed')).toBe('the card is closed');
    expect(declineWords('velocity_check_failed')).toBe('velocity check failed');
    expect(feeTypeWords('international_wire_fee')).toBe('International wire fee');
    expect(feeTypeWords('atm_surcharge')).toBe('Atm surcharge');
    expect(categoryCodeWords('7372')).toBe('Computer programming and data processing (MCC 7372)');
    expect(categoryCodeWords('5812')).toBe('Restaurants (MCC 5812)');
    expect(codeWords('')).toBe('');
    expect(codeWords('SOME-CODE')).toBe('Some code');
  });
});
