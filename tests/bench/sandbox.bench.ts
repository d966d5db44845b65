/**
 * Sandbox benchmark: seeds 1,000,000 transactions in-process, then times GET /transaction pages
 * (with and without filters), POST /transfer/virtual-account and a trivial baseline request, over
 * real HTTP on loopback with keep-alive. Prints one JSON object per line; the last is the verdict:
 * exit 1 when the seed takes 15 s or more, a scenario's p95 is over 5 ms or one of its requests
 * failed, a transfer was not answered 200, or a part of the run printed nothing (line-verdict.ts).
 *
 *   npm run bench:sandbox            (BENCH_TRANSACTIONS=200000 npm run bench:sandbox for a quick run)
 */
import { startSandbox } from '../../src/sandbox';
import { emit as print, keptLines } from './shared/io';
import { judgeLines } from './shared/line-verdict';
import { percentiles as stats } from './shared/stats';
import { lcg } from '../support/lcg';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const TARGET_P95_MS = 5;
const DAY = 86_400_000;
const REQUIRED = ['seed', 'baseline', 'list', 'aggregation', 'transfer'];

/** Every line printed, for the verdict. */
const { lines, emit } = keptLines();

/** The last line: exit 1 on any missed target, error, or part of the run that printed nothing. */
function verdict(): number {
  const v = judgeLines(lines, REQUIRED);
  print({ kind: 'verdict', failures: v.failures, exit_code: v.exitCode });
  return v.exitCode;
}

/** A small deterministic generator so two runs ask the same questions. */
async function main(): Promise<void> {
  const t0 = performance.now();
  const sandbox = await startSandbox({ transactions: TRANSACTIONS, validateResponses: false, seed: 42 });
  const seedMs = performance.now() - t0;
  emit({
    kind: 'seed',
    transactions: sandbox.world.transactions.size,
    expected_transactions: TRANSACTIONS,
    seed_ms: Math.round(seedMs),
    heap_mb: Math.round(process.memoryUsage().heapUsed / 1e6),
    target_ms: 15_000,
    pass: seedMs < 15_000 && sandbox.world.transactions.size === TRANSACTIONS,
  });

  const headers = { 'x-api-key': sandbox.apiKey };
  const get = async (
    path: string,
  ): Promise<{ status: number; body: { items?: { id: string }[]; metadata?: { nextCursor?: string } } }> => {
    const res = await fetch(sandbox.apiUrl + path, { headers });
    return { status: res.status, body: (await res.json()) as never };
  };
  const timed = async <T>(fn: () => Promise<T>): Promise<[number, T]> => {
    const s = performance.now();
    const v = await fn();
    return [performance.now() - s, v];
  };

  const w = sandbox.world;
  const now = w.clock.now();
  const rand = lcg(7).next;
  // The busiest card and a regular virtual account, found through the store (the bench's own business).
  let busiestCard = '';
  let busiestCount = -1;
  for (const id of w.cards.keys()) {
    const n = w.transactions.aggregate({ cardId: id }).count;
    if (n > busiestCount) [busiestCard, busiestCount] = [id, n];
  }
  const va =
    [...w.virtualAccounts.values()].find((v) => v.accountType === 'default' && v.closedAt === null)?.id ??
    w.primaryVirtualAccountId;
  const chargeAccount = [...w.accounts.values()].find((a) => a.type === 'charge_card')?.id ?? '';

  for (let i = 0; i < 50; i++) await get('/transaction'); // warm-up (JIT, connections)

  const baseline: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const [ms] = await timed(() => fetch(`${sandbox.apiUrl}/__sandbox/clock`, { headers }).then((r) => r.text()));
    baseline.push(ms);
  }
  emit({
    kind: 'baseline',
    scenario: 'GET /__sandbox/clock (HTTP overhead, no work)',
    samples: SAMPLES,
    ...stats(baseline),
  });

  const scenarios: { name: string; query: () => Record<string, string> }[] = [
    { name: 'no filter', query: () => ({}) },
    { name: 'filter:status=pending', query: () => ({ 'filter:status': 'pending' }) },
    { name: 'filter:detailed_status=dispute (rare)', query: () => ({ 'filter:detailed_status': 'dispute' }) },
    { name: `filter:cardId (busiest card, ${busiestCount} rows)`, query: () => ({ 'filter:cardId': busiestCard }) },
    {
      name: 'filter:virtualAccountId + 30-day date range',
      query: () => {
        const from = now - Math.floor(rand() * 330) * DAY - 30 * DAY;
        return {
          'filter:virtualAccountId': va,
          'filter:from_date': String(from),
          'filter:to_date': String(from + 30 * DAY),
        };
      },
    },
    {
      name: 'authorized_at 7-day range',
      query: () => {
        const from = now - Math.floor(rand() * 350) * DAY - 7 * DAY;
        return { 'filter:from_authorized_at': String(from), 'filter:to_authorized_at': String(from + 7 * DAY) };
      },
    },
    {
      name: 'filter:accountId (charge) + status=posted + 90-day range',
      query: () => ({
        'filter:accountId': chargeAccount,
        'filter:status': 'posted',
        'filter:from_date': String(now - 90 * DAY),
        'filter:to_date': String(now),
      }),
    },
    { name: 'matches nothing: unknown cardId', query: () => ({ 'filter:cardId': 'card_does_not_exist' }) },
    {
      name: 'matches nothing: status=failed + detailed_status=settled',
      query: () => ({ 'filter:status': 'failed', 'filter:detailed_status': 'settled' }),
    },
    {
      name: 'rare combination: busiest card + dispute',
      query: () => ({ 'filter:cardId': busiestCard, 'filter:detailed_status': 'dispute' }),
    },
  ];

  for (const sc of scenarios) {
    const walk: number[] = [];
    const random: number[] = [];
    let cursor: string | undefined;
    let base = sc.query();
    let errors = 0;
    // Half the samples walk the cursor chain from the newest page; half are first pages at random depths.
    for (let i = 0; i < SAMPLES / 2; i++) {
      const q = new URLSearchParams(cursor ? { ...base, cursor } : base);
      const [ms, res] = await timed(() => get(`/transaction?${q}`));
      if (res.status !== 200) errors++;
      walk.push(ms);
      cursor = res.body.metadata?.nextCursor;
      if (!cursor) base = sc.query(); // restart (with a new random window where the scenario has one)
    }
    for (let i = 0; i < SAMPLES / 2; i++) {
      // Scenarios with their own random window already start at a random depth.
      const own = sc.query();
      const windowed = Object.keys(own).some((k) => k.includes('date') || k.includes('authorized'));
      const q = windowed ? own : { ...own, 'filter:to_date': String(now - Math.floor(rand() * 365 * DAY)) };
      const [ms, res] = await timed(() => get(`/transaction?${new URLSearchParams(q)}`));
      if (res.status !== 200) errors++;
      random.push(ms);
    }
    const all = stats([...walk, ...random]);
    emit({
      kind: 'list',
      scenario: sc.name,
      samples: walk.length + random.length,
      errors,
      ...all,
      walk: stats(walk),
      random_first_pages: stats(random),
      target_p95_ms: TARGET_P95_MS,
      pass: all.p95 <= TARGET_P95_MS && errors === 0,
    });
  }

  const agg: number[] = [];
  for (let i = 0; i < 50; i++) {
    const [ms] = await timed(() =>
      get(
        `/transaction/aggregation?${new URLSearchParams({ 'filter:virtualAccountId': va, 'filter:from_date': String(now - 90 * DAY) })}`,
      ),
    );
    agg.push(ms);
  }
  emit({
    kind: 'aggregation',
    scenario: 'virtualAccountId + 90-day range (scans the list)',
    samples: agg.length,
    ...stats(agg),
    target_p95_ms: TARGET_P95_MS,
    pass: stats(agg).p95 <= TARGET_P95_MS,
  });

  const transfers: number[] = [];
  const statuses = new Map<number, number>();
  for (let i = 0; i < SAMPLES; i++) {
    const [ms, status] = await timed(async () => {
      const res = await fetch(`${sandbox.apiUrl}/transfer/virtual-account`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'x-idempotency-key': `bench-${i}` },
        body: JSON.stringify({ source: w.primaryVirtualAccountId, destination: va, amountCents: 100 + i }),
      });
      await res.text();
      return res.status;
    });
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    transfers.push(ms);
  }
  const ts = stats(transfers);
  emit({
    kind: 'transfer',
    scenario: 'POST /transfer/virtual-account',
    samples: transfers.length,
    statuses: Object.fromEntries(statuses),
    ...ts,
    target_p95_ms: TARGET_P95_MS,
    pass: ts.p95 <= TARGET_P95_MS && statuses.size === 1 && statuses.has(200),
  });

  await sandbox.close();
}

main().then(
  () => process.exit(verdict()),
  (e: unknown) => {
    emit({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
    process.exit(verdict());
  },
);
