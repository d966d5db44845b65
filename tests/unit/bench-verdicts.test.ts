import { describe, expect, it } from 'vitest';
import type { LoggedRequest } from '../../src/sandbox';
import { judgeFaultRuns, judgePhase, type PhaseEvidence } from '../bench/outbox/verdict';
import type { EngineOutcome } from '../bench/search/node/engine-run';
import { searchVerdict } from '../bench/search/node/verdict';
import { fastCategories } from '../support/search-verdict-figures';
import { percentiles } from '../bench/shared/stats';
import { judgeSync } from '../bench/sync/verdict';

// The benchmarks' verdicts fed fabricated evidence: each must be able to fail.

const T0 = Date.UTC(2026, 0, 5, 9);
const PATH = '/transfer/virtual-account';
let seq = 0;

function req(key: string, atMs: number, outcome: Partial<LoggedRequest> = {}): LoggedRequest {
  return {
    seq: ++seq,
    host: 'api',
    atMs,
    answeredAtMs: atMs + 20,
    method: 'POST',
    path: PATH,
    idempotencyKey: key,
    status: 200,
    retryAfterMs: null,
    dropped: null,
    ...outcome,
  };
}

/** Two transfers A->B, sent through one 429 (waited out), one 503 and one drop after processing. */
function cleanRun(): PhaseEvidence {
  return {
    rows: [
      { key: 'k1', state: 'sent', amountCents: 100, source: 'A', destination: 'B' },
      { key: 'k2', state: 'sent', amountCents: 250, source: 'A', destination: 'B' },
    ],
    ledger: [
      { idempotencyKey: 'k1', amountCents: 100, source: 'A', destination: 'B' },
      { idempotencyKey: 'k2', amountCents: 250, source: 'A', destination: 'B' },
    ],
    requests: [
      req('k1', T0, { status: 429, retryAfterMs: 1000 }),
      req('k1', T0 + 1020, { status: 503 }),
      req('k1', T0 + 2000),
      req('k2', T0, { status: null, dropped: 'after-processing' }),
      req('k2', T0 + 500),
    ],
    requestsEvicted: 0,
    balanceChanges: { A: -350, B: 350 },
    faults: { rateLimited: true, unavailable: true, dropped: true },
    everyRowSent: true,
  };
}

describe('bench:outbox verdict', () => {
  it('passes a run whose service-side record matches the rows', () => {
    const v = judgePhase(cleanRun());
    expect(v.failures).toEqual([]);
    expect(v).toMatchObject({
      pass: true,
      duplicates: 0,
      lost: 0,
      sends_before_retry_after: 0,
      served: { requests: 5, rate_limited_429: 1, unavailable_503: 1, dropped_after_processing: 1 },
    });
  });

  it('fails on a key that moved money twice, and on the balances that show it', () => {
    const e = cleanRun();
    const v = judgePhase({
      ...e,
      ledger: [...e.ledger, { idempotencyKey: 'k2', amountCents: 250, source: 'A', destination: 'B' }],
      balanceChanges: { A: -600, B: 600 },
    });
    expect(v.pass).toBe(false);
    expect(v.duplicates).toBe(1);
    expect(v.accounts_off).toEqual([
      { account: 'A', expected_cents: -350, actual_cents: -600 },
      { account: 'B', expected_cents: 350, actual_cents: 600 },
    ]);
  });

  it('fails on a balance that moved with no ledger entry to show for it', () => {
    const v = judgePhase({ ...cleanRun(), balanceChanges: { A: -350, B: 350, C: -1 } });
    expect(v.pass).toBe(false);
    expect(v.accounts_off).toEqual([{ account: 'C', expected_cents: 0, actual_cents: -1 }]);
  });

  it('fails on a request that came before the Retry-After its key was given ran out, on the service clock', () => {
    const e = cleanRun();
    // Answered 429 at T0+20 with 1 s: the retry at T0+1019 is one millisecond early.
    const early = [
      req('k1', T0, { status: 429, retryAfterMs: 1000 }),
      req('k1', T0 + 1019, { status: 503 }),
      req('k1', T0 + 2000),
      ...e.requests.slice(3),
    ];
    const v = judgePhase({ ...e, requests: early });
    expect(v.pass).toBe(false);
    expect(v.sends_before_retry_after).toBe(1);
    expect(v.early_examples).toEqual([{ key: 'k1', seq: early[1]!.seq, ms_early: 1, reload_between: false }]);
    // A reload in between says why, and does not excuse it.
    const afterReload = judgePhase({ ...e, requests: early, reloadsAtMs: [T0 + 500] });
    expect(afterReload.early_examples[0]?.reload_between).toBe(true);
    expect(afterReload.pass).toBe(false);
  });

  it('fails when a fault it injected never happened (zero 429s, 503s or drops)', () => {
    const e = cleanRun();
    const only200 = e.requests.map((r) => ({ ...r, status: 200, retryAfterMs: null, dropped: null }));
    const v = judgePhase({ ...e, requests: only200 });
    expect(v.pass).toBe(false);
    expect(v.failures).toHaveLength(3);
    expect(v.failures[0]).toMatch(/no 429/);
    // With nothing injected, none is required.
    expect(
      judgePhase({ ...e, requests: only200, faults: { rateLimited: false, unavailable: false, dropped: false } }).pass,
    ).toBe(true);
  });

  it('counts as lost a row marked sent whose key moved nothing, and one not sent whose key did', () => {
    const e = cleanRun();
    const sentNothing = judgePhase({ ...e, ledger: e.ledger.slice(0, 1), balanceChanges: { A: -100, B: 100 } });
    expect(sentNothing.lost_detail).toEqual({
      sent_without_movement: 1,
      unsent_with_movement: 0,
      movement_without_row: 0,
    });
    expect(sentNothing.pass).toBe(false);
    const failedButMoved = judgePhase({
      ...e,
      rows: [e.rows[0]!, { ...e.rows[1]!, state: 'failed' }],
      balanceChanges: { A: -100, B: 100 },
      everyRowSent: false,
    });
    expect(failedButMoved.lost_detail.unsent_with_movement).toBe(1);
    expect(failedButMoved.pass).toBe(false);
  });

  it('requires every transfer sent, and a whole request log', () => {
    const e = cleanRun();
    const review = judgePhase({
      ...e,
      rows: [e.rows[0]!, { ...e.rows[1]!, state: 'needs-review' }],
      balanceChanges: { A: -100, B: 100 },
    });
    expect(review.lost).toBe(0);
    expect(review.left_for_a_person_that_moved_money).toBe(1);
    expect(review.failures).toEqual(['1 of 2 rows not sent']);
    expect(judgePhase({ ...e, requestsEvicted: 3 }).pass).toBe(false);
  });

  it('binds a request only to Retry-Afters whose answer had left when it arrived', () => {
    const e = cleanRun();
    // k1's second send was already on its way when the 429 left (T0+10 < T0+50): not early. The third,
    // after the answer and inside the wait, is; the fourth, after the wait, is not.
    const overlapping = [
      req('k1', T0, { status: 429, retryAfterMs: 1000, answeredAtMs: T0 + 50 }),
      req('k1', T0 + 10, { status: 429, retryAfterMs: 1000, answeredAtMs: T0 + 60 }),
      req('k1', T0 + 900, { status: 503 }),
      req('k1', T0 + 1060),
      ...e.requests.slice(3),
    ];
    const v = judgePhase({ ...e, requests: overlapping });
    expect(v.early_examples.map((x) => [x.seq, x.ms_early])).toEqual([[overlapping[2]!.seq, 160]]);
    expect(v.sends_after_a_retry_after).toBe(2);
  });

  it('judges a hold from a 503 as one from a 429', () => {
    const e = cleanRun();
    const from503 = [req('k1', T0, { status: 503, retryAfterMs: 2000 }), req('k1', T0 + 1500), ...e.requests.slice(3)];
    const v = judgePhase({
      ...e,
      requests: from503,
      faults: { ...e.faults, rateLimited: false, unavailableWithRetryAfter: true },
    });
    expect(v.sends_before_retry_after).toBe(1);
    expect(v.served.unavailable_503_with_retry_after).toBe(1);
  });

  it('fails when the early-send check judged nothing: 429s met, but no key sent again after one; or no 503 with a Retry-After when they were asked for', () => {
    const e = cleanRun();
    const neverAgain = [req('k3', T0, { status: 429, retryAfterMs: 1000 }), ...e.requests.slice(1)];
    const v = judgePhase({ ...e, requests: neverAgain });
    expect(v.sends_after_a_retry_after).toBe(0);
    expect(v.failures).toContain('no key was sent again after a Retry-After: the early-send check judged nothing');
    expect(judgePhase({ ...e, faults: { ...e.faults, unavailableWithRetryAfter: true } }).failures).toEqual([
      'no 503 with a Retry-After reached the app: a hold from a 503 was never met',
    ]);
  });

  it('over several fault runs: every run must pass with 0 early sends, and as many runs as asked for', () => {
    const good = { sends_before_retry_after: 0, sends_after_a_retry_after: 40, pass: true };
    expect(judgeFaultRuns([good, good, good, good, good], 5)).toMatchObject({
      pass: true,
      runs: 5,
      sends_before_retry_after: [0, 0, 0, 0, 0],
    });
    const one = judgeFaultRuns([good, good, { ...good, sends_before_retry_after: 1, pass: false }, good, good], 5);
    expect(one.failures).toEqual(['fault run 3: 1 requests before their Retry-After ran out']);
    expect(judgeFaultRuns([good, good, good, good], 5).failures).toEqual(['only 4 of 5 fault runs ran']);
    expect(judgeFaultRuns([good, { ...good, pass: false }], 2).pass).toBe(false);
  });
});

describe('bench:sync verdict', () => {
  const whole = { distinct: 1000, backfillRows: 1000 };

  it('passes a complete sync at the target rate', () => {
    expect(judgeSync({ outcome: 'done', syncMs: 50 }, whole, 1000, 10_000)).toEqual({
      complete: true,
      rows_per_s: 20_000,
      failures: [],
      pass: true,
    });
  });

  it('fails a sync that failed at once instead of reporting an infinite rate', () => {
    const v = judgeSync({ outcome: 'error', syncMs: 0 }, { distinct: 0, backfillRows: 0 }, 1000, 10_000);
    expect(v.pass).toBe(false);
    expect(v.complete).toBe(false);
    expect(v.rows_per_s).toBeNull();
  });

  it('fails a sync that ended done with rows missing or doubled', () => {
    expect(judgeSync({ outcome: 'done', syncMs: 50 }, { distinct: 999, backfillRows: 999 }, 1000).pass).toBe(false);
    expect(judgeSync({ outcome: 'done', syncMs: 50 }, { distinct: 1000, backfillRows: 1001 }, 1000).pass).toBe(false);
    expect(judgeSync({ outcome: 'done', syncMs: 0 }, whole, 1000, 10_000).failures).toEqual([
      'no sync time was measured, so there is no rate',
    ]);
  });

  it('fails a complete sync under the target rate', () => {
    expect(judgeSync({ outcome: 'done', syncMs: 500 }, whole, 1000, 10_000)).toMatchObject({
      complete: true,
      rows_per_s: 2000,
      pass: false,
    });
  });
});

describe('bench:search verdict', () => {
  // Latency targets met in every category (tests/unit/search-verdict.test.ts judges them).
  const FAST = fastCategories();
  const outcome = (engine: EngineOutcome['engine'], o: Partial<EngineOutcome> = {}): EngineOutcome => ({
    engine,
    ran: true,
    timings: [[1], [2]],
    mismatched: [],
    failed: [],
    ...o,
  });

  it('exits 0 when ours agrees with the oracle everywhere, whatever a peer answers', () => {
    expect(
      searchVerdict(
        [
          {
            rows: 100,
            baselineRan: true,
            categories: FAST,
            outcomes: [outcome('ours'), outcome('flexsearch', { mismatched: [1] })],
          },
        ],
        false,
      ),
    ).toEqual({ exitCode: 0, failures: [] });
  });

  it('exits 1 when ours disagrees with the oracle on one query at one size', () => {
    const v = searchVerdict(
      [
        { rows: 100, baselineRan: true, categories: FAST, outcomes: [outcome('ours')] },
        { rows: 1000, baselineRan: true, categories: FAST, outcomes: [outcome('ours', { mismatched: [1] })] },
      ],
      false,
    );
    expect(v.exitCode).toBe(1);
    expect(v.failures).toEqual(['1000 rows: ours disagrees with the oracle on 1 queries (indexes 1)']);
  });

  it('exits 1 when ours could not build or answer; a peer that could not only fails --quick', () => {
    expect(
      searchVerdict(
        [{ rows: 100, baselineRan: true, categories: FAST, outcomes: [outcome('ours', { ran: false })] }],
        false,
      ).exitCode,
    ).toBe(1);
    expect(
      searchVerdict(
        [{ rows: 100, baselineRan: true, categories: FAST, outcomes: [outcome('ours', { failed: [0] })] }],
        false,
      ).exitCode,
    ).toBe(1);
    const peerDown = [
      {
        rows: 100,
        baselineRan: true,
        categories: FAST,
        outcomes: [outcome('ours'), outcome('sqlite', { ran: false })],
      },
    ];
    expect(searchVerdict(peerDown, false).exitCode).toBe(0);
    expect(searchVerdict(peerDown, true).exitCode).toBe(1);
  });
});

describe('percentiles (shared by the benches)', () => {
  it('takes the nearest rank', () => {
    const ms = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentiles(ms)).toEqual({ p50: 50, p95: 95, max: 100, n: 100 });
    expect(percentiles([])).toEqual({ p50: 0, p95: 0, max: 0, n: 0 });
  });
});
