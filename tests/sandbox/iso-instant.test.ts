import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { iso } from '../../src/sandbox/world/instant';

describe('iso (the sandbox writes a million instants when seeding)', () => {
  it('writes exactly what toISOString writes, in any order of calls and across day boundaries', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 253_402_300_799_999 }), { minLength: 1, maxLength: 50 }), (instants) => {
        for (const ms of instants) expect(iso(ms)).toBe(new Date(ms).toISOString());
      }),
    );
    for (const ms of [0, 86_399_999, 86_400_000, Date.UTC(2026, 0, 15, 23, 59, 59, 999), Date.UTC(2024, 1, 29, 0, 0, 0, 1), 253_402_300_799_999]) expect(iso(ms)).toBe(new Date(ms).toISOString());
  });

  it('leaves instants outside years 1970-9999 and fractions of a millisecond to the Date', () => {
    expect(iso(-1)).toBe('1969-12-31T23:59:59.999Z');
    expect(iso(1.5)).toBe(new Date(1.5).toISOString());
  });
});
