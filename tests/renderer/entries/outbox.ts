import { outboxDb } from '../../../src/renderer/src/db/outbox-db';
import { payloadHash } from '../../../src/renderer/src/outbox/model/payload-hash';
import { planQueue } from '../../../src/renderer/src/outbox/model/queue-plan';
import { SentFlows } from '../../../src/renderer/src/outbox/sender/sent-flows';
import * as repo from '../../../src/renderer/src/outbox/repo/outbox-repo';
import type { DraftInput } from '../../../src/shared/outbox';
import { expose } from './expose';

const ADA = { user: 'ada', machine: 'ledger-1' };

expose({
  async reset(profileId: string) {
    await outboxDb(profileId).delete();
  },
  /** Drafts, submits and approves (as a person would), returning the row ids in order. */
  async queue(profileId: string, inputs: DraftInput[], t0: number) {
    const ids: string[] = [];
    for (const [i, input] of inputs.entries()) {
      const row = await repo.createDraft(profileId, input, t0 + i);
      await repo.submitRow(profileId, row.id, t0 + i);
      await repo.approveRow(profileId, row.id, ADA, await payloadHash(row.payload), t0 + i);
      ids.push(row.id);
    }
    return ids;
  },
  async draft(profileId: string, input: DraftInput, now: number) {
    return repo.createDraft(profileId, input, now);
  },
  async claim(profileId: string, now: number) {
    return (await repo.claimDue(profileId, now)).map((r) => r.id);
  },
  /** Records an outcome the way the sender does when it goes on, returning what it claimed. */
  async recordAndClaim(profileId: string, rowId: string, type: 'ok' | 'rejected' | 'retryable', now: number) {
    const outcome = type === 'ok' ? { type, value: { transferId: `tr-${rowId}` } } : { type, message: 'refused' };
    const [rec] = await repo.recordSends(profileId, [{ rowId, outcome, now, claimNext: true }]);
    return rec?.claimed.map((r) => r.id) ?? [];
  },
  /**
   * Drives a queue to its end the sender's way (each outcome claims what it freed) and checks
   * every step against planQueue over the whole queue: what was claimed is exactly what the
   * whole plan makes due. Returns the steps that disagreed (none expected).
   */
  async incrementalAgainstFullPlan(profileId: string, ids: string[], now: number, seed: number) {
    let x = seed >>> 0;
    const random = () => ((x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    const sorted = (a: string[]) => [...a].sort().join(',');
    const inFlight = (await repo.claimDue(profileId, now)).map((r) => r.id);
    const disagreements: string[] = [];
    let steps = 0;
    while (inFlight.length > 0) {
      const [rowId] = inFlight.splice(Math.floor(random() * inFlight.length), 1);
      const before = new Map((await repo.listRows(profileId)).map((r) => [r.id, r]));
      const outcome = random() < 0.75 ? { type: 'ok' as const, value: {} } : { type: 'rejected' as const, message: 'refused' };
      const [rec] = await repo.recordSends(profileId, [{ rowId: rowId as string, outcome, now, claimNext: true }]);
      const claimed = rec?.claimed.map((r) => r.id) ?? [];
      const after = await repo.listRows(profileId);
      const expected = planQueue(after.map((r) => (claimed.includes(r.id) ? (before.get(r.id) ?? r) : r)), now).due;
      if (sorted(expected) !== sorted(claimed)) {
        const plan = planQueue(after.map((r) => (claimed.includes(r.id) ? (before.get(r.id) ?? r) : r)), now);
        const show = (id: string) => {
          const r = before.get(id);
          return r ? `${id.slice(0, 4)} ${r.sourceKey}->${r.fundsKey ?? ''} @${r.createdAt - now} ${r.state}${r.notBefore ? ` nb${r.notBefore - now}` : ''} ${plan.waiting.get(id) ?? ''}` : id;
        };
        disagreements.push(`after ${show(rowId as string)}: claimed [${claimed.map(show).join('; ')}], whole plan [${expected.map(show).join('; ')}]`);
      }
      inFlight.push(...claimed);
      steps++;
    }
    const rows = (await repo.listRows(profileId)).filter((r) => ids.includes(r.id));
    const left = rows.filter((r) => r.state === 'approved' || r.state === 'sending');
    return { disagreements, steps, finished: rows.filter((r) => r.state === 'sent' || r.state === 'failed').length, leftDue: planQueue(left, now).due.length, leftScheduled: left.filter((r) => (r.notBefore ?? 0) > now).length };
  },
  async record(profileId: string, rowId: string, type: 'ok' | 'rejected', now: number) {
    await repo.recordSend(profileId, rowId, type === 'ok' ? { type, value: { transferId: `tr-${rowId}` } } : { type, message: 'refused' }, now);
  },
  async movedSince(profileId: string, accountKey: string, since: number) {
    return new SentFlows(repo.sentFlows).since(profileId, accountKey, since);
  },
  async recover(profileId: string, now: number) {
    return repo.recoverInterrupted(profileId, now);
  },
  async expire(profileId: string, now: number) {
    return repo.expireKeys(profileId, now);
  },
  async rows(profileId: string) {
    return repo.listRows(profileId);
  },
  async audit(profileId: string) {
    return (await repo.listAudit(profileId)).map((a) => `${a.action}:${a.rowId}`);
  },
  async tryApproveWithWrongHash(profileId: string, rowId: string) {
    try {
      await repo.approveRow(profileId, rowId, ADA, 'not-the-hash');
      return 'approved';
    } catch (error) {
      return error instanceof Error ? error.name : 'unknown';
    }
  },
  async clearFinished(profileId: string) {
    return repo.clearFinished(profileId);
  },
  /** The durability IndexedDB reports on a write transaction of the outbox database. */
  async durability(profileId: string) {
    const db = outboxDb(profileId);
    return db.transaction('rw', db.settings, (tx) => (tx as unknown as { idbtrans: IDBTransaction }).idbtrans.durability);
  },
});
