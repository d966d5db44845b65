import { describe, expect, it } from 'vitest';
import type { ReferenceAnswer } from '../bench/shared/reference-search';
import { shownNumber, wrongPaints, type Paint, type PaintedResult } from '../bench/shared/painted-results';
import { keystrokeLatencies, typingVerdict, type TypedInput, type TypingRun } from '../bench/typing/verdict';

// bench:typing's verdict fed fabricated page records: it must be able to fail.

const key = (t: number, value: string, measured = true): TypedInput => ({ t, value, measured });
const paint = (t: number, answers: string, value = answers): Paint => ({ t, answers, value });

describe('keystrokeLatencies', () => {
  it('pairs each keystroke with the first paint of its own answer', () => {
    const l = keystrokeLatencies(
      [key(0, 'c'), key(125, 'ca'), key(250, 'caf')],
      [paint(20, 'c'), paint(150, 'ca'), paint(260, 'caf')],
    );
    expect(l.ms).toEqual([20, 25, 10]);
    expect(l).toMatchObject({ superseded: 0, missing: 0, stalePaints: 0 });
  });

  it('counts a key whose answer never painted before the next key as superseded, at the time to the next key', () => {
    const l = keystrokeLatencies([key(0, 'c'), key(125, 'ca')], [paint(140, 'ca')]);
    expect(l.ms).toEqual([125, 15]);
    expect(l.superseded).toBe(1);
  });

  it('counts the last key of a search that never painted as missing', () => {
    const l = keystrokeLatencies([key(0, 'c')], []);
    expect(l.missing).toBe(1);
    expect(l.ms).toEqual([Number.POSITIVE_INFINITY]);
  });

  it('counts a result committed while the box held a newer text as a stale paint', () => {
    // "c" answered after "ca" was typed: the box said "ca" when the "c" result was committed.
    const l = keystrokeLatencies([key(0, 'c'), key(125, 'ca')], [paint(130, 'c', 'ca'), paint(160, 'ca')]);
    expect(l.stalePaints).toBe(1);
  });

  it('leaves unmeasured inputs (the clear between searches) out', () => {
    const l = keystrokeLatencies([key(0, '', false), key(125, 'c')], [paint(10, ''), paint(140, 'c')]);
    expect(l.ms).toEqual([15]);
  });
});

/** Everything else right: answers checked and none wrong, an old-row query whose first match is old. */
const evidence = (runs: TypingRun[]) => ({
  runs,
  wrong: [],
  paintsChecked: 4,
  oldQueries: [{ text: '812.40', firstMatchRank: 70_000 }],
  oldFromRank: 50_000,
  memory: [],
});

describe('typingVerdict', () => {
  const fast = keystrokeLatencies([key(0, 'c'), key(125, 'ca')], [paint(20, 'c'), paint(150, 'ca')]);

  it('passes fast answers with no stale paint', () => {
    expect(typingVerdict(evidence([{ rows: 100_000, latencies: fast }]))).toEqual({ exitCode: 0, failures: [] });
  });

  it('fails a p95 over the target', () => {
    const slow = keystrokeLatencies([key(0, 'c'), key(125, 'ca')], [paint(60, 'c'), paint(190, 'ca')]);
    const v = typingVerdict(
      evidence([
        { rows: 100_000, latencies: fast },
        { rows: 1_000_000, latencies: slow },
      ]),
    );
    expect(v.exitCode).toBe(1);
    expect(v.failures).toEqual(['1000000 rows: keystroke-to-paint p95 65 ms > 50 ms']);
  });

  it('fails a stale paint even when every key was fast', () => {
    const stale = keystrokeLatencies(
      [key(0, 'c'), key(125, 'ca')],
      [paint(20, 'c'), paint(130, 'c', 'ca'), paint(150, 'ca')],
    );
    expect(typingVerdict(evidence([{ rows: 100_000, latencies: stale }])).failures).toEqual([
      '100000 rows: 1 stale result(s) painted',
    ]);
  });

  it('fails a key never answered, and a run that measured nothing', () => {
    const missing = keystrokeLatencies([key(0, 'c')], []);
    expect(typingVerdict(evidence([{ rows: 100_000, latencies: missing }])).exitCode).toBe(1);
    expect(typingVerdict(evidence([])).failures).toEqual(['nothing was measured']);
  });
});

describe('typingVerdict on what was painted', () => {
  const fast = { rows: 100_000, latencies: keystrokeLatencies([key(0, 'c')], [paint(20, 'c')]) };

  it('fails a wrong paint, a run that checked no paint, an old-row query that found new rows, and a memory failure', () => {
    const v = typingVerdict({
      ...evidence([fast]),
      wrong: [{ answers: 'cafe', problems: ['count 12, the reference 13'] }],
      paintsChecked: 0,
      oldQueries: [{ text: '812.40', firstMatchRank: 120 }],
      memory: ["the renderer process held 2400 MB resident during 'sync', over 1200 MB"],
    });
    expect(v.failures).toEqual([
      'no painted result was checked against the reference',
      '"cafe" painted wrong: count 12, the reference 13',
      '"812.40" was to find only old rows, but its first match is row 120 (old: from 50000)',
      "the renderer process held 2400 MB resident during 'sync', over 1200 MB",
    ]);
    expect(typingVerdict({ ...evidence([fast]), oldQueries: [] }).failures).toEqual(['no query reached old rows']);
  });
});

describe('wrongPaints', () => {
  const ref: ReferenceAnswer = { count: 1234, inCents: 500_00, outCents: -123_456, firstIds: ['t9', 't8', 't7'] };
  const shown = (o: Partial<PaintedResult> = {}): PaintedResult => ({
    t: 10,
    answers: 'caf',
    value: 'caf',
    count: '1,234',
    inText: 'In $500.00',
    outText: 'Out -$1,234.56',
    firstIds: ['t9', 't8'],
    ...o,
  });

  it("accepts a result whose count, totals and first rows are the reference's", () => {
    expect(wrongPaints([shown()], () => ref)).toEqual([]);
  });

  it('names each way a painted result differs', () => {
    const w = wrongPaints(
      [shown({ count: '1,233', outText: 'Out -$1,234.55', firstIds: ['t9', 't7'] }), shown({ firstIds: [] })],
      () => ref,
    );
    expect(w).toEqual([
      {
        answers: 'caf',
        problems: [
          'count 1,233, the reference 1234',
          "out 'Out -$1,234.55', the reference -123456 cents",
          'first rows t9 t7, the reference t9 t8',
        ],
      },
      { answers: 'caf', problems: ['no row painted'] },
    ]);
  });

  it('reads counts and money as a person reads them', () => {
    expect([shownNumber('1,000,000'), shownNumber('Out -$0.05'), shownNumber('In $12.00'), shownNumber('')]).toEqual([
      1_000_000,
      -5,
      1200,
      null,
    ]);
  });
});
