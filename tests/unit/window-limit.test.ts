import { describe, expect, it } from 'vitest';
import { describeRetry, describeRules, WindowLimit } from '../../src/main/limits/window-limit';

const MINUTE = 60_000;
const DAY = 24 * 3_600_000;
const T0 = Date.UTC(2026, 4, 4, 9, 0, 0);

describe('WindowLimit', () => {
  it('allows up to the bound of every window, then refuses with the moment the window has room again', () => {
    let now = T0;
    const limit = new WindowLimit(
      [
        { windowMs: MINUTE, max: 3, per: 'a minute' },
        { windowMs: DAY, max: 5, per: 'a day' },
      ],
      () => now,
    );
    for (let i = 0; i < 3; i++) {
      expect(limit.take('p')).toEqual({ ok: true });
      now += 10_000;
    }
    // Three in the last minute: the oldest of them (at T0) leaves the window at T0 + 60 s.
    expect(limit.take('p')).toMatchObject({ ok: false, rule: { per: 'a minute' }, retryAt: T0 + MINUTE });
    // A refusal takes nothing: still refused, and only until the same moment.
    expect(limit.check('p')).toMatchObject({ ok: false, retryAt: T0 + MINUTE });
    // Another key has its own count.
    expect(limit.take('q')).toEqual({ ok: true });

    // All three have left the minute's window.
    now = T0 + MINUTE + 20_001;
    expect(limit.take('p')).toEqual({ ok: true });
    expect(limit.take('p')).toEqual({ ok: true });
    // Five in the day: the day's window is what holds now, until the first one is a day old.
    expect(limit.take('p')).toMatchObject({ ok: false, rule: { per: 'a day' }, retryAt: T0 + DAY });
    now = T0 + DAY;
    expect(limit.take('p')).toEqual({ ok: true });
  });

  it('counts amounts (bytes), refuses one larger than a window holds at all, and counts what came before a restart', () => {
    let now = T0;
    const bytes = new WindowLimit([{ windowMs: MINUTE, max: 100, per: 'a minute' }], () => now);
    expect(bytes.take('b', 60)).toEqual({ ok: true });
    now += 1_000;
    expect(bytes.take('b', 30)).toEqual({ ok: true });
    expect(bytes.take('b', 20)).toMatchObject({ ok: false, retryAt: T0 + MINUTE });
    expect(bytes.take('b', 101)).toMatchObject({ ok: false, retryAt: Number.POSITIVE_INFINITY });

    const seeded = new WindowLimit([{ windowMs: DAY, max: 2, per: 'a day' }], () => now);
    seeded.seed('p', [now - DAY - 1, now - 5_000, now - 1_000]);
    // The one older than a day no longer counts; the two others fill the day.
    expect(seeded.take('p')).toMatchObject({ ok: false, retryAt: now - 5_000 + DAY });
  });

  it('says its rules and when to try again in words', () => {
    expect(describeRules([{ windowMs: MINUTE, max: 10, per: 'a minute' }])).toBe('10 a minute');
    expect(
      describeRules([
        { windowMs: MINUTE, max: 10, per: 'a minute' },
        { windowMs: DAY, max: 100, per: 'a day' },
      ]),
    ).toBe('10 a minute and 100 a day');
    expect(describeRetry(T0 + 41_000, T0)).toMatch(/^in 41 s \(at \d\d:\d\d:\d\d\)$/);
    expect(describeRetry(T0 + 5 * MINUTE, T0)).toMatch(/^in 5 min \(at \d\d:\d\d:\d\d\)$/);
    expect(describeRetry(T0 + 3_600_000 * 2 + 59 * MINUTE + 30_000, T0)).toMatch(
      /^in 3 h 0 min \(\w+ \d+ \w+ at \d\d:\d\d:\d\d\)$/,
    );
    expect(describeRetry(Number.POSITIVE_INFINITY, T0)).toMatch(/^never/);
  });
});
