import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_SPAN_SHARE, valueScale } from '../../src/renderer/src/model/chart-scale';

/**
 * The money axis of a balance chart does not turn a small change into a cliff: the axis spans at
 * least a fifth of the largest amount, so a change takes at most change / (amount / 5) of the
 * chart's height. Shares are measured here from the scale's own lo and hi.
 */

/** The share of the chart's height between two values on a scale. */
const share = (s: { lo: number; hi: number }, a: number, b: number) => Math.abs(a - b) / (s.hi - s.lo);

describe('the money axis of a balance', () => {
  it('draws a $250 fee on a $350,000 balance as a sliver, not the whole height', () => {
    const s = valueScale([35_000_000, 34_975_000]);
    expect(share(s, 35_000_000, 34_975_000)).toBeLessThan(0.01);
    // It still reads as a balance near $350k, not from zero.
    expect(s.lo).toBeGreaterThan(0);
    expect(s.hi).toBeGreaterThanOrEqual(35_000_000);
  });

  it('draws an $18,250 transfer on that balance as a clear step', () => {
    const s = valueScale([35_000_000, 33_175_000]);
    expect(share(s, 35_000_000, 33_175_000)).toBeGreaterThan(0.15);
  });

  it('leaves a balance that moves by more than a fifth fitted to its data', () => {
    const s = valueScale([40_000_000, 10_000_000]);
    expect(share(s, 40_000_000, 10_000_000)).toBeGreaterThan(0.7);
  });

  it('never puts a positive balance over a negative axis to make the span', () => {
    const s = valueScale([10, 20]);
    expect(s.lo).toBe(0);
    const neg = valueScale([-10, -20]);
    expect(neg.hi).toBe(0);
  });

  it('for any series: every value on the axis, the span at least a fifth of the largest amount, zero crossed only as needed', () => {
    const cents = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });
    fc.assert(
      fc.property(fc.array(cents, { minLength: 1, maxLength: 40 }), (values) => {
        const s = valueScale(values);
        const lo = Math.min(...values);
        const hi = Math.max(...values);
        expect(s.lo).toBeLessThanOrEqual(lo);
        expect(s.hi).toBeGreaterThanOrEqual(hi);
        const largest = Math.max(Math.abs(lo), Math.abs(hi));
        expect(s.hi - s.lo).toBeGreaterThanOrEqual(Math.max(200, MIN_SPAN_SHARE * largest) - 1e-6);
        if (lo >= 0) expect(s.lo).toBeGreaterThanOrEqual(0);
        if (hi <= 0) expect(s.hi).toBeLessThanOrEqual(0);
        // Any change between two of the values takes at most its share of the least span.
        const change = hi - lo;
        expect(share(s, hi, lo)).toBeLessThanOrEqual(Math.max(1, change / Math.max(200, MIN_SPAN_SHARE * largest)));
      }),
    );
  });

  it('spend bars still start at zero', () => {
    const s = valueScale([120_000, 125_000], 4, true);
    expect(s.lo).toBe(0);
    expect(s.hi).toBeGreaterThanOrEqual(125_000);
  });
});
