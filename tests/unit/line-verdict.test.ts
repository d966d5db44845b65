import { describe, expect, it } from 'vitest';
import { judgeLines, type BenchLine } from '../bench/shared/line-verdict';

// The verdict of bench:sandbox and the Node engine benchmark, fed made-up lines: it must be able to fail.

const SANDBOX = ['seed', 'baseline', 'list', 'aggregation', 'transfer'];

function sandboxRun(): BenchLine[] {
  return [
    { kind: 'seed', transactions: 1000, expected_transactions: 1000, seed_ms: 900, target_ms: 15_000, pass: true },
    { kind: 'baseline', scenario: 'no work', p95: 0.4 },
    { kind: 'list', scenario: 'no filter', p95: 1.2, errors: 0, target_p95_ms: 5, pass: true },
    { kind: 'aggregation', scenario: 'a range', p95: 2.1, target_p95_ms: 5, pass: true },
    { kind: 'transfer', scenario: 'POST', p95: 3, statuses: { 200: 10 }, target_p95_ms: 5, pass: true },
  ];
}

describe('judgeLines', () => {
  it('passes a run whose judged lines all passed and that printed every part', () => {
    expect(judgeLines(sandboxRun(), SANDBOX)).toEqual({ failures: [], exitCode: 0 });
  });

  it('fails a scenario over its p95 target, quoting the figure and the target', () => {
    const lines = sandboxRun();
    lines[2] = { ...lines[2]!, p95: 7.49, pass: false };
    expect(judgeLines(lines, SANDBOX)).toEqual({
      failures: ['missed: list (no filter): p95 7.49, target_p95_ms 5, errors 0'],
      exitCode: 1,
    });
  });

  it('fails an error line and a part of the run that printed nothing (a crash half way)', () => {
    const lines = [...sandboxRun().slice(0, 3), { kind: 'error', message: 'connect ECONNREFUSED' }];
    expect(judgeLines(lines, SANDBOX).failures).toEqual([
      'error: connect ECONNREFUSED',
      "no 'aggregation' line: that part of the run measured nothing",
      "no 'transfer' line: that part of the run measured nothing",
    ]);
  });

  it('fails a wrong answer of the engine benchmark however fast', () => {
    const lines: BenchLine[] = [
      { kind: 'build', peak_rss_mb: 300, target_peak_rss_mb: 500, pass: true },
      { kind: 'cross-check', queries: 30, mismatches: 1, examples: ['one word: {"text":"cafe"}'], pass: false },
    ];
    expect(judgeLines(lines, ['build', 'cross-check']).failures).toEqual([
      'missed: cross-check: mismatches 1, examples ["one word: {\\"text\\":\\"cafe\\"}"]',
    ]);
    expect(judgeLines([], ['build']).exitCode).toBe(1);
  });
});
