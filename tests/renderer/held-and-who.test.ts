import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldSummary, heldWords } from '../../src/renderer/src/outbox/model/held';
import { queueWhoLine, soloWhoLine } from '../../src/renderer/src/outbox/model/who';
import { setDateLocale, timeOfDay } from '../../src/renderer/src/model/format';
import * as t from '../../src/renderer/src/outbox/model/transitions';
import { ADA, row, SVC, transferInput } from '../support/outbox-fixtures';

// What a pause holds and what a solo row says of who asked and approved. Expected words are
// written out by hand; times are built on the local clock the formatter reads.

beforeAll(() => setDateLocale('en-US'));
afterAll(() => setDateLocale(undefined));

const at = (d: number, h: number, m: number) => new Date(2026, 2, d, h, m).getTime();
const NOW = at(18, 15, 0);

function approved(amountCents: number, createdAt: number, approvedAt: number, notBefore?: number) {
  const r = t.submit(
    row(transferInput('va_a', 'va_b', amountCents, notBefore ? { notBefore } : {}), createdAt),
    true,
    createdAt,
    SVC,
  );
  return t.approve(r, ADA, 'h', 'h', approvedAt, SVC);
}

describe('what a pause holds', () => {
  it('counts approved rows due now with their total, not those scheduled for later, awaiting approval or handed to a team', () => {
    const rows = [
      approved(1_825_000, at(18, 10, 42), at(18, 10, 51)),
      approved(1_234, at(18, 11, 0), at(18, 11, 5)),
      approved(99_900, at(18, 11, 0), at(18, 11, 5), at(20, 9, 0)),
      t.submit(row(transferInput('va_a', 'va_b', 500), at(18, 12, 0)), true, at(18, 12, 0), SVC),
      { ...approved(7_700, at(18, 11, 0), at(18, 11, 5)), team: { workspaceId: 'ws' } },
    ];
    const held = heldSummary(rows, NOW);
    expect(held).toEqual({ count: 2, totalCents: 1_826_234 });
    expect(heldWords(held)).toBe('2 approved items, $18,262.34, held');
    expect(heldWords({ count: 1, totalCents: 1_825_000 })).toBe('1 approved item, $18,250.00, held');
    expect(heldWords({ count: 0, totalCents: 0 })).toBe('nothing approved is waiting');
  });
});

describe('who asked and who approved, on a solo row', () => {
  it('gives the time alone today and the day before it otherwise', () => {
    expect(timeOfDay(at(18, 10, 42), NOW)).toBe('10:42 AM');
    expect(timeOfDay(at(17, 16, 5), NOW)).toBe('Mar 17, 4:05 PM');
    expect(timeOfDay(new Date(2025, 11, 31, 9, 0).getTime(), NOW)).toBe('Dec 31, 2025, 9:00 AM');
  });

  it('says this computer approves alone, waiting or approved', () => {
    const waiting = t.submit(row(transferInput(), at(18, 10, 42)), true, at(18, 10, 42), SVC);
    expect(soloWhoLine(waiting, NOW)).toBe(
      'Requested on this computer 10:42 AM · needs one approval, given on this computer alone',
    );
    expect(soloWhoLine(approved(100, at(17, 10, 42), at(18, 10, 51)), NOW)).toBe(
      'Requested on this computer Mar 17, 10:42 AM · approved on this computer alone by ada 10:51 AM',
    );
    const byRule = t.submit(row(transferInput(), at(18, 9, 0)), false, at(18, 9, 0), SVC);
    expect(soloWhoLine(byRule, NOW)).toBe(
      'Requested on this computer 9:00 AM · no approval needed by this computer’s rule',
    );
  });

  it('names who asked and when on every row of the queue: a row handed to the team was asked for here', () => {
    const solo = t.submit(row(transferInput(), at(18, 10, 42)), true, at(18, 10, 42), SVC);
    expect(queueWhoLine(solo, NOW)).toBe(soloWhoLine(solo, NOW));
    const team = { ...row(transferInput(), at(18, 11, 7)), team: { workspaceId: 'ws' } };
    expect(soloWhoLine(team, NOW)).toBeNull();
    expect(queueWhoLine(team, NOW)).toBe('Requested by you 11:07 AM · sent to the team workspace');
  });
});
