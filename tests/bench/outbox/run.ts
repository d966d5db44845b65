/**
 * `npm run bench:outbox [-- --transfers 1000 --payments 200 --reloads 50 --runs 5 --fault-runs 1]`
 *   `--baseline-only` stops after the no-fault baseline's `--runs` drains; `--fault-runs N` runs
 *   phase 2 N times in a row, each judged on its own, then over all N; `--fault-only` runs only
 *   those (no baseline, payments or scale); `--one-in-flight` sends one row at a time per source
 *   (the sender without its window, to compare); `--latency-ms N` delays the service's answers in
 *   the baseline by N ms (a service across the internet); `--renderer-profile FILE` writes the
 *   page's CPU profile of the baseline drain (open it in DevTools' Performance panel).
 *
 * The outbox's repository and sender in Debian's Chromium (real IndexedDB), sending through
 * main's real core to the sandbox over loopback. Prints JSON lines, ending with a summary:
 *  1. A baseline, `--runs` times in a row (5 by default): the same transfers queued offline, then
 *     sent with no faults (drain time; target <= 10 s in every run, 0 duplicates, 0 lost), where
 *     each row's time went (balance check, send, record: write, claim, commit; idle), and the
 *     cost of each state change (p95).
 *  2. `--transfers` queued and approved while the sandbox is offline, then sent through faults
 *     (30% 503 and 10% 429, both with a 1 s Retry-After, 10% dropped after processing, 20-200 ms
 *     latency) while the page is reloaded at random moments (at least `--reloads` times), each
 *     run with fresh rows (`--fault-runs`; a `fault_runs` line gives each run's early sends).
 *  3. `--payments` payments through 40% dropped-after-processing, 20% 503 and 20% 429: none may
 *     be sent twice or before its Retry-After; each is sent, or left for a person when its outcome
 *     is unknown.
 *  4. The outbox as it grows (scale.ts): a sender pass and the queue screen with 100,000
 *     finished rows beside 100, and approving 200 rows at once (<= 1 s).
 * Every phase is judged where the outcomes happen (tests/bench/outbox/verdict.ts): movements per
 * row from the sandbox's ledger, each account's balance change against the rows marked sent, and
 * from the sandbox's request log (its clock) the sends that came before a Retry-After ran out,
 * how many sends came after one (the check must have judged some), and how many 429s, 503s (with
 * Retry-After) and drops the app actually met (each injected fault must have happened).
 * The process exits 1 when the summary does not pass. */
import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { startSandbox, type LoggedRequest, type RequestLogPage, type Sandbox } from '../../../src/sandbox';
import type { FaultSettingsInput } from '../../../src/sandbox/http/faults';
import { virtualAccountView } from '../../../src/sandbox/accounts/views';
import type { DraftInput } from '../../../src/shared/outbox';
import { emit, numberArg } from '../shared/io';
import { startLaneBench } from '../shared/lane-bench';
import { judgeFaultRuns, judgePhase, type FaultsInjected, type PhaseVerdict, type RowSeen } from './verdict';
import { measureScale } from './scale';
import { judgeDrainRuns, rowBreakdown, type DrainRun, type Spent } from './drain-runs';
import { sleep } from '../../support/turns';

const arg = (name: string, fallback: number) => numberArg(name, fallback, true);

interface RowView extends RowSeen {
  id: string;
  kind: string;
}

const MONEY_PATHS = {
  transfer: ['/transfer/virtual-account', '/virtual-account/transfer'],
  payment: ['/pay'],
} as const;
/** Each no-fault drain of `--transfers` transfers, in each of `--runs` runs. */
const DRAIN_TARGET_MS = 10_000;
const NO_FAULTS: FaultsInjected = { rateLimited: false, unavailable: false, dropped: false };
/** The transfers' fault phase: 503s (with Retry-After, so a 503 holds a key too), 429s, drops after processing, latency. */
const TRANSFER_FAULTS: FaultSettingsInput = {
  errorRate: 0.3,
  retryAfterOn503: true,
  rateLimitRate: 0.1,
  retryAfterSeconds: 1,
  dropAfterRate: 0.1,
  latencyMs: 20,
  jitterMs: 180,
};
/** The payments' phase: outcomes the app cannot know (drops after processing, 503s) and 429s it must wait out. */
const PAYMENT_FAULTS: FaultSettingsInput = {
  dropAfterRate: 0.4,
  errorRate: 0.2,
  rateLimitRate: 0.2,
  retryAfterSeconds: 1,
  latencyMs: 20,
  jitterMs: 180,
};

/** Requests to one path after `after`, read through the admin route, page by page. */
async function requestsTo(
  sandbox: Sandbox,
  path: string,
  after: number,
): Promise<{ items: LoggedRequest[]; evicted: number }> {
  const items: LoggedRequest[] = [];
  for (let cursor = after; ;) {
    const res = await fetch(
      `${sandbox.apiUrl}/__sandbox/requests?${new URLSearchParams({ path, method: 'POST', after: String(cursor), limit: '10000' })}`,
      { headers: { 'x-api-key': sandbox.apiKey } },
    );
    if (!res.ok) throw new Error(`GET /__sandbox/requests answered ${res.status}: ${await res.text()}`);
    const page = (await res.json()) as RequestLogPage;
    items.push(...page.items);
    if (page.nextAfter === undefined) return { items, evicted: page.evicted };
    cursor = page.nextAfter;
  }
}

/** Available balance per virtual account, as the service holds it. */
function balances(sandbox: Sandbox): Map<string, number> {
  return new Map(
    [...sandbox.world.virtualAccounts.values()].map((va) => [
      va.id,
      sandbox.world.transactions.totals(va.id).availableCents,
    ]),
  );
}

/** Where a phase starts on the service's side, so its verdict reads only what came after. */
interface PhaseMark {
  ledger: number;
  requestSeq: number;
  balances: Map<string, number>;
}

function markPhase(sandbox: Sandbox): PhaseMark {
  return { ledger: sandbox.world.ledger.length, requestSeq: sandbox.requests.lastSeq, balances: balances(sandbox) };
}

/** The rows of the phase against what the service recorded since `mark`. */
async function judge(
  sandbox: Sandbox,
  rows: RowView[],
  kind: 'transfer' | 'payment',
  mark: PhaseMark,
  faults: FaultsInjected,
  reloadsAtMs: readonly number[],
): Promise<PhaseVerdict> {
  const reads = [];
  for (const path of MONEY_PATHS[kind]) reads.push(await requestsTo(sandbox, path, mark.requestSeq));
  const requests = reads.flatMap((r) => r.items);
  const evicted = Math.max(0, ...reads.map((r) => r.evicted));
  const after = balances(sandbox);
  const balanceChanges =
    kind === 'transfer'
      ? Object.fromEntries(
          [...after].map(([id, cents]) => [id, cents - (mark.balances.get(id) ?? 0)]).filter(([, d]) => d !== 0),
        )
      : undefined;
  return judgePhase({
    rows,
    ledger: sandbox.world.ledger.slice(mark.ledger).filter((e) => e.kind === kind),
    requests,
    // The log lets its oldest go first, as seqs 1, 2, 3…: the phase's entries are whole while no
    // more than the seqs before the phase have gone.
    requestsEvicted: Math.max(0, evicted - mark.requestSeq),
    ...(balanceChanges ? { balanceChanges } : {}),
    faults,
    everyRowSent: kind === 'transfer',
    reloadsAtMs,
  });
}

/** A CPU profile of the page (open it in Chrome's DevTools); returns the function that stops it. */
async function startProfile(page: Page): Promise<() => Promise<unknown>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  return async () => (await cdp.send('Profiler.stop')).profile;
}

async function main(): Promise<void> {
  const transfers = arg('transfers', 1000);
  const payments = arg('payments', 200);
  const minReloads = arg('reloads', 50);
  const drainRuns = arg('runs', 5);
  // `--fault-runs N`: the transfers' fault phase N times in a row (the Retry-After verdict over N runs).
  const faultRuns = arg('fault-runs', 1);
  // `--fault-only`: only those fault runs (no baseline, payments or scale).
  const faultOnly = process.argv.includes('--fault-only');
  // `--one-in-flight`: each source sends one row at a time (the sender before send-window.ts), to compare.
  const windowOn = !process.argv.includes('--one-in-flight');
  // `--latency-ms N`: the service answers the baseline's sends N ms later (no other fault).
  const latencyMs = arg('latency-ms', 0);
  const profileAt = process.argv.indexOf('--renderer-profile');
  const profilePath = profileAt >= 0 ? process.argv[profileAt + 1] : undefined;
  // The sandbox keeps real time here: reconciling a lost payment looks for its debit around the
  // moment the app sent it, by the app's clock, as it would against the real service.
  const sandbox = await startSandbox({ seed: 42, transactions: 500, validateResponses: false });
  const bench = await startLaneBench('bench-outbox.ts');
  const { page, run } = bench;
  const profileId = await bench.profileFor(sandbox, 'Bench');

  const world = sandbox.world;
  // Several sources (each its own FIFO queue, sent in parallel) into one account that is never a
  // source, so no row waits for another to fund it.
  const open = [...world.virtualAccounts.values()].filter((v) => v.closedAt === null).map((v) => v.id);
  const destination = open.find((id) => id !== world.primaryVirtualAccountId) as string;
  const sources = open.filter((id) => id !== destination);
  const payee = [...world.svcHandles.values()].find((h) => h.id !== world.ownSvcHandleId)?.svcHandle as string;
  // Small amounts, so the seeded balances cover every phase (rows are matched by key, not amount).
  const transferInputs = (n: number, base: number): DraftInput[] =>
    Array.from({ length: n }, (_, i) => ({
      kind: 'transfer',
      payload: { source: sources[i % sources.length] as string, destination, amountCents: base + (i % 97) },
    }));

  // The cache a sync leaves: each send checks its source's cached balance, as the app does.
  await run(
    'cacheAccounts',
    profileId,
    [...world.virtualAccounts.values()].map((va) => virtualAccountView(world, va)),
  );

  let reloads = 0;
  /** On the sandbox clock, for the verdict's account of early sends. */
  const reloadsAtMs: number[] = [];
  /** Runs the sender until every row is finished, reloading the page at random moments meanwhile. */
  async function drain(kind: 'transfer' | 'payment', reloadsWanted: number, timeoutMs: number): Promise<number> {
    const started = performance.now();
    inFlight = await run<number>('start', profileId, windowOn);
    let done = 0;
    if (reloadsWanted === 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>(
        (_, reject) =>
          (timer = setTimeout(() => reject(new Error(`${kind}s not finished after ${timeoutMs} ms`)), timeoutMs)),
      );
      try {
        await Promise.race([run('untilDrained', profileId), late]);
      } finally {
        clearTimeout(timer);
      }
      await run('stop');
      return performance.now() - started;
    }
    for (;;) {
      await sleep(reloadsWanted > 0 ? 200 + Math.floor(Math.random() * 1300) : 100);
      const open = await run<number>('openCount', profileId);
      if (open === 0 && done >= reloadsWanted) break;
      if (performance.now() - started > timeoutMs)
        throw new Error(`${kind}s not finished after ${timeoutMs} ms (${open} open)`);
      if (done < reloadsWanted) {
        reloadsAtMs.push(sandbox.world.clock.now());
        await page.reload();
        await page.waitForFunction(() => 'lane' in globalThis);
        await run('start', profileId, windowOn);
        done++;
        reloads++;
      }
    }
    await run('stop');
    return performance.now() - started;
  }

  let inFlight = 1;
  try {
    // 1. Baseline: the same number of transfers, no faults, no reloads, `--runs` times in a row
    //    (fresh rows each time), each run judged from the service's side on its own.
    const drains: DrainRun[] = [];
    const baseChecks: PhaseVerdict[] = [];
    for (let i = 0; i < (faultOnly ? 0 : drainRuns); i++) {
      await run('reset', profileId);
      const baseMark = markPhase(sandbox);
      await sandbox.setFaults({ offline: true });
      const base = await run<{ changes: number; p95_ms: number; mean_ms: number }>(
        'queue',
        profileId,
        transferInputs(transfers, 100),
      );
      await sandbox.resetFaults();
      // A service across the internet rather than loopback: the round trip a source waits for per row.
      if (latencyMs > 0) await sandbox.setFaults({ latencyMs });
      await run('timings');
      const profiling = profilePath && i === 0 ? await startProfile(page) : null;
      const drainMs = await drain('transfer', 0, 10 * 60_000);
      if (profiling && profilePath) await writeFile(profilePath, JSON.stringify(await profiling()));
      const spent = await run<Spent>('timings');
      await sandbox.resetFaults();
      const baseCheck = await judge(
        sandbox,
        (await run<RowView[]>('rows', profileId)).filter((r) => r.kind === 'transfer'),
        'transfer',
        baseMark,
        NO_FAULTS,
        reloadsAtMs,
      );
      baseChecks.push(baseCheck);
      drains.push({
        drain_ms: drainMs,
        total: baseCheck.total,
        sent: baseCheck.states['sent'] ?? 0,
        duplicates: baseCheck.duplicates,
        lost: baseCheck.lost,
        unfinished: baseCheck.unfinished,
        accounts_off: baseCheck.accounts_off.length,
      });
      emit({
        kind: 'baseline',
        run: i + 1,
        in_flight_per_source: inFlight,
        latency_ms: latencyMs,
        what: `${transfers} transfers from ${sources.length} accounts queued offline, sent without faults or reloads`,
        drain_ms: Math.round(drainMs),
        target_ms: DRAIN_TARGET_MS,
        state_change_p95_ms: base.p95_ms,
        state_change_mean_ms: base.mean_ms,
        ...baseCheck,
        pass: drainMs <= DRAIN_TARGET_MS && baseCheck.pass,
        per_row: rowBreakdown(spent, transfers, sources.length, drainMs),
        time_spent_in: spent,
      });
    }
    const drainVerdict = faultOnly ? null : judgeDrainRuns(drains, drainRuns, DRAIN_TARGET_MS);
    if (drainVerdict)
      emit({
        kind: 'baseline_runs',
        what: `${drainRuns} no-fault drains of ${transfers} transfers in a row`,
        ...drainVerdict,
      });
    if (drainVerdict && process.argv.includes('--baseline-only')) {
      if (!drainVerdict.pass) process.exitCode = 1;
      return;
    }

    // 2. Transfers through faults and reloads, `--fault-runs` times (fresh rows each time), each
    //    judged on its own: the runs the "0 sends before a Retry-After ran out" verdict stands on.
    const checks: PhaseVerdict[] = [];
    let queued = { changes: 0, p95_ms: 0 };
    for (let i = 0; i < faultRuns; i++) {
      await run('reset', profileId);
      const transferMark = markPhase(sandbox);
      await sandbox.setFaults({ offline: true });
      queued = await run<{ changes: number; p95_ms: number }>('queue', profileId, transferInputs(transfers, 1_000));
      emit({
        kind: 'queued',
        run: i + 1,
        transfers,
        state_changes: queued.changes,
        state_change_p95_ms: queued.p95_ms,
      });
      await sandbox.setFaults({ offline: false, ...TRANSFER_FAULTS });
      const reloadsBefore = reloads;
      const faultMs = await drain('transfer', minReloads, 30 * 60_000);
      await sandbox.resetFaults();
      const rows = (await run<RowView[]>('rows', profileId)).filter((r) => r.kind === 'transfer');
      const check = await judge(
        sandbox,
        rows,
        'transfer',
        transferMark,
        { rateLimited: true, unavailable: true, dropped: true, unavailableWithRetryAfter: true },
        reloadsAtMs,
      );
      checks.push(check);
      emit({
        kind: 'transfers',
        run: i + 1,
        of: faultRuns,
        drain_ms: Math.round(faultMs),
        reloads: reloads - reloadsBefore,
        ledger_entries_added: world.ledger.length - transferMark.ledger,
        ...check,
      });
    }
    const faultVerdict = judgeFaultRuns(checks, faultRuns);
    emit({
      kind: 'fault_runs',
      what: `${faultRuns} runs of ${transfers} transfers through faults, at least ${minReloads} reloads each`,
      ...faultVerdict,
    });

    // 3. Payments with ambiguous outcomes, and 429s: a payment told to wait goes again with its key, never early.
    let payCheck: PhaseVerdict | null = null;
    let payMs = 0;
    if (!faultOnly) {
      await run('reset', profileId);
      const payMark = markPhase(sandbox);
      await sandbox.setFaults({ offline: true });
      await run(
        'queue',
        profileId,
        Array.from({ length: payments }, (_, i): DraftInput => ({
          kind: 'payment',
          payload: { svcHandle: payee, amountCents: 500 + i },
        })),
      );
      await sandbox.setFaults({ offline: false, ...PAYMENT_FAULTS });
      payMs = await drain('payment', 10, 10 * 60_000);
      await sandbox.resetFaults();
      // One more pass with the service answering, as the next sync or reconnect would give.
      await run('start', profileId, windowOn);
      await sleep(3_000);
      await run('stop');
      const payRows = (await run<RowView[]>('rows', profileId)).filter((r) => r.kind === 'payment');
      payCheck = await judge(
        sandbox,
        payRows,
        'payment',
        payMark,
        { rateLimited: payments > 0, unavailable: payments > 0, dropped: payments > 0 },
        reloadsAtMs,
      );
      emit({ kind: 'payments', drain_ms: Math.round(payMs), ...payCheck });
    }

    // 4. The outbox as it grows: 100 finished rows against 100,000 (scale.ts).
    const scale = faultOnly ? [] : await measureScale(await bench.browser.newContext());
    for (const line of scale) emit(line);

    const sum = (f: (v: PhaseVerdict) => number) => checks.reduce((a, c) => a + f(c), 0);
    const wantedReloads = minReloads * faultRuns + (faultOnly ? 0 : 10);
    const failures = [
      ...(drainVerdict?.failures.map((f) => `baseline: ${f}`) ?? []),
      ...(reloads < wantedReloads ? [`only ${reloads} reloads (${wantedReloads} wanted)`] : []),
      ...baseChecks.flatMap((c, i) => c.failures.map((f) => `baseline ${i + 1}: ${f}`)),
      ...faultVerdict.failures.map((f) => `transfers: ${f}`),
      ...checks.flatMap((c, i) => c.failures.map((f) => `transfers, fault run ${i + 1}: ${f}`)),
      ...(payCheck?.failures.map((f) => `payments: ${f}`) ?? []),
      ...scale.filter((l) => l['pass'] !== true).map((l) => `${l.kind}: did not pass`),
    ];
    emit({
      kind: 'summary',
      fault_runs: faultRuns,
      total: sum((c) => c.total),
      sent: sum((c) => c.states['sent'] ?? 0),
      duplicates: (drainVerdict?.duplicates ?? 0) + sum((c) => c.duplicates) + (payCheck?.duplicates ?? 0),
      accounts_off: drains.reduce((a, d) => a + d.accounts_off, 0) + sum((c) => c.accounts_off.length),
      lost:
        (drainVerdict?.lost ?? 0) +
        sum((c) => c.lost + c.unfinished) +
        (payCheck ? payCheck.lost + payCheck.unfinished : 0),
      reloads,
      sends_before_retry_after: sum((c) => c.sends_before_retry_after) + (payCheck?.sends_before_retry_after ?? 0),
      sends_before_retry_after_per_fault_run: faultVerdict.sends_before_retry_after,
      sends_after_a_retry_after_per_fault_run: faultVerdict.sends_after_a_retry_after,
      served_per_fault_run: checks.map((c) => c.served),
      drain_ms_without_faults: drainVerdict?.drain_ms ?? null,
      drain_target_ms: DRAIN_TARGET_MS,
      state_change_p95_ms: queued.p95_ms,
      ...(payCheck
        ? {
            payments: payCheck.total,
            payments_sent_twice: payCheck.duplicates,
            payments_left_for_a_person: payCheck.left_for_a_person,
            payments_in_review_that_went_through: payCheck.left_for_a_person_that_moved_money,
            payments_sent_before_retry_after: payCheck.sends_before_retry_after,
            payments_served: payCheck.served,
            payments_drain_ms: Math.round(payMs),
          }
        : {}),
      failures,
      pass: failures.length === 0,
    });
    if (failures.length > 0) process.exitCode = 1;
  } finally {
    await bench.close();
    await sandbox.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
