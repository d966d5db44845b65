import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCents, formatCents, parseCents } from '../../src/shared/money';

describe('money in integer cents', () => {
  it('parses what people type', () => {
    expect(parseCents('12')).toBe(1200);
    expect(parseCents('1,234.5')).toBe(123450);
    expect(parseCents('$0.07')).toBe(7);
    expect(parseCents('-3.10')).toBe(-310);
    for (const bad of ['', 'abc', '1.234', '1e3', '--1', '12.3.4']) expect(parseCents(bad), bad).toBeNull();
  });

  it('formats with grouping and two decimals', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(-123456789)).toBe('-1,234,567.89');
    expect(() => formatCents(1.5)).toThrow();
  });

  it('round-trips every whole amount exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(parseCents(formatCents(cents))).toBe(cents);
      }),
    );
  });

  it('refuses sums that would lose precision', () => {
    expect(addCents(1, 2)).toBe(3);
    expect(() => addCents(Number.MAX_SAFE_INTEGER, 1)).toThrow(RangeError);
  });
});
