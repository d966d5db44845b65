import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { absRangeOf, inAbsRange } from '../../src/renderer/src/search/engine/amount-range';
import { amountMatches, parseQueryText, type AmountTerm } from '../../src/renderer/src/model/query-text';

/**
 * The engine matches a typed amount as a range of absolute cents (amount-range.ts) instead of
 * comparing dollar strings; these tests hold it to amountMatches, the rule in text.ts.
 */

function termOf(typed: string): AmountTerm {
  const [word] = parseQueryText(typed).words;
  if (word?.kind !== 'amount') throw new Error(`${typed} is not read as an amount`);
  return word.amount;
}

function engineMatches(term: AmountTerm, cents: number): boolean {
  return inAbsRange(absRangeOf(term), cents) && (!term.negative || cents < 0);
}

/** Every form text.ts reads as an amount: sign, $, thousands commas, a point and 0-2 decimals. */
const typedArb = fc
  .record({
    negative: fc.boolean(),
    dollarSign: fc.boolean(),
    whole: fc.oneof(
      fc.nat({ max: 10_000_000 }).map(String),
      fc.stringMatching(/^[0-9]{1,17}$/),
      fc.constantFrom('0', '00', '007', '90071992547409', '90071992547410'),
    ),
    grouped: fc.boolean(),
    fraction: fc.option(fc.stringMatching(/^[0-9]{0,2}$/), { nil: undefined }),
  })
  .map(({ negative, dollarSign, whole, grouped, fraction }) => {
    const digits = grouped && whole.length > 3 ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole;
    return `${negative ? '-' : ''}${dollarSign ? '$' : ''}${digits}${fraction === undefined ? '' : `.${fraction}`}`;
  });

describe('typed amounts as ranges of cents', () => {
  test('the examples: "1200" is $1,200.xx, "42.5" is $42.5x, "42.50" is exactly $42.50, "-1,200" needs money out', () => {
    expect(absRangeOf(termOf('1200'))).toEqual({ lo: 120_000, hi: 120_099 });
    expect(absRangeOf(termOf('42.5'))).toEqual({ lo: 4250, hi: 4259 });
    expect(absRangeOf(termOf('42.50'))).toEqual({ lo: 4250, hi: 4250 });
    expect(absRangeOf(termOf('42.'))).toEqual({ lo: 4200, hi: 4299 });
    expect(absRangeOf(termOf('$1,200.5'))).toEqual({ lo: 120_050, hi: 120_059 });
    expect(absRangeOf(termOf('0'))).toEqual({ lo: 0, hi: 99 });
    expect(absRangeOf(termOf('007'))).toBeNull();
    expect(engineMatches(termOf('-1,200'), -120_000)).toBe(true);
    expect(engineMatches(termOf('-1,200'), 120_000)).toBe(false);
    expect(engineMatches(termOf('1200'), 1_200_000)).toBe(false);
  });

  test('matches exactly the amounts amountMatches does, near the edges and anywhere', () => {
    const scenario = typedArb.chain((typed) => {
      const range = absRangeOf(termOf(typed));
      // Ranges can reach past the largest safe amount; no row lies there.
      const [lo, hi] =
        range === null
          ? [0, 1_000_000]
          : [
              Math.min(Number.MAX_SAFE_INTEGER, Math.max(0, range.lo - 3)),
              Math.min(Number.MAX_SAFE_INTEGER, range.hi + 3),
            ];
      const near = fc.integer({ min: lo, max: hi });
      const amount = fc.oneof(
        near,
        near.map((a) => -a),
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        fc.constantFrom(0, -0, 1, -1, 99, 100, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER),
      );
      return fc.tuple(fc.constant(typed), amount);
    });
    fc.assert(
      fc.property(scenario, ([typed, cents]) => {
        const term = termOf(typed);
        expect(engineMatches(term, cents), `${typed} against ${cents}`).toBe(amountMatches(term, cents));
      }),
      { numRuns: 3000 },
    );
  });

  test('every amount up to $11 against every short typed form', () => {
    const forms: string[] = [];
    for (let d = 0; d <= 10; d++) {
      forms.push(String(d), `0${d}`, `${d}.`, `-${d}`, `$${d}`);
      for (let f = 0; f < 10; f++) forms.push(`${d}.${f}`, `${d}.${f}0`, `${d}.${f}9`, `-${d}.${f}5`);
    }
    for (const typed of forms) {
      const term = termOf(typed);
      for (let cents = -1100; cents <= 1100; cents++) {
        if (engineMatches(term, cents) !== amountMatches(term, cents)) expect.fail(`${typed} against ${cents}`);
      }
    }
  });
});
