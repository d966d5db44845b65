/**
 * `npm run bench:outbox [-- --transfers 1000 --payments 200 --reloads 50]`
 *   `--baseline-only` stops after the no-fault baseline; `--renderer-profile FILE` writes the
 *   page's CPU profile of the baseline drain (open it in DevTools' Performance panel).
 *
 * The outbox's repository and sender in Debian's Chromium (real IndexedDB), sending through
 * main's real core to the sandbox over loopback. Prints JSON lines, ending with a summary:
 *  1. A baseline: the same transfers queued offline, then sent with no faults (drain time;
 *     target <= 10 s), and the cost of each state change (p95).
 *  2. `--transfers` queued and approved while the sandbox is offline, then sent through faults
 *     (30% 503, 10% 429 with Retry-After, 10% dropped after processing, 20-200 ms latency) while
 *     the page is reloaded at random moments (at least `--reloads` times).
 *  3. `--payments` payments through 40% dropped-after-processing and 20% 503: none may be sent
 *     twice; each is sent, or left for a person when its outcome is unknown.
 *  4. The outbox as it grows (scale.ts): a sender pass and the queue screen with 100,000
 *     finished rows beside 100, and approving 200 rows at once (<= 1 s).
 * Every phase ends by comparing the rows with the sandbox's ledger, by idempotency key.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { connectPage } from '../../../src/browser-host/bridge';
import { chromiumArgs, findChromium } from '../../../src/browser-host/find-chromium';
import { buildShim } from '../../../src/browser-host/shim-bundle';
import { createMainCore } from '../../../src/main/core';
import { dispatch } from '../../../src/main/ipc/dispatch';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { virtualAccountView } from '../../../src/sandbox/accounts/views';
import type { DraftInput } from '../../../src/shared/outbox';
import { openLane, runInLane, serveLane, type LaneServer } from '../../renderer/harness/lane-page';
import { measureScale } from './scale';

const emit = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(v) || v < 0) throw new Error(`--${name} must be a whole number`);
  return v;
}

interface RowView {
  id: string;
  kind: string;
  state: string;
  key: string;
  amountCents: number;
  attempts: { at: number; outcome: string; retryAfterMs?: number }[];
  /** The cached balance of its source looked short when it was sent. */
  warned: boolean;
}

/** Rows against the ledger: each sent row exactly once, nothing the rows do not explain. */
function compare(rows: RowView[], sandbox: Sandbox, kind: 'transfer' | 'payment', ledgerFrom: number) {
  const byKey = new Map<string, number>();
  for (const e of sandbox.world.ledger.slice(ledgerFrom)) if (e.kind === kind && e.idempotencyKey) byKey.set(e.idempotencyKey, (byKey.get(e.idempotencyKey) ?? 0) + 1);
  const keys = new Set(rows.map((r) => r.key));
  const duplicates = [...byKey.values()].reduce((n, c) => n + Math.max(0, c - 1), 0);
  const sentWithoutEntry = rows.filter((r) => r.state === 'sent' && !byKey.has(r.key)).length;
  const entriesWithoutRow = [...byKey.keys()].filter((k) => !keys.has(k)).length;
  const unfinished = rows.filter((r) => !['sent', 'failed', 'needs-review'].includes(r.state)).length;
  // An attempt after one answered 429 must not come before its Retry-After.
  let early = 0;
  for (const r of rows) {
    for (let i = 1; i < r.attempts.length; i++) {
      const prev = r.attempts[i - 1];
      if (prev?.retryAfterMs && (r.attempts[i]?.at ?? 0) < prev.at + prev.retryAfterMs) early++;
    }
  }
  const states: Record<string, number> = {};
  for (const r of rows) states[r.state] = (states[r.state] ?? 0) + 1;
  return { total: rows.length, states, warned_short_balance: rows.filter((r) => r.warned).length, duplicates, lost: sentWithoutEntry + entriesWithoutRow, unfinished, sends_before_retry_after: early, in_ledger: byKey.size };
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
  const profileAt = process.argv.indexOf('--renderer-profile');
  const profilePath = profileAt >= 0 ? process.argv[profileAt + 1] : undefined;
  const chromiumPath = findChromium();
  if (!chromiumPath) throw new Error('Chromium is needed (scripts/ensure-system-packages.sh)');
  const dir = await mkdtemp(join(tmpdir(), 'bench-outbox-'));
  // The sandbox keeps real time here: reconciling a lost payment looks for its debit around the
  // moment the app sent it, by the app's clock, as it would against the real service.
  const sandbox = await startSandbox({ seed: 42, transactions: 500, validateResponses: false });
  const core = await createMainCore({ userDataDir: join(dir, 'user'), version: 'bench', platform: process.platform, secrets: 'memory', emit: () => undefined });
  const created = await dispatch(core.handlers, 'profiles:create', { name: 'Bench', baseUrl: sandbox.apiUrl, vaultUrl: sandbox.vaultUrl, apiKey: sandbox.apiKey, sessionOnly: true });
  if (!created.ok) throw new Error(created.error.message);
  const profileId = (created.value as { id: string }).id;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs(['--disable-gpu']) });
  const context = await browser.newContext();
  const server: LaneServer = await serveLane(context);
  const page: Page = await context.newPage();
  await connectPage(page, buildShim(), () => core.handlers);
  await openLane(page, server, 'bench-outbox.ts');
  const run = <T>(name: string, ...args: unknown[]) => runInLane<T>(page, name, ...args);

  const world = sandbox.world;
  // Several sources (each its own FIFO queue, sent in parallel) into one account that is never a
  // source, so no row waits for another to fund it.
  const open = [...world.virtualAccounts.values()].filter((v) => v.closedAt === null).map((v) => v.id);
  const destination = open.find((id) => id !== world.primaryVirtualAccountId) as string;
  const sources = open.filter((id) => id !== destination);
  const payee = [...world.svcHandles.values()].find((h) => h.id !== world.ownSvcHandleId)?.svcHandle as string;
  // Small amounts, so the seeded balances cover every phase (rows are matched by key, not amount).
  const transferInputs = (n: number, base: number): DraftInput[] =>
    Array.from({ length: n }, (_, i) => ({ kind: 'transfer', payload: { source: sources[i % sources.length] as string, destination, amountCents: base + (i % 97) } }));

  // The cache a sync leaves: each send checks its source's cached balance, as the app does.
  await run('cacheAccounts', profileId, [...world.virtualAccounts.values()].map((va) => virtualAccountView(world, va)));

  let reloads = 0;
  /** Runs the sender until every row is finished, reloading the page at random moments meanwhile. */
  async function drain(kind: 'transfer' | 'payment', reloadsWanted: number, timeoutMs: number): Promise<number> {
    const started = performance.now();
    await run('start', profileId);
    let done = 0;
    for (;;) {
      await sleep(reloadsWanted > 0 ? 200 + Math.floor(Math.random() * 1300) : 100);
      const open = await run<number>('openCount', profileId);
      if (open === 0 && done >= reloadsWanted) break;
      if (performance.now() - started > timeoutMs) throw new Error(`${kind}s not finished after ${timeoutMs} ms (${open} open)`);
      if (done < reloadsWanted) {
        await page.reload();
        await page.waitForFunction(() => 'lane' in globalThis);
        await run('start', profileId);
        done++;
        reloads++;
      }
    }
    await run('stop');
    return performance.now() - started;
  }

  try {
    // 1. Baseline: the same number of transfers, no faults, no reloads.
    await run('reset', profileId);
    const baseFrom = world.ledger.length;
    await sandbox.setFaults({ offline: true });
    const base = await run<{ changes: number; p95_ms: number; mean_ms: number }>('queue', profileId, transferInputs(transfers, 100));
    await sandbox.resetFaults();
    await run('timings');
    const profiling = profilePath ? await startProfile(page) : null;
    const baseMs = await drain('transfer', 0, 10 * 60_000);
    if (profiling && profilePath) await writeFile(profilePath, JSON.stringify(await profiling()));
    const spentBase = await run<Record<string, unknown>>('timings');
    const baseCheck = compare((await run<RowView[]>('rows', profileId)).filter((r) => r.kind === 'transfer'), sandbox, 'transfer', baseFrom);
    emit({ kind: 'baseline', what: `${transfers} transfers from ${sources.length} accounts queued offline, sent without faults or reloads`, drain_ms: Math.round(baseMs), target_ms: 10_000, pass: baseMs <= 10_000 && baseCheck.duplicates === 0 && baseCheck.lost === 0, state_change_p95_ms: base.p95_ms, state_change_mean_ms: base.mean_ms, ...baseCheck, time_spent_in: spentBase });
    if (process.argv.includes('--baseline-only')) return;

    // 2. Transfers through faults and reloads.
    await run('reset', profileId);
    const before = world.ledger.length;
    await sandbox.setFaults({ offline: true });
    const queued = await run<{ changes: number; p95_ms: number }>('queue', profileId, transferInputs(transfers, 1_000));
    emit({ kind: 'queued', transfers, state_changes: queued.changes, state_change_p95_ms: queued.p95_ms });
    await sandbox.setFaults({ offline: false, errorRate: 0.3, rateLimitRate: 0.1, retryAfterSeconds: 1, dropAfterRate: 0.1, latencyMs: 20, jitterMs: 180 });
    const faultMs = await drain('transfer', minReloads, 30 * 60_000);
    await sandbox.resetFaults();
    const rows = (await run<RowView[]>('rows', profileId)).filter((r) => r.kind === 'transfer');
    const check = compare(rows, sandbox, 'transfer', before);
    emit({ kind: 'transfers', drain_ms: Math.round(faultMs), reloads, ledger_entries_added: world.ledger.length - before, ...check });

    // 3. Payments with ambiguous outcomes.
    await run('reset', profileId);
    const payFrom = world.ledger.length;
    await sandbox.setFaults({ offline: true });
    await run('queue', profileId, Array.from({ length: payments }, (_, i): DraftInput => ({ kind: 'payment', payload: { svcHandle: payee, amountCents: 500 + i } })));
    await sandbox.setFaults({ offline: false, dropAfterRate: 0.4, errorRate: 0.2, latencyMs: 20, jitterMs: 180 });
    const payMs = await drain('payment', 10, 10 * 60_000);
    await sandbox.resetFaults();
    // One more pass with the service answering, as the next sync or reconnect would give.
    await run('start', profileId);
    await sleep(3_000);
    await run('stop');
    const payRows = (await run<RowView[]>('rows', profileId)).filter((r) => r.kind === 'payment');
    const payCheck = compare(payRows, sandbox, 'payment', payFrom);
    const inLedger = new Set(world.ledger.slice(payFrom).filter((e) => e.kind === 'payment' && e.idempotencyKey).map((e) => e.idempotencyKey));
    const review = payRows.filter((r) => r.state === 'needs-review');
    emit({ kind: 'payments', drain_ms: Math.round(payMs), ...payCheck, needs_review: review.length, needs_review_that_went_through: review.filter((r) => inLedger.has(r.key)).length, needs_review_that_did_not: review.filter((r) => !inLedger.has(r.key)).length });

    // 4. The outbox as it grows: 100 finished rows against 100,000 (scale.ts).
    const scale = await measureScale(context);
    for (const line of scale) emit(line);

    emit({
      kind: 'summary',
      total: rows.length,
      sent: check.states['sent'] ?? 0,
      duplicates: check.duplicates + payCheck.duplicates,
      lost: check.lost + payCheck.lost + check.unfinished,
      reloads,
      sends_before_retry_after: check.sends_before_retry_after,
      drain_ms_without_faults: Math.round(baseMs),
      drain_target_ms: 10_000,
      state_change_p95_ms: queued.p95_ms,
      payments: payRows.length,
      payments_sent_twice: payCheck.duplicates,
      payments_left_for_a_person: review.length,
      payments_in_review_that_went_through: review.filter((r) => inLedger.has(r.key)).length,
      scale_pass: scale.every((l) => l['pass'] === true),
      pass: check.duplicates === 0 && payCheck.duplicates === 0 && check.lost === 0 && payCheck.lost === 0 && check.unfinished === 0 && check.sends_before_retry_after === 0 && reloads >= minReloads && baseMs <= 10_000 && scale.every((l) => l['pass'] === true),
    });
  } finally {
    await browser.close();
    await core.dispose();
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
