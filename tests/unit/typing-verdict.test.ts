import { describe, expect, it } from 'vitest';
import { keystrokeLatencies, typingVerdict, type Paint, type TypedInput } from '../bench/typing/verdict';

// bench:typing's verdict fed fabricated page records: it must be able to fail.

const key = (t: number, value: string, measured = true): TypedInput => ({ t, value, measured });
const paint = (t: number, answers: string, value = answers): Paint => ({ t, answers, value });

describe('keystrokeLatencies', () => {
  it('pairs each keystroke with the first paint of its own answer', () => {
    const l = keystrokeLatencies([key(0, 'c'), key(125, 'ca'), key(250, 'caf')], [paint(20, 'c'), paint(150, 'ca'), paint(260, 'caf')]);
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

describe('typingVerdict', () => {
  const fast = keystrokeLatencies([key(0, 'c'), key(125, 'ca')], [paint(20, 'c'), paint(150, 'ca')]);

  it('passes fast answers with no stale paint', () => {
    expect(typingVerdict([{ rows: 100_000, latencies: fast }])).toEqual({ exitCode: 0, failures: [] });
  });

  it('fails a p95 over the target', () => {
    const slow = keystrokeLatencies([key(0, 'c'), key(125, 'ca')], [paint(60, 'c'), paint(190, 'ca')]);
    const v = typingVerdict([{ rows: 100_000, latencies: fast }, { rows: 1_000_000, latencies: slow }]);
    expect(v.exitCode).toBe(1);
    expect(v.failures).toEqual(['1000000 rows: keystroke-to-paint p95 65 ms > 50 ms']);
  });

  it('fails a stale paint even when every key was fast', () => {
    const stale = keystrokeLatencies([key(0, 'c'), key(125, 'ca')], [paint(20, 'c'), paint(130, 'c', 'ca'), paint(150, 'ca')]);
    expect(typingVerdict([{ rows: 100_000, latencies: stale }]).failures).toEqual(['100000 rows: 1 stale result(s) painted']);
  });

  it('fails a key never answered, and a run that measured nothing', () => {
    const missing = keystrokeLatencies([key(0, 'c')], []);
    expect(typingVerdict([{ rows: 100_000, latencies: missing }]).exitCode).toBe(1);
    expect(typingVerdict([]).failures).toEqual(['nothing was measured']);
  });
});
