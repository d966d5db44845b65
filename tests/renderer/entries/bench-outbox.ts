import type { DraftInput, OutboxRow } from '../../../src/shared/outbox';
import { outboxDb } from '../../../src/renderer/src/db/outbox-db';
import { runIfFree } from '../../../src/renderer/src/platform/locks';
import { approvalHash } from '../../../src/renderer/src/outbox/model/approval-binding';
import { OutboxSender } from '../../../src/renderer/src/outbox/sender/sender';
import { reconcileInReview } from '../../../src/renderer/src/outbox/sender/reconcile';
import { repoSenderStore } from '../../../src/renderer/src/outbox/sender/repo-store';
import { MAX_IN_FLIGHT, sendWindow } from '../../../src/renderer/src/outbox/sender/send-window';
import { sendRow } from '../../../src/renderer/src/outbox/sender/send-row';
import { sentFlows, warnIfShort } from '../../../src/renderer/src/outbox/sender/warn-if-short';
import { replaceEntities } from '../../../src/renderer/src/repos/entities-repo';
import type { VirtualAccountView } from '../../../src/shared/service';
import * as repo from '../../../src/renderer/src/outbox/repo/outbox-repo';
import { percentiles } from '../../bench/shared/stats';
import { expose } from './expose';

// The outbox's real repository and sender in the page, sending through the real core; the
// benchmark reloads this page at random moments, as a crash would.

const BY = { user: 'bench', machine: 'bench' };
/** The service every row is approved for and sent to (the bench's sandbox is the Demo's kind). */
const SERVICE = 'demo';
let sender: OutboxSender<OutboxRow> | null = null;
let timer: ReturnType<typeof setInterval> | undefined;
/** Where a drain's time goes: milliseconds spent in each store call and in sends, and how often each ran. */
let spent: Record<string, { ms: number; calls: number }> = {};

function addSpan(name: string, ms: number): void {
  const s = (spent[name] ??= { ms: 0, calls: 0 });
  s.ms += ms;
  s.calls++;
}

async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const t = performance.now();
  try {
    return await work();
  } finally {
    addSpan(name, performance.now() - t);
  }
}

/** The app's send (sendChecked: the balance check, then the call through main), each part timed on its own. */
async function sendTimed(row: OutboxRow) {
  await timed('balance_check', () => warnIfShort(row));
  return timed('send', () => sendRow(row));
}

function timedCalls<T extends object>(target: T, prefix: string): T {
  const out = { ...target } as Record<string, unknown>;
  for (const [name, fn] of Object.entries(target)) {
    if (typeof fn !== 'function') continue;
    out[name] = (...args: unknown[]) =>
      timed(`${prefix}${name}`, () => (fn as (...a: unknown[]) => Promise<unknown>)(...args));
  }
  return out as T;
}

/** Rows not finished yet (sent, failed and needs review are finished), counted on the state index without reading a row (each phase starts from an empty outbox, so they are all of the phase's kind). */
async function openCount(profileId: string): Promise<number> {
  // One native count per state: Dexie counts an anyOf() by walking a cursor over every row.
  const counts = await Promise.all(
    ['draft', 'awaiting-approval', 'approved', 'sending'].map((s) =>
      outboxDb(profileId).rows.where('state').equals(s).count(),
    ),
  );
  return counts.reduce((a, b) => a + b, 0);
}

expose({
  async reset(profileId: string) {
    await outboxDb(profileId).delete();
    sentFlows.forget(profileId);
  },
  /** The virtual accounts in the profile's cache, as a sync leaves them (the send checks their balances). */
  async cacheAccounts(profileId: string, views: VirtualAccountView[]) {
    await replaceEntities(profileId, 'virtualAccount', views, (v) => v.virtualAccount.id, Date.now());
    return views.length;
  },
  /** Drafts, submits and approves each input; the cost of each state change (ms). */
  async queue(profileId: string, inputs: DraftInput[]) {
    const costs: number[] = [];
    const timed = async <T>(work: () => Promise<T>) => {
      const t = performance.now();
      const r = await work();
      costs.push(performance.now() - t);
      return r;
    };
    for (const input of inputs) {
      const row = await timed(() => repo.createDraft(profileId, input));
      await timed(() => repo.submitRow(profileId, row.id, SERVICE));
      const hash = await approvalHash(row, SERVICE);
      await timed(() => repo.approveRow(profileId, row.id, BY, hash, SERVICE));
    }
    return {
      changes: costs.length,
      p95_ms: percentiles(costs).p95,
      mean_ms: costs.reduce((a, b) => a + b, 0) / costs.length,
    };
  },
  /** Starts the profile's sender (looking for work every 100 ms, as the app's triggers would). */
  /** `window` false: one row in flight per source, as before send-window.ts (the bench's comparison). */
  start(profileId: string, window = true) {
    sender = new OutboxSender<OutboxRow>({
      profileId,
      store: timedCalls(
        repoSenderStore(profileId, () => SERVICE, {
          onRecorded: (row) => sentFlows.recorded(row),
          ...(window ? { window: (keys, now) => sendWindow(profileId, keys, now) } : {}),
          spans: (span, ms, rows) => {
            addSpan(`batch.${span}`, ms);
            // Every row of the batch waits for all of it: its share of a row's wait.
            addSpan(`row.${span}`, ms * rows);
          },
        }),
        'store.',
      ),
      send: sendTimed,
      reconcile: (now) => reconcileInReview(profileId, now),
      online: () => true,
      lock: runIfFree,
      maxSleepMs: 250,
    });
    void sender.kick();
    timer = setInterval(() => void sender?.kick(), 100);
    return window ? MAX_IN_FLIGHT : 1;
  },
  async stop() {
    if (timer) clearInterval(timer);
    await sender?.stop();
    return true;
  },
  openCount,
  /**
   * Resolves once no row is left unfinished, looking every 25 ms from the page itself: polling
   * from the benchmark would put a round trip through the bridge (the same Node process that
   * serves the sends) every look.
   */
  async untilDrained(profileId: string) {
    while ((await openCount(profileId)) > 0) await new Promise((r) => setTimeout(r, 25));
    return true;
  },
  /** The time spent per call since the last look, and resets it. */
  timings() {
    const out = Object.fromEntries(
      Object.entries(spent).map(([k, v]) => [k, { ms: Math.round(v.ms), calls: v.calls }]),
    );
    spent = {};
    return out;
  },
  async rows(profileId: string) {
    return [...(await repo.listRows(profileId)), ...(await outboxDb(profileId).archive.toArray())].map((r) => ({
      id: r.id,
      kind: r.kind,
      state: r.state,
      key: r.idempotencyKey,
      amountCents: r.amountCents,
      ...(r.kind === 'transfer' ? { source: r.payload.source, destination: r.payload.destination } : {}),
      warned: r.warning !== undefined,
    }));
  },
});
