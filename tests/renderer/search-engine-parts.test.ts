import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { nextSetBit, RankDirectory } from '../../src/renderer/src/search/engine/bitset';
import { amountIntervals, amountSlice, PositionLists } from '../../src/renderer/src/search/engine/derived';
import { IdTable } from '../../src/renderer/src/search/engine/id-table';
import { orderByKeys } from '../../src/renderer/src/search/engine/radix';
import { sortedOrder } from '../../src/renderer/src/search/engine/term-sort';
import { TermTable } from '../../src/renderer/src/search/engine/term-table';
import { compareAsStrings, decodeUtf8, encodeUtf8 } from '../../src/renderer/src/search/engine/utf8';
import type { Strings } from '../../src/renderer/src/search/engine/layout';

/** The engine's building blocks against the plain computations they replace. */

function stringsOf(values: readonly string[]): Strings {
  const encoded = values.map(encodeUtf8);
  const offsets = new Uint32Array(values.length + 1);
  encoded.forEach((e, i) => (offsets[i + 1] = (offsets[i] as number) + e.length));
  const bytes = new Uint8Array(offsets[values.length] as number);
  encoded.forEach((e, i) => bytes.set(e, offsets[i]));
  return { offsets, bytes };
}

const byteOrder = (a: Uint8Array, b: Uint8Array) => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return a.length - b.length;
};

describe('engine parts', () => {
  test('rank and select agree with counting bits one by one', () => {
    fc.assert(
      fc.property(fc.uint32Array({ maxLength: 300 }), fc.nat(), (bits, pick) => {
        const set: number[] = [];
        for (let p = 0; p < bits.length * 32; p++) if (((bits[p >>> 5] as number) >>> (p & 31)) & 1) set.push(p);
        const ranks = new RankDirectory(bits);
        const p = bits.length === 0 ? 0 : pick % (bits.length * 32 + 1);
        expect(ranks.rank(p)).toBe(set.filter((q) => q < p).length);
        set.forEach((q, r) => expect(ranks.select(r)).toBe(q));
        expect(ranks.select(set.length)).toBe(-1);
        expect(nextSetBit(bits, p)).toBe(set.find((q) => q >= p) ?? -1);
      }),
    );
  });

  test('terms sort in byte order, by radix for a-z0-9 words and by comparison otherwise', () => {
    const word = fc.oneof(
      fc.stringMatching(/^[a-z0-9]{0,14}$/),
      fc.string({ unit: 'grapheme', maxLength: 5 }),
      fc.constantFrom('', 'a', 'a0', 'aa', 'zzzzzzzzzzz', '0000000000a', '0000000000b'),
    );
    fc.assert(
      fc.property(fc.uniqueArray(word, { maxLength: 60 }), (words) => {
        const keys = stringsOf(words);
        const got = Array.from(sortedOrder(keys), (i) => words[i]);
        const want = [...words].sort((a, b) => byteOrder(encodeUtf8(a), encodeUtf8(b)));
        expect(got).toEqual(want);
      }),
    );
  });

  test('the radix order is a stable sort by (hi, lo)', () => {
    const key = fc.integer({ min: 0, max: 2 ** 28 - 1 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.oneof(key, fc.constantFrom(0, 1)), fc.oneof(key, fc.constantFrom(0, 1))), {
          maxLength: 80,
        }),
        (pairs) => {
          const order = orderByKeys(
            Uint32Array.from(pairs, ([h]) => h),
            Uint32Array.from(pairs, ([, l]) => l),
          );
          const want = pairs
            .map((_, i) => i)
            .sort(
              (x, y) =>
                (pairs[x] as number[])[0]! - (pairs[y] as number[])[0]! ||
                (pairs[x] as number[])[1]! - (pairs[y] as number[])[1]! ||
                x - y,
            );
          expect(Array.from(order)).toEqual(want);
        },
      ),
    );
  });

  test('ids compare in UTF-8 as the strings compare in JS (UTF-16 code units)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 6 }),
        fc.string({ unit: 'grapheme', maxLength: 6 }),
        (a, b) => {
          const s = stringsOf([a, b]);
          const c = compareAsStrings(
            s.bytes,
            0,
            s.offsets[1] as number,
            s.bytes,
            s.offsets[1] as number,
            s.offsets[2] as number,
          );
          expect(Math.sign(c)).toBe(a < b ? -1 : a > b ? 1 : 0);
          expect(decodeUtf8(s.bytes, 0, s.offsets[1] as number)).toBe(a);
        },
      ),
    );
  });

  test('the id table finds every id, reports repeats (the later wins) and finds nothing else', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 5 }), { maxLength: 80 }), (ids) => {
        const repeats: [number, number][] = [];
        const table = IdTable.build(stringsOf(ids), ids.length, (earlier, later) => repeats.push([earlier, later]));
        ids.forEach((id) => expect(table.find(encodeUtf8(id))).toBe(ids.lastIndexOf(id)));
        expect(repeats.length).toBe(ids.length - new Set(ids).size);
        expect(table.find(encodeUtf8('\u0000not-an-id'))).toBe(-1);
      }),
    );
  });

  test('the term table numbers words by first sight and counts each row once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.oneof(fc.stringMatching(/^[a-c]{0,3}$/), fc.constantFrom('é', 'x\uD800', 'x\uDC00'))), {
          maxLength: 30,
        }),
        (rows) => {
          const table = new TermTable();
          const seen = new Map<string, number>();
          const counts = new Map<string, number>();
          rows.forEach((words, r) => {
            const mine = new Set<string>();
            for (const w of words) {
              const key = decodeUtf8(encodeUtf8(w), 0, encodeUtf8(w).length);
              if (!seen.has(key)) seen.set(key, seen.size);
              const t = table.termOf(w, r);
              expect(t).toBe(mine.has(key) ? -1 : seen.get(key));
              if (!mine.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
              mine.add(key);
            }
          });
          expect(table.size).toBe(seen.size);
          expect(Array.from(table.close())).toEqual([...seen.keys()].map((k) => counts.get(k)));
        },
      ),
    );
  });

  test('amount intervals hold exactly the whole-cent amounts the amount filters let in', () => {
    const bound = fc.oneof(fc.integer({ min: -300, max: 300 }), fc.constantFrom(-Infinity, Infinity, 0.5, -0.5));
    fc.assert(
      fc.property(
        fc.option(fc.tuple(fc.nat({ max: 200 }), fc.nat({ max: 200 })), { nil: null }),
        fc.boolean(),
        bound,
        bound,
        (abs, negative, min, max) => {
          const range = abs === null ? null : { lo: Math.min(...abs), hi: Math.max(...abs) };
          const intervals = amountIntervals(range, negative, min, max);
          for (let a = -260; a <= 260; a++) {
            const passes =
              (range === null || (Math.abs(a) >= range.lo && Math.abs(a) <= range.hi)) &&
              (!negative || a < 0) &&
              a >= min &&
              a <= max;
            expect(
              intervals.some(([lo, hi]) => a >= lo && a <= hi),
              `${a}`,
            ).toBe(passes);
          }
        },
      ),
    );
  });

  test('position lists and amount slices hold exactly the rows they name', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: 4 }), fc.integer({ min: -500, max: 500 })), { maxLength: 100 }),
        fc.nat(),
        fc.nat(),
        (rows, x, y) => {
          const codes = Uint8Array.from(rows, ([c]) => c);
          const amounts = Float64Array.from(rows, ([, a]) => a);
          const lists = PositionLists.of(codes, 4);
          const [lo, hi] = [Math.min(x, y) % (rows.length + 1), Math.max(x, y) % (rows.length + 1)].sort(
            (a, b) => a - b,
          ) as [number, number];
          for (let c = 0; c <= 4; c++) {
            const [from, to] = lists.window(c, lo, hi);
            const want = rows.flatMap(([code], p) => (code === c && p >= lo && p < hi ? [p] : []));
            expect(Array.from(lists.list.subarray(from, to))).toEqual(want);
          }
          const order = Uint32Array.from(
            rows.map((_, p) => p).sort((p, q) => (amounts[p] as number) - (amounts[q] as number)),
          );
          const [min, max] = [x % 1001, y % 1001].map((v) => v - 500).sort((a, b) => a - b) as [number, number];
          const [from, to] = amountSlice(order, amounts, min, max);
          const want = rows.flatMap(([, a], p) => (a >= min && a <= max ? [p] : [])).sort((p, q) => p - q);
          expect(Array.from(order.subarray(from, to)).sort((p, q) => p - q)).toEqual(want);
        },
      ),
    );
  });
});
