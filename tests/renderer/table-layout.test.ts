import { describe, expect, it } from 'vitest';
import { columnsThatFit } from '../../src/renderer/src/model/columns';
import { niceStep, timeTicks, valueScale } from '../../src/renderer/src/model/chart-scale';

const TX = [
  { id: 'date', minWidth: 110, priority: 2 },
  { id: 'description', minWidth: 180, priority: 1 },
  { id: 'card', minWidth: 150, priority: 4 },
  { id: 'status', minWidth: 110, priority: 3 },
  { id: 'amount', minWidth: 110, priority: 1 },
];

describe('columnsThatFit: columns drop by priority, description and amount stay', () => {
  it('keeps every column when they fit', () => {
    expect(columnsThatFit(TX, 2000, 8)).toEqual(['date', 'description', 'card', 'status', 'amount']);
  });

  it('drops the least important first, then the next', () => {
    // All five need 660 + 4 gaps of 8 = 692.
    expect(columnsThatFit(TX, 691, 8)).toEqual(['date', 'description', 'status', 'amount']);
    expect(columnsThatFit(TX, 500, 8)).toEqual(['date', 'description', 'amount']);
    expect(columnsThatFit(TX, 400, 8)).toEqual(['description', 'amount']);
  });

  it('never drops a priority-1 column, even when nothing else is left to drop', () => {
    expect(columnsThatFit(TX, 10, 8)).toEqual(['description', 'amount']);
  });

  it('among equals drops the rightmost first', () => {
    const cols = [
      { id: 'a', minWidth: 100, priority: 2 },
      { id: 'b', minWidth: 100, priority: 2 },
      { id: 'c', minWidth: 100, priority: 1 },
    ];
    expect(columnsThatFit(cols, 250)).toEqual(['a', 'c']);
  });
});

describe('chart scales', () => {
  it('scales a balance to its data, not from zero', () => {
    const s = valueScale([31_903_238, 31_928_238, 30_103_238]);
    expect(s.lo).toBeGreaterThan(0);
    expect(s.lo).toBeLessThanOrEqual(30_103_238);
    expect(s.hi).toBeGreaterThanOrEqual(31_928_238);
    // Round ticks: every one a multiple of the step, evenly spaced (the span is at least a fifth of
    // $319,282.38, so about $64k over 4 parts: $20,000 a step).
    const step = (s.ticks[1] ?? 0) - (s.ticks[0] ?? 0);
    expect(step).toBe(2_000_000);
    for (const t of s.ticks) expect(t % step).toBe(0);
  });

  it('takes zero in when asked (spend) or when the data cross it', () => {
    expect(valueScale([1_000, 5_000], 4, true).lo).toBe(0);
    const crossing = valueScale([-20_000, 50_000]);
    expect(crossing.ticks).toContain(0);
  });

  it('gives a flat series a range around it', () => {
    const s = valueScale([10_000, 10_000]);
    expect(s.lo).toBeLessThan(10_000);
    expect(s.hi).toBeGreaterThan(10_000);
  });

  it('picks 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceStep(1_000, 4)).toBe(250);
    expect(niceStep(900, 4)).toBe(250);
    expect(niceStep(3_000_000, 4)).toBe(1_000_000);
    expect(niceStep(0, 4)).toBe(1);
  });

  it('ticks days over a month and months over a year, on UTC boundaries', () => {
    const from = Date.UTC(2026, 10, 26, 12);
    const days = timeTicks(from, from + 30 * 86_400_000, 5);
    expect(days.unit).toBe('day');
    expect(days.ticks[0]).toBe(Date.UTC(2026, 10, 27));
    expect(days.ticks[1]).toBe(Date.UTC(2026, 11, 4));
    const months = timeTicks(Date.UTC(2025, 10, 24), Date.UTC(2026, 10, 25), 5);
    expect(months.unit).toBe('month');
    expect(months.ticks).toEqual([
      Date.UTC(2026, 0, 1),
      Date.UTC(2026, 3, 1),
      Date.UTC(2026, 6, 1),
      Date.UTC(2026, 9, 1),
    ]);
  });
});
