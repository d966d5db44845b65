import type { DraftInput, OutboxRow } from '../../../src/shared/outbox';
import { outboxDb } from '../../../src/renderer/src/db/outbox-db';
import { runIfFree } from '../../../src/renderer/src/platform/locks';
import { payloadHash } from '../../../src/renderer/src/outbox/rows/payload-hash';
import { OutboxSender } from '../../../src/renderer/src/outbox/sender/sender';
import { reconcilePayments } from '../../../src/renderer/src/outbox/sender/reconcile';
import { repoSenderStore } from '../../../src/renderer/src/outbox/sender/repo-store';
import { sendRow } from '../../../src/renderer/src/outbox/sender/send-row';
import * as repo from '../../../src/renderer/src/repos/outbox-repo';
import { expose } from './expose';

// The outbox's real repository and sender in the page, sending through the real core; the
// benchmark reloads this page at random moments, as a crash would.

const BY = { user: 'bench', machine: 'bench' };
let sender: OutboxSender<OutboxRow> | null = null;
let timer: ReturnType<typeof setInterval> | undefined;

function p95(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] ?? 0;
}

expose({
  async reset(profileId: string) {
    await outboxDb(profileId).delete();
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
      await timed(() => repo.submitRow(profileId, row.id));
      const hash = await payloadHash(row.payload);
      await timed(() => repo.approveRow(profileId, row.id, BY, hash));
    }
    return { changes: costs.length, p95_ms: p95(costs), mean_ms: costs.reduce((a, b) => a + b, 0) / costs.length };
  },
  /** Starts the profile's sender (looking for work every 100 ms, as the app's triggers would). */
  start(profileId: string) {
    sender = new OutboxSender<OutboxRow>({
      profileId,
      store: repoSenderStore(profileId),
      send: sendRow,
      reconcile: (now) => reconcilePayments(profileId, now),
      online: () => true,
      lock: runIfFree,
      maxSleepMs: 250,
    });
    void sender.kick();
    timer = setInterval(() => void sender?.kick(), 100);
    return true;
  },
  async stop() {
    if (timer) clearInterval(timer);
    await sender?.stop();
    return true;
  },
  /** Rows of a kind not finished yet (sent, failed and needs review are finished), counted by the state index. */
  async openCount(profileId: string, kind: string) {
    const rows = await outboxDb(profileId).rows.where('state').anyOf('draft', 'awaiting-approval', 'approved', 'sending').toArray();
    return rows.filter((r) => r.kind === kind).length;
  },
  async rows(profileId: string) {
    return (await repo.listRows(profileId)).map((r) => ({ id: r.id, kind: r.kind, state: r.state, key: r.idempotencyKey, amountCents: r.amountCents, attempts: r.attempts }));
  },
});
